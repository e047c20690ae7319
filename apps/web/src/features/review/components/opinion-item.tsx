import { type Opinion, REVIEW_RELATION_TITLES, REVIEW_SOURCE_TITLES } from '@hr/contract';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconMailCheck, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { fullName } from '@/shared/lib/format.ts';
import { formatDate, formatPeriod } from '../lib/month.ts';
import { VerdictBadge } from './verdict-badge.tsx';

function Author({ opinion }: { opinion: Opinion }) {
  if (opinion.author) {
    return (
      <Text size="sm" fw={600}>
        <Anchor component={Link} to={`/person/${opinion.author.id}`} inherit c="#1d2733">
          {fullName(opinion.author.name, opinion.author.family)}
        </Anchor>
        {opinion.author.company ? (
          <Text span size="sm" fw={400} c="dimmed">
            {`, ${opinion.author.company}`}
          </Text>
        ) : null}
      </Text>
    );
  }
  const external = opinion.external_author;
  if (!external) return null;
  const place = [external.position, external.company].filter(Boolean).join(', ');
  return (
    <Text size="sm" fw={600}>
      {external.name}
      {place ? (
        <Text span size="sm" fw={400} c="dimmed">
          {`, ${place}`}
        </Text>
      ) : null}
    </Text>
  );
}

/** One opinion: verdict, who wrote it and how they know the candidate, the text. */
export function OpinionItem({ opinion }: { opinion: Opinion }) {
  const context = [REVIEW_RELATION_TITLES[opinion.relation], opinion.company, formatPeriod(opinion.period_from, opinion.period_to)].filter(
    Boolean,
  );
  return (
    <Stack component="article" gap={8} className="opinion-item" data-testid="opinion-item" data-source={opinion.source}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Group gap="xs">
          <VerdictBadge verdict={opinion.verdict} />
          {opinion.source === 'request' ? (
            <Badge variant="outline" color="brand" radius="sm" leftSection={<IconMailCheck size={13} aria-hidden />}>
              {REVIEW_SOURCE_TITLES.request}
            </Badge>
          ) : null}
          {opinion.hidden ? (
            <Badge variant="light" color="orange" c="#9a3c00" radius="sm" leftSection={<IconEyeOff size={13} aria-hidden />}>
              Скрыт администратором
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDate(opinion.created_at)}
        </Text>
      </Group>
      <Author opinion={opinion} />
      {opinion.requested_by ? (
        <Text size="xs" c="#5c6773" data-testid="opinion-requested-by">
          {`по запросу ${fullName(opinion.requested_by.family, opinion.requested_by.name)}`}
        </Text>
      ) : null}
      {context.length ? (
        <Text size="xs" c="#5c6773">
          {context.join(' · ')}
        </Text>
      ) : null}
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {opinion.text}
      </Text>
      {opinion.permissions.can_edit ? (
        <Button
          component={Link}
          to={`/review/${opinion.id}`}
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconPencil size={15} aria-hidden />}
          className="no-print"
        >
          Изменить мой отзыв
        </Button>
      ) : null}
    </Stack>
  );
}
