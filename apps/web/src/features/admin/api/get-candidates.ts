import type { AdminCandidate, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/candidates?q= — resumes by e-mail, phone digits, name or hash. */
export function fetchCandidates(q: string, page: number): Promise<Paginated<AdminCandidate>> {
  return apiGet<Paginated<AdminCandidate>>('/api/admin/candidates', { q, page });
}

export function useCandidates(q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.candidates(q, page),
    queryFn: () => fetchCandidates(q, page),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: q.trim() !== '',
  });
}
