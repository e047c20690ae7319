import type { ImportJob, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { isImportActive } from '../lib/import-status.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/imports?page= — newest first; polled while one of them is still running. */
export function fetchImports(page: number): Promise<Paginated<ImportJob>> {
  return apiGet<Paginated<ImportJob>>('/api/admin/imports', { page });
}

export function useImports(page: number) {
  return useQuery({
    queryKey: adminKeys.imports(page),
    queryFn: () => fetchImports(page),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => (query.state.data?.data.some(isImportActive) ? 2000 : false),
  });
}
