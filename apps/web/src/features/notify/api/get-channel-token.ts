import type { ChannelToken } from '@hr/contract/realtime';
import { postWithCsrf } from '@/shared/api/api-client.ts';

export type { ChannelToken };

/** POST /api/user/csrf-token — a short-lived token for the private real-time channel `user.{id}`. */
export async function fetchChannelToken(): Promise<ChannelToken> {
  const answer = await postWithCsrf<ChannelToken>('/api/user/csrf-token');
  return answer.res;
}
