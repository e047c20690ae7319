import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/team/leave — a member leaves the team. */
export function leaveTeam() {
  return postWithCsrf<Record<string, never>>('/api/user/team/leave');
}
