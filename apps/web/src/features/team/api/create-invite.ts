import { postWithCsrf } from '@/shared/api/api-client.ts';

export type InviteTarget = { email: string } | { user_id: number };

/** POST /api/user/team/invite/create {email | user_id} — a lead invites (others: 403). */
export function createInvite(target: InviteTarget) {
  return postWithCsrf<{ id: number }>('/api/user/team/invite/create', target);
}
