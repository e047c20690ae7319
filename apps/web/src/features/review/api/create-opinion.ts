import type { Opinion, OpinionCreateBody } from '@hr/contract';
import { type ApiAnswer, postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/review — one opinion per member per resume (a second: 422 errors.resume_hash). */
export function createOpinion(body: OpinionCreateBody): Promise<ApiAnswer<Opinion>> {
  return postWithCsrf<Opinion>('/api/review', body);
}
