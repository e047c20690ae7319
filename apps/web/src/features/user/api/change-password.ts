import { postWithCsrf } from '@/shared/api/api-client.ts';

export type PasswordChange = { current_password: string; password: string; password_confirmation: string };

/** POST /api/user/password — the other sessions of the user end. */
export function changePassword(body: PasswordChange) {
  return postWithCsrf<Record<string, never>>('/api/user/password', body);
}
