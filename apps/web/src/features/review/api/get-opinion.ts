import type { Opinion } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { isApiError } from '@/shared/api/api-error.ts';
import { reviewKeys } from './review-keys.ts';

/** GET /api/review/{id} — the author's own opinion with its resume; anybody else gets 404. */
export function fetchOpinion(id: string): Promise<Opinion> {
  return apiGet<Opinion>(`/api/review/${encodeURIComponent(id)}`);
}

export function useOpinion(id: string) {
  return useQuery({
    queryKey: reviewKeys.opinion(id),
    queryFn: () => fetchOpinion(id),
    // 404 and the like are answers, not hiccups: no retries.
    retry: (count, error) => !isApiError(error) && count < 2,
  });
}
