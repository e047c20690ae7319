import type { ImportJob } from '@hr/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@/shared/lib/format.ts';
import { formatBytes } from '../lib/format-bytes.ts';
import { importFormatTitle } from '../lib/import-status.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

/** Earlier uploads; the file name opens its progress and report. */
export function ImportsTable({ jobs }: { jobs: readonly ImportJob[] }) {
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing="sm" striped highlightOnHover className="admin-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={190}>Файл</Table.Th>
            <Table.Th miw={130}>Статус</Table.Th>
            <Table.Th ta="right">Прочитано</Table.Th>
            <Table.Th ta="right">Добавлено</Table.Th>
            <Table.Th ta="right">Обновлено</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              С замечаниями
            </Table.Th>
            <Table.Th ta="right">Отклонено</Table.Th>
            <Table.Th>Загружен</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/import/${job.id}`} size="sm" fw={600} className="admin-break">
                  {job.file_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {importFormatTitle(job.format)}, {formatBytes(job.size)}
                </Text>
                {/* On a phone the counters sit off-screen to the right: the gist goes under the name. */}
                <Text size="xs" hiddenFrom="sm">
                  добавлено {job.imported.toLocaleString('ru-RU')}, обновлено {job.updated.toLocaleString('ru-RU')}, с замечаниями{' '}
                  {job.noted.toLocaleString('ru-RU')}, отклонено {job.rejected.toLocaleString('ru-RU')}
                </Text>
              </Table.Td>
              <Table.Td>
                <ImportStatusBadge job={job} />
              </Table.Td>
              <Table.Td ta="right">{job.rows.toLocaleString('ru-RU')}</Table.Td>
              <Table.Td ta="right">{job.imported.toLocaleString('ru-RU')}</Table.Td>
              <Table.Td ta="right">{job.updated.toLocaleString('ru-RU')}</Table.Td>
              <Table.Td ta="right">{job.noted.toLocaleString('ru-RU')}</Table.Td>
              <Table.Td ta="right">{job.rejected.toLocaleString('ru-RU')}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(job.created_at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
