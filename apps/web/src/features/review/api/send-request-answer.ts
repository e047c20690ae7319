import type { ReviewRequestPublic, ReviewRequestSendBody } from '@hr/contract';
import { type ApiAnswer, postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/review/request/{id}/send — public; not pending: 422 errors.status. */
export function sendRequestAnswer(id: string, body: ReviewRequestSendBody): Promise<ApiAnswer<ReviewRequestPublic>> {
  return postWithCsrf<ReviewRequestPublic>(`/api/review/request/${encodeURIComponent(id)}/send`, body);
}
