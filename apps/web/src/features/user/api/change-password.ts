import type { EmptyAnswer, PasswordChangeBody } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

export type { PasswordChangeBody as PasswordChange };

/** POST /api/user/password — the other sessions of the user end. */
export function changePassword(body: PasswordChangeBody) {
  return postWithCsrf<EmptyAnswer>('/api/user/password', body);
}
