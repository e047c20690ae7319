import { REVIEW_REQUEST_ID_PATTERN, type ReviewRequestPublic } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { ApiError, isApiError } from '@/shared/api/api-error.ts';
import { reviewKeys } from './review-keys.ts';

/** GET /api/review/request/{id} — public: who asks, about whom, the message and the status. */
export function fetchPublicRequest(id: string): Promise<ReviewRequestPublic> {
  // A link that cannot be an id is not asked about: it is simply not found.
  if (!REVIEW_REQUEST_ID_PATTERN.test(id)) return Promise.reject(new ApiError(404, { message: 'Запрос не найден' }));
  return apiGet<ReviewRequestPublic>(`/api/review/request/${encodeURIComponent(id)}`);
}

export function usePublicRequest(id: string) {
  return useQuery({
    queryKey: reviewKeys.publicRequest(id),
    queryFn: () => fetchPublicRequest(id),
    retry: (count, error) => !isApiError(error) && count < 2,
    refetchOnWindowFocus: false,
  });
}
