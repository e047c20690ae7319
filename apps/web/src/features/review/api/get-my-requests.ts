import type { Paginated, ReviewRequestItem } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** GET /api/review/request — the member's own requests, newest first. */
export function fetchMyRequests(page: number, perPage: number): Promise<Paginated<ReviewRequestItem>> {
  return apiGet<Paginated<ReviewRequestItem>>('/api/review/request', { page, per_page: perPage });
}

export function useMyRequests(page: number, perPage = 20) {
  return useQuery({
    queryKey: [...reviewKeys.myRequests, page, perPage],
    queryFn: () => fetchMyRequests(page, perPage),
    placeholderData: keepPreviousData,
  });
}
