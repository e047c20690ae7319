import type { Opinion, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { reviewKeys } from './review-keys.ts';

export const OPINIONS_PER_PAGE = 20;

/** GET /api/review?resume_hash=… — the club's opinions about a candidate, newest first. */
export function fetchOpinions(hash: string, page: number): Promise<Paginated<Opinion>> {
  return apiGet<Paginated<Opinion>>('/api/review', { resume_hash: hash, page, per_page: OPINIONS_PER_PAGE });
}

export function useOpinions(hash: string, page: number) {
  return useQuery({
    queryKey: [...reviewKeys.resumeOpinions(hash), page],
    queryFn: () => fetchOpinions(hash, page),
    placeholderData: keepPreviousData,
  });
}
