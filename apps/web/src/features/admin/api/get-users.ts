import type { AdminUser, AdminUserQuery, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { adminKeys } from './keys.ts';

/** The contract's query with numbers where it coerces them. */
export type AdminUsersParams = Omit<AdminUserQuery, 'page' | 'per_page'> & { page?: number; per_page?: number };

/** GET /api/admin/users — search by name, e-mail, phone, company or id, with filters and paging. */
export function fetchAdminUsers(params: AdminUsersParams): Promise<Paginated<AdminUser>> {
  return apiGet<Paginated<AdminUser>>('/api/admin/users', params);
}

export function useAdminUsers(params: AdminUsersParams, enabled = true) {
  return useQuery({
    queryKey: adminKeys.users(params),
    queryFn: () => fetchAdminUsers(params),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}
