import type { EmptyAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/team/leave — a member leaves the team. */
export function leaveTeam() {
  return postWithCsrf<EmptyAnswer>('/api/user/team/leave');
}
