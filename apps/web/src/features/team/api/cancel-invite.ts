import type { EmptyAnswer } from '@hr/contract';
import { apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';

/** DELETE /api/user/team/invite/{id} — the inviter takes back a pending invitation or join request. */
export async function cancelInvite(inviteId: number) {
  await fetchCsrfCookie();
  return apiSend<EmptyAnswer>('DELETE', `/api/user/team/invite/${inviteId}`);
}
