import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { plural } from '@/shared/lib/format.ts';
import { useMatches } from '../api/get-matches.ts';
import { formatSalaryRange } from '../lib/vacancy-format.ts';
import { ListSkeleton } from './list-skeleton.tsx';

const SHOWN = 8;

/** «Подходящие кандидаты»: club resumes ranked for the vacancy, and the same filters in the search. */
export function MatchesCard({ vacancyId }: { vacancyId: number }) {
  const { data, isPending, isError } = useMatches(vacancyId, 1, true);
  const searchHref = data ? `/?${data.search.replace(/^\?/, '')}` : '/';

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
          Резюме из базы клуба: название и навыки, город или переезд, опыт и зарплата.
        </Text>
        {isPending ? (
          <ListSkeleton label="Подбираем кандидатов" count={3} height={56} />
        ) : isError || !data ? (
          <Text size="sm" c="dimmed">
            Не удалось подобрать кандидатов. Попробуйте обновить страницу.
          </Text>
        ) : data.data.length === 0 ? (
          <Text size="sm">Подходящих резюме пока нет — попробуйте расширить условия в поиске.</Text>
        ) : (
          <Stack gap="xs" component="ol" className="vacancy-plain-list">
            {data.data.slice(0, SHOWN).map((card) => {
              const salary = card.salary ? formatSalaryRange(card.salary.amount, null)?.replace(/^от /, '') : null;
              const facts = [card.city?.title, card.age ? `${card.age} ${plural(card.age, ['год', 'года', 'лет'])}` : null, salary].filter(
                Boolean,
              );
              return (
                <li key={card.hash} className="match-item">
                  <Anchor component={Link} to={`/resume/${card.hash}`} fw={600} size="sm">
                    {card.title}
                  </Anchor>
                  {facts.length ? (
                    <Text size="xs" c="dimmed">
                      {facts.join(' · ')}
                    </Text>
                  ) : null}
                </li>
              );
            })}
          </Stack>
        )}
        {data ? (
          <Button component={Link} to={searchHref} variant="light" leftSection={<IconSearch size={18} />}>
            {data.total > 0
              ? `Все ${data.total.toLocaleString('ru-RU')} ${plural(data.total, ['кандидат', 'кандидата', 'кандидатов'])} в поиске`
              : 'Открыть поиск'}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
