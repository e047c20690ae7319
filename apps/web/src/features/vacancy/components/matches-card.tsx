import type { MatchReason, VacancyMatchCard } from '@hr/contract';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { plural } from '@/shared/lib/format.ts';
import { useMatches } from '../api/get-matches.ts';
import { formatSalaryRange } from '../lib/vacancy-format.ts';
import { ListSkeleton } from './list-skeleton.tsx';

const SHOWN = 8;

/** What the vacancy asks (title, skills, role) is said first and plainly; the preferences after it, quieter. */
const ASKED: ReadonlySet<MatchReason['kind']> = new Set(['title', 'skills', 'role']);

function MatchItem({ card }: { card: VacancyMatchCard }) {
  const salary = card.salary ? formatSalaryRange(card.salary.amount, null)?.replace(/^от /, '') : null;
  const facts = [card.city?.title, card.age ? `${card.age} ${plural(card.age, ['год', 'года', 'лет'])}` : null, salary].filter(Boolean);
  const asked = card.match.reasons.filter((r) => ASKED.has(r.kind));
  const preferred = card.match.reasons.filter((r) => !ASKED.has(r.kind));
  return (
    <li className="match-item">
      <Anchor component={Link} to={`/resume/${card.hash}`} fw={600} size="sm">
        {card.title}
      </Anchor>
      {facts.length ? (
        <Text size="xs" c="dimmed">
          {facts.join(' · ')}
        </Text>
      ) : null}
      {card.match.reasons.length ? (
        <ul className="vacancy-plain-list" aria-label="Почему подходит">
          {asked.map((r) => (
            <li key={r.text}>
              <Group gap={4} wrap="nowrap" align="flex-start">
                <IconCheck size={14} stroke={2} aria-hidden style={{ color: 'var(--mantine-color-teal-8)', flexShrink: 0, marginTop: 2 }} />
                <Text size="xs">{r.text}</Text>
              </Group>
            </li>
          ))}
          {preferred.length ? (
            <li>
              <Text size="xs" c="dimmed" pl={18}>
                {preferred.map((r) => r.text).join(' · ')}
              </Text>
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * «Подходящие кандидаты»: club resumes ranked by what the vacancy asks (title, skills, role), with
 * city, experience and salary as preferences; each with why it was suggested.
 */
export function MatchesCard({ vacancyId }: { vacancyId: number }) {
  const { data, isPending, isError } = useMatches(vacancyId, 1, true);
  const [all, setAll] = useState(false);
  const searchHref = data ? `/?${data.search.replace(/^\?/, '')}` : '/';
  const shown = data ? (all ? data.data : data.data.slice(0, SHOWN)) : [];

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="matches-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconUsers size={20} stroke={1.6} aria-hidden />
          <Title order={2} fz={18} id="matches-title">
            Подходящие кандидаты
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Резюме из базы клуба: сначала те, у кого совпали должность и навыки, затем — город, опыт и зарплата.
        </Text>
        {isPending ? (
          <ListSkeleton label="Подбираем кандидатов" count={3} height={56} />
        ) : isError || !data ? (
          <Text size="sm" c="dimmed">
            Не удалось подобрать кандидатов. Попробуйте обновить страницу.
          </Text>
        ) : data.data.length === 0 ? (
          <Text size="sm">Подходящих резюме пока нет: ни у кого не совпали должность или навыки. Попробуйте поиск по базе.</Text>
        ) : (
          <Stack gap="sm" component="ol" className="vacancy-plain-list">
            {shown.map((card) => (
              <MatchItem key={card.hash} card={card} />
            ))}
          </Stack>
        )}
        {data && !all && data.data.length > SHOWN ? (
          <Button variant="subtle" size="compact-sm" px={0} onClick={() => setAll(true)} style={{ alignSelf: 'flex-start' }}>
            Показать ещё {data.data.length - SHOWN} {plural(data.data.length - SHOWN, ['кандидата', 'кандидата', 'кандидатов'])}
          </Button>
        ) : null}
        {data ? (
          <Button component={Link} to={searchHref} variant="light" leftSection={<IconSearch size={18} />}>
            Искать похожих в базе
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
