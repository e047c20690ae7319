import type { EmptyAnswer, ResetBody } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /password/reset {token, email, password, password_confirmation} — success signs the user in. */
export function resetPassword(body: ResetBody) {
  return postWithCsrf<EmptyAnswer>('/password/reset', body);
}
