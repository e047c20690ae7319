import type { EmptyAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /password/email {email} — the answer's `message` is shown to the user. */
export function requestPasswordReset(email: string) {
  return postWithCsrf<EmptyAnswer>('/password/email', { email });
}
