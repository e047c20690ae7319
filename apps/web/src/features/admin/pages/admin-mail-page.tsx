import { Badge, Stack, Table, Text } from '@mantine/core';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@/shared/lib/format.ts';
import { useMailFailures } from '../api/get-mail-failures.ts';
import { LoadFailed } from '../components/admin-empty.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { TableSkeleton } from '../components/table-skeleton.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { pageParam, toSearch } from '../lib/url-params.ts';

/** `/admin/mail`: letters the mail server refused or did not take, the newest failure first. */
export function AdminMailPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const { data, error, isPending, isPlaceholderData } = useMailFailures(page);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  if (isPending) return <TableSkeleton label="Загружаем неотправленные письма" />;
  if (!data) return <LoadFailed icon={IconMail} what="неотправленные письма" />;
  if (data.data.length === 0)
    return <EmptyState headingLevel={3} icon={IconMailCheck} title="Неотправленных писем нет" text="Почтовый сервер принял все письма." />;
  return (
    <Stack gap="sm" className={isPlaceholderData ? 'admin-stale' : undefined}>
      <Text size="sm" c="dimmed">
        Письма, которые почтовый сервер отклонил или не принял. Постоянный отказ (код 5xx) не повторяется; остальные письма отправляются
        повторно в течение суток.
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" striped className="admin-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Кому</Table.Th>
              <Table.Th>Тема</Table.Th>
              <Table.Th>Состояние</Table.Th>
              <Table.Th>Причина</Table.Th>
              <Table.Th>Когда</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((mail) => (
              <Table.Tr key={mail.id}>
                <Table.Td>{mail.to}</Table.Td>
                <Table.Td className="admin-break" style={{ minWidth: 180 }}>
                  {mail.subject ?? (
                    <Text span size="sm" c="dimmed">
                      код входа или ссылка (скрыто)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {/* The whole title: «Не отправлено» must not be cut to «Не отпра…». */}
                  <Badge variant="light" color={mail.status === 'failed' ? 'red' : 'yellow'} c="dark.7" radius="sm" styles={{ label: { overflow: 'visible' } }}>
                    {mail.status_title}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    попыток: {mail.attempts}
                  </Text>
                </Table.Td>
                <Table.Td style={{ minWidth: 240 }}>
                  <Text size="sm" className="admin-break">
                    {mail.reason}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDateTime(mail.failed_at ?? mail.created_at)}</Text>
                  {mail.next_try_at ? (
                    <Text size="xs" c="dimmed">
                      снова: {formatDateTime(mail.next_try_at)}
                    </Text>
                  ) : null}
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
        count={{ total: data.total, forms: ['письмо', 'письма', 'писем'] }}
        onChange={(next) => setParams(toSearch({ page: next }))}
        label="Страницы писем"
      />
    </Stack>
  );
}
