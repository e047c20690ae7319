import type { AdminMailFailure, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/mail-failures?page= — letters that failed or wait for another try, newest first. */
export function fetchMailFailures(page: number): Promise<Paginated<AdminMailFailure>> {
  return apiGet<Paginated<AdminMailFailure>>('/api/admin/mail-failures', { page });
}

export function useMailFailures(page: number) {
  return useQuery({
    queryKey: adminKeys.mailFailures(page),
    queryFn: () => fetchMailFailures(page),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
