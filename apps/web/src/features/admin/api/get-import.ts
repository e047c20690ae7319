import type { ImportJob } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { isImportActive } from '../lib/import-status.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/imports/{id} — polled every second while queued or running. */
export function fetchImport(id: number): Promise<ImportJob> {
  return apiGet<ImportJob>(`/api/admin/imports/${id}`);
}

export function useImport(id: number) {
  return useQuery({
    queryKey: adminKeys.importJob(id),
    queryFn: () => fetchImport(id),
    retry: false,
    enabled: id > 0,
    refetchInterval: (query) => (query.state.data && isImportActive(query.state.data) ? 1000 : false),
  });
}
