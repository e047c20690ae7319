import type { ReviewRequestPublic } from '@hr/contract';
import { type ApiAnswer, postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/review/request/{id}/decline {reason?} — public; not pending: 422 errors.status. */
export function declineRequest(id: string, reason: string | null): Promise<ApiAnswer<ReviewRequestPublic>> {
  return postWithCsrf<ReviewRequestPublic>(`/api/review/request/${encodeURIComponent(id)}/decline`, { reason });
}
