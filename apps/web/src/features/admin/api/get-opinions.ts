import type { AdminOpinion, OpinionVisibility, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/opinions?state=&page= — newest first. */
export function fetchModerationOpinions(state: OpinionVisibility, page: number): Promise<Paginated<AdminOpinion>> {
  return apiGet<Paginated<AdminOpinion>>('/api/admin/opinions', { state, page });
}

export function useModerationOpinions(state: OpinionVisibility, page: number) {
  return useQuery({
    queryKey: adminKeys.opinions(state, page),
    queryFn: () => fetchModerationOpinions(state, page),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
