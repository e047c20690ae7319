import type { TeamInviteCreated } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/team/join {lead_id} — asks a lead to take the user into the team. */
export function joinTeam(leadId: number) {
  return postWithCsrf<TeamInviteCreated>('/api/user/team/join', { lead_id: leadId });
}
