import { ACCOUNT_TYPES, RESIDENCY_STATUSES } from '@hr/contract';
import { Stack } from '@mantine/core';
import { IconUserSearch, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { type AdminUsersParams, useAdminUsers } from '../api/get-users.ts';
import { LoadFailed } from '../components/admin-empty.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { TableSkeleton } from '../components/table-skeleton.tsx';
import { UsersFilters, type UsersFilterValues } from '../components/users-filters.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { oneOf, pageParam, toSearch } from '../lib/url-params.ts';

const TYPES = Object.keys(ACCOUNT_TYPES) as (keyof typeof ACCOUNT_TYPES)[];

/** `/admin`: find users by name, e-mail, phone, company or ID; filters and the page live in the URL. */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const query: AdminUsersParams = {
    q: params.get('q') ?? '',
    account_type: oneOf(params.get('account_type'), TYPES),
    residency: oneOf(params.get('residency'), RESIDENCY_STATUSES),
    blocked: oneOf(params.get('blocked'), ['0', '1'] as const),
    page: pageParam(params.get('page')),
  };
  const { data, error, isPending, isPlaceholderData } = useAdminUsers(query);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  const apply = (values: UsersFilterValues, page = 1) => setParams(toSearch({ ...values, page }));
  const filtered = Boolean(query.q || query.account_type || query.residency || query.blocked);

  return (
    <Stack gap="md">
      <UsersFilters
        values={{ q: query.q ?? '', account_type: query.account_type, residency: query.residency, blocked: query.blocked }}
        onChange={apply}
      />
      {isPending ? (
        <TableSkeleton label="Загружаем пользователей" />
      ) : !data ? (
        <LoadFailed icon={IconUsers} what="пользователей" />
      ) : data.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={IconUserSearch}
          title={filtered ? 'Никого не нашли' : 'Пользователей пока нет'}
          text={filtered ? 'Проверьте написание или уберите часть фильтров.' : undefined}
        />
      ) : (
        <div className={isPlaceholderData ? 'admin-stale' : undefined} aria-busy={isPlaceholderData || undefined}>
          <UsersTable users={data.data} />
          <Pager
            size="sm"
            page={data.current_page}
            lastPage={data.last_page}
            count={{ total: data.total, forms: ['пользователь', 'пользователя', 'пользователей'] }}
            onChange={(page) =>
              apply({ q: query.q ?? '', account_type: query.account_type, residency: query.residency, blocked: query.blocked }, page)
            }
            label="Страницы пользователей"
          />
        </div>
      )}
    </Stack>
  );
}
