import type { ClientErrorGroup, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { adminKeys } from './keys.ts';

export const CLIENT_ERROR_GROUPS_URL = '/api/admin/client-errors/groups';

/** GET /api/admin/client-errors/groups?page= — reports grouped by message, latest first. */
export function fetchClientErrorGroups(page: number): Promise<Paginated<ClientErrorGroup>> {
  return apiGet<Paginated<ClientErrorGroup>>(CLIENT_ERROR_GROUPS_URL, { page });
}

export function useClientErrorGroups(page: number, enabled = true) {
  return useQuery({
    queryKey: adminKeys.errorGroups(page),
    queryFn: () => fetchClientErrorGroups(page),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}
