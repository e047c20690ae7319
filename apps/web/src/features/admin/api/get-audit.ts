import type { AuditEntry, AuditQuery, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, buildQuery } from '@/shared/api/api-client.ts';
import { adminKeys } from './keys.ts';

/** The contract's filters with numbers where it coerces them. */
export type AuditParams = Omit<AuditQuery, 'page' | 'per_page' | 'actor_id'> & {
  page?: number;
  per_page?: number;
  actor_id?: string | number;
};

/** GET /api/admin/audit — newest first, filtered by actor, action, object and Moscow dates. */
export function fetchAudit(params: AuditParams): Promise<Paginated<AuditEntry>> {
  return apiGet<Paginated<AuditEntry>>('/api/admin/audit', params);
}

export function useAudit(params: AuditParams, enabled = true) {
  return useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: () => fetchAudit(params),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/** GET /api/admin/audit/export — the same filters, a CSV download (a plain link). */
export function auditExportUrl(params: AuditParams): string {
  const { page: _page, per_page: _perPage, ...filters } = params;
  return `/api/admin/audit/export${buildQuery(filters)}`;
}
