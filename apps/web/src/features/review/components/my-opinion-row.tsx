import type { Opinion } from '@hr/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fullName } from '@/shared/lib/format.ts';
import { formatDate } from '../lib/month.ts';
import { VerdictBadge } from './verdict-badge.tsx';

/** One of the member's own opinions: the candidate, the verdict, the start of the text, «Изменить». */
export function MyOpinionRow({ opinion }: { opinion: Opinion }) {
  const resume = opinion.resume;
  const candidate = resume ? fullName(resume.first_name, resume.last_name) || resume.initials : '';
  return (
    <Stack gap={6} className="my-review-row" data-testid="my-opinion">
      <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
        <Anchor component={Link} to={`/resume/${opinion.resume_hash}`} size="sm" fw={600} style={{ minWidth: 0 }}>
          {resume?.title ?? 'Резюме'}
          {candidate ? (
            <Text span size="sm" fw={400} c="dimmed">
              {` · ${candidate}`}
            </Text>
          ) : null}
        </Anchor>
        <VerdictBadge verdict={opinion.verdict} />
      </Group>
      <Text size="sm" lineClamp={2} c="#33404f">
        {opinion.text}
      </Text>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {formatDate(opinion.updated_at)}
          </Text>
          {opinion.hidden ? (
            <Badge size="xs" variant="light" color="orange" c="#9a3c00" radius="sm">
              Скрыт администратором
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} to={`/review/${opinion.id}`} size="sm" fw={500}>
          Изменить
        </Anchor>
      </Group>
    </Stack>
  );
}
