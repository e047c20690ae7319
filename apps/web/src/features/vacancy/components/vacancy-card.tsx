import type { VacancyListItem } from '@hr/contract';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconExternalLink, IconEye, IconInbox, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { fullName } from '@/shared/lib/format.ts';
import { formatDay, formatSalaryRange, newRepliesText, repliesText, viewsText } from '../lib/vacancy-format.ts';
import { VacancyStatusBadge } from './status-badge.tsx';

type VacancyCardProps = { vacancy: VacancyListItem; myId: number | undefined };

/** One vacancy of the list: status, place and pay, counters, and where to go next. */
export function VacancyCard({ vacancy, myId }: VacancyCardProps) {
  const titleId = `vacancy-card-${vacancy.id}`;
  const salary = formatSalaryRange(vacancy.salary_from, vacancy.salary_to);
  const facts = [vacancy.company, vacancy.city?.title, salary].filter(Boolean);
  const main = vacancy.status === 'draft' ? `/vacancy/${vacancy.id}/edit` : `/vacancy/${vacancy.id}/reply`;
  const author = vacancy.owner.id !== myId ? fullName(vacancy.owner.name, vacancy.owner.family) : null;

  return (
    <article className="vacancy-card" aria-labelledby={titleId} data-status={vacancy.status} data-id={vacancy.id}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Anchor component={Link} to={main} id={titleId} className="vacancy-card__title">
            {vacancy.title}
          </Anchor>
          <VacancyStatusBadge status={vacancy.status} />
        </Group>
        {facts.length > 0 ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            {vacancy.city ? <IconMapPin size={16} stroke={1.6} aria-hidden className="vacancy-card__icon" /> : null}
            <Text size="sm" c="#33404f">
              {facts.join(' · ')}
            </Text>
          </Group>
        ) : null}
        <Group gap="md" className="vacancy-card__counters" role="group" aria-label="Показатели вакансии">
          <Group gap={6} wrap="nowrap">
            <IconInbox size={16} stroke={1.6} aria-hidden />
            <Text size="sm">{repliesText(vacancy.replies_count)}</Text>
            {vacancy.new_replies_count > 0 ? (
              <Badge color="brand" variant="filled" radius="sm" tt="none" size="sm">
                {newRepliesText(vacancy.new_replies_count)}
              </Badge>
            ) : null}
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconEye size={16} stroke={1.6} aria-hidden />
            <Text size="sm">{viewsText(vacancy.views)}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {vacancy.status === 'published' && vacancy.published_at
              ? `Опубликована ${formatDay(vacancy.published_at)}`
              : `Изменена ${formatDay(vacancy.updated_at)}`}
          </Text>
          {author ? (
            <Text size="sm" c="dimmed">
              Автор: {author}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs" mt={4}>
          <Button component={Link} to={`/vacancy/${vacancy.id}/reply`} size="xs" variant="light" leftSection={<IconInbox size={16} />}>
            Отклики
          </Button>
          <Button component={Link} to={`/vacancy/${vacancy.id}/edit`} size="xs" variant="default" leftSection={<IconEdit size={16} />}>
            Редактировать
          </Button>
          {vacancy.status !== 'draft' ? (
            <Button component={Link} to={`/vacancy/${vacancy.id}`} size="xs" variant="subtle" leftSection={<IconExternalLink size={16} />}>
              Страница вакансии
            </Button>
          ) : null}
        </Group>
      </Stack>
    </article>
  );
}
