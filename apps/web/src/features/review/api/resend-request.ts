import type { ReviewRequestItem } from '@hr/contract';
import { type ApiAnswer, postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/review/request/{id}/resend — once while pending (a second time: 422). */
export function resendReviewRequest(id: string): Promise<ApiAnswer<ReviewRequestItem>> {
  return postWithCsrf<ReviewRequestItem>(`/api/review/request/${encodeURIComponent(id)}/resend`);
}
