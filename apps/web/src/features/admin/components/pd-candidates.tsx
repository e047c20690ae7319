import { displayPhone, RESUME_SOURCE_TITLES, titleOf } from '@hr/contract';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/shared/lib/format.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { useCandidates } from '../api/get-candidates.ts';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { DeleteCandidateButton } from './delete-candidate-button.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

/** Candidates (resumes) found by e-mail, phone, name or resume code: delete their data on request. */
export function PdCandidates({ q }: { q: string }) {
  const { data, error, isPending } = useCandidates(q, 1);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  if (!q)
    return (
      <EmptyState
        headingLevel={3}
        icon={IconFileSearch}
        title="Найдите кандидата"
        text="Введите e-mail, телефон, имя или код резюме из запроса."
      />
    );
  if (isPending) return <TableSkeleton label="Ищем кандидатов" rows={2} height={72} />;
  if (!data || data.data.length === 0) return <EmptyState headingLevel={3} icon={IconFileSearch} title="Кандидатов не нашлось" />;
  return (
    <Stack gap="sm">
      {data.data.map((candidate) => (
        <Card key={candidate.hash} withBorder radius="lg" padding="md">
          <Group justify="space-between" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/resume/${candidate.hash}`} fw={600} size="sm" className="admin-break">
                {candidate.fio || 'Без имени'} — {candidate.title || 'без должности'}
              </Anchor>
              <Text size="xs" c="dimmed" className="admin-break">
                {[
                  candidate.email,
                  displayPhone(candidate.phone) || null,
                  titleOf(RESUME_SOURCE_TITLES, candidate.source),
                  `добавлено ${formatDateTime(candidate.created_at)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <DeleteCandidateButton candidate={candidate} />
          </Group>
        </Card>
      ))}
      {data.total > data.data.length ? (
        <Text size="sm" c="dimmed">
          Показаны первые {data.data.length} из {data.total}: уточните запрос.
        </Text>
      ) : null}
    </Stack>
  );
}
