import type { LoginChannels, LoginCheckAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

export type { LoginChannels };

/** POST /api/auth/login/check {email} — sends a 4-digit code; answers where it went. */
export async function checkLoginEmail(email: string): Promise<LoginChannels> {
  const answer = await postWithCsrf<LoginCheckAnswer>('/api/auth/login/check', { email });
  return answer.res.channels;
}
