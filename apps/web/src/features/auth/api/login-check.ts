import { postWithCsrf } from '@/shared/api/api-client.ts';

export type LoginChannels = { email: string; tg?: string };

/** POST /api/auth/login/check {email} — sends a 4-digit code; answers where it went. */
export async function checkLoginEmail(email: string): Promise<LoginChannels> {
  const answer = await postWithCsrf<{ channels: LoginChannels }>('/api/auth/login/check', { email });
  return answer.res.channels;
}
