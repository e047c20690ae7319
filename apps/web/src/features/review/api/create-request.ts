import type { ReviewRequestCreateBody, ReviewRequestItem } from '@hr/contract';
import { type ApiAnswer, postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/review/request — mails the addressee the public link; 10 a Moscow day, then 429. */
export function createReviewRequest(body: ReviewRequestCreateBody): Promise<ApiAnswer<ReviewRequestItem>> {
  return postWithCsrf<ReviewRequestItem>('/api/review/request', body);
}
