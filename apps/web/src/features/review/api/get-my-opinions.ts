import type { Opinion, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** GET /api/review?mine=1 — the member's own opinions, each with the resume it is about. */
export function fetchMyOpinions(page: number, perPage: number): Promise<Paginated<Opinion>> {
  return apiGet<Paginated<Opinion>>('/api/review', { mine: 1, page, per_page: perPage });
}

export function useMyOpinions(page: number, perPage = 20) {
  return useQuery({
    queryKey: [...reviewKeys.mine, page, perPage],
    queryFn: () => fetchMyOpinions(page, perPage),
    placeholderData: keepPreviousData,
  });
}
