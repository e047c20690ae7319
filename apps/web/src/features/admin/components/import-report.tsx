import { Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useImportReport } from '../api/get-import-report.ts';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

/** The rejected lines of an import with the reason for each. */
export function ImportReport({ id, rejected }: { id: number; rejected: number }) {
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useImportReport(id, page, rejected);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  return (
    <Stack gap="sm">
      <Title order={2} fz={18}>
        Отчёт по строкам
      </Title>
      {isPending ? (
        <TableSkeleton label="Загружаем отчёт" rows={3} />
      ) : !data || data.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={IconCircleCheck}
          title="Отклонённых строк нет"
          text={data ? undefined : 'Отчёт пока не готов.'}
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" striped className="admin-table" aria-label="Отклонённые строки">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={100}>Строка</Table.Th>
                  <Table.Th>Почему отклонена</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((line) => (
                  <Table.Tr key={`${line.line}-${line.reason}`}>
                    <Table.Td>{line.line}</Table.Td>
                    <Table.Td>
                      <Text size="sm" className="admin-break">
                        {line.reason}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            size="sm"
            page={data.current_page}
            lastPage={data.last_page}
            count={{ total: data.total, forms: ['отклонённая строка', 'отклонённые строки', 'отклонённых строк'] }}
            onChange={setPage}
            label="Страницы отчёта"
          />
        </>
      )}
    </Stack>
  );
}
