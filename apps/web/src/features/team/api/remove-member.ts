import type { EmptyAnswer } from '@hr/contract';
import { apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';

/** DELETE /api/user/team/member/{id} — the lead removes a member. */
export async function removeMember(memberId: number) {
  await fetchCsrfCookie();
  return apiSend<EmptyAnswer>('DELETE', `/api/user/team/member/${memberId}`);
}
