import type { PasswordChangeBody } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

export type { PasswordChangeBody as PasswordChange };

/** POST /api/user/password — the other sessions of the user end. */
export function changePassword(body: PasswordChangeBody) {
  return postWithCsrf<Record<string, never>>('/api/user/password', body);
}
