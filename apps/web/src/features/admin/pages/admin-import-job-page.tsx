import { Alert, Anchor, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconFileImport } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@/shared/lib/format.ts';
import { useImport } from '../api/get-import.ts';
import { LoadFailed } from '../components/admin-empty.tsx';
import { ImportReport } from '../components/import-report.tsx';
import { ImportStatusBadge } from '../components/import-status-badge.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { formatBytes } from '../lib/format-bytes.ts';
import { importFormatTitle, isImportActive } from '../lib/import-status.ts';

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value.toLocaleString('ru-RU')}
      </Text>
    </Stack>
  );
}

/** `/admin/import/:id`: one import's progress (polled while it runs) and its per-line report (refusals and notes). */
export function AdminImportJobPage() {
  const id = Number(useParams().id);
  const { data: job, error, isPending } = useImport(Number.isInteger(id) && id > 0 ? id : 0);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  const back = (
    <Anchor component={Link} to="/admin/import" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Все загрузки
      </Group>
    </Anchor>
  );

  if (isPending && id > 0) return <Skeleton height={260} radius="lg" role="status" aria-label="Загружаем импорт" />;
  if (!job)
    return (
      <Stack gap="md">
        {back}
        <LoadFailed icon={IconFileImport} what="импорт" />
      </Stack>
    );

  const active = isImportActive(job);
  return (
    <Stack gap="md">
      {back}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} fz={20} className="admin-break">
                {job.file_name}
              </Title>
              <Text size="sm" c="dimmed">
                {importFormatTitle(job.format)}, {formatBytes(job.size)} · загружен {formatDateTime(job.created_at)}
                {job.finished_at ? ` · завершён ${formatDateTime(job.finished_at)}` : ''}
              </Text>
            </Stack>
            <ImportStatusBadge job={job} />
          </Group>
          <div aria-live="polite" aria-atomic="true">
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
              <Counter label={job.format === 'json' ? 'Прочитано резюме' : 'Прочитано строк'} value={job.rows} />
              <Counter label="Добавлено" value={job.imported} />
              <Counter label="Обновлено" value={job.updated} />
              <Counter label="С замечаниями" value={job.noted} />
              <Counter label="Отклонено" value={job.rejected} />
            </SimpleGrid>
          </div>
          {active ? (
            <Text size="sm" c="dimmed">
              Импорт идёт на сервере: страницу можно закрыть, он продолжится и переживёт перезапуск.
            </Text>
          ) : null}
          {job.error ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Файл не удалось разобрать">
              {job.error}
            </Alert>
          ) : null}
          {job.warnings.length > 0 ? (
            <Alert color="orange" variant="light" title="Предупреждения">
              <List size="sm">
                {job.warnings.map((warning) => (
                  <List.Item key={warning}>{warning}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
        </Stack>
      </Card>
      <ImportReport id={job.id} version={job.rejected + job.noted} format={job.format} />
    </Stack>
  );
}
