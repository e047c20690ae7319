import type { TeamInviteCreated, TeamInviteTarget } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

export type { TeamInviteTarget as InviteTarget };

/** POST /api/user/team/invite/create {email | user_id} — a lead invites (others: 403). */
export function createInvite(target: TeamInviteTarget) {
  return postWithCsrf<TeamInviteCreated>('/api/user/team/invite/create', target);
}
