import type { ImportReportLine, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/imports/{id}/report?page= — refused rows and rows kept with notes, in line order. */
export function fetchImportReport(id: number, page: number): Promise<Paginated<ImportReportLine>> {
  return apiGet<Paginated<ImportReportLine>>(`/api/admin/imports/${id}/report`, { page, per_page: 50 });
}

/** `version` (the job's refused + noted counts) refetches the report while the import is still adding lines. */
export function useImportReport(id: number, page: number, version: number) {
  return useQuery({
    queryKey: [...adminKeys.importReport(id, page), version],
    queryFn: () => fetchImportReport(id, page),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: id > 0,
  });
}
