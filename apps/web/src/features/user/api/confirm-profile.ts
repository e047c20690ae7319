import type { ConfirmBody, EmptyAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/confirm {company_name, company_people_count, position, profession_area, profileTag[]} (SEED 7). */
export function confirmProfile(body: ConfirmBody) {
  return postWithCsrf<EmptyAnswer>('/api/user/confirm', body);
}

/** POST /api/user/confirm/later: the popup was closed without confirming; not asked again until the next due date. */
export function postponeConfirmation() {
  return postWithCsrf<EmptyAnswer>('/api/user/confirm/later', {});
}
