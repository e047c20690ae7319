import { Stack, Table, Text } from '@mantine/core';
import { IconBug, IconMoodHappy } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useClientErrorGroups } from '../api/get-client-error-groups.ts';
import { LoadFailed } from '../components/admin-empty.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorGroupCard, ErrorGroupRow } from '../components/error-group-row.tsx';
import { TableSkeleton } from '../components/table-skeleton.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { pageParam, toSearch } from '../lib/url-params.ts';

/** `/admin/errors`: reports from users' browsers grouped by message, the latest seen first. */
export function AdminErrorsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const { data, error, isPending, isPlaceholderData } = useClientErrorGroups(page);
  // On a phone, cards instead of a table scrolled sideways (as the users list and the audit log).
  const phone = useMediaQuery('(max-width: 48em)');

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  if (isPending) return <TableSkeleton label="Загружаем отчёты об ошибках" />;
  if (!data) return <LoadFailed icon={IconBug} what="отчёты об ошибках" />;
  if (data.data.length === 0)
    return (
      <EmptyState
        headingLevel={3}
        icon={IconMoodHappy}
        title="Отчётов об ошибках пока нет"
        text="Браузеры пользователей ни о чём не сообщали — и это хорошо."
      />
    );
  return (
    <Stack gap="sm" className={isPlaceholderData ? 'admin-stale' : undefined}>
      <Text size="sm" c="dimmed">
        Необработанные ошибки в браузерах пользователей, сгруппированные по тексту.
      </Text>
      {phone ? (
        <Stack gap="sm" component="ul" className="admin-plain-list" aria-label="Ошибки в браузерах">
          {data.data.map((group) => (
            <ErrorGroupCard key={`${group.error}-${group.first_seen}`} group={group} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table verticalSpacing="sm" striped className="admin-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ошибка</Table.Th>
                <Table.Th ta="right">Раз</Table.Th>
                <Table.Th ta="right">Пользователей</Table.Th>
                <Table.Th>Последний раз</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((group) => (
                <ErrorGroupRow key={`${group.error}-${group.first_seen}`} group={group} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager
        size="sm"
        page={data.current_page}
        lastPage={data.last_page}
        count={{ total: data.total, forms: ['вид ошибки', 'вида ошибок', 'видов ошибок'] }}
        onChange={(next) => setParams(toSearch({ page: next }))}
        label="Страницы ошибок"
      />
    </Stack>
  );
}
