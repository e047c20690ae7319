import type { Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

export type ClientErrorReport = {
  id: number;
  error: string;
  info: string;
  host: string;
  path: string;
  created_at: string;
  user_id: number | null;
};

/** GET /api/admin/client-errors?page= (admins only; others get 403). */
export function fetchClientErrors(page: number): Promise<Paginated<ClientErrorReport>> {
  return apiGet<Paginated<ClientErrorReport>>('/api/admin/client-errors', { page });
}

export function useClientErrors(page: number) {
  return useQuery({
    queryKey: ['admin', 'client-errors', page],
    queryFn: () => fetchClientErrors(page),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
