import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/team/join {lead_id} — asks a lead to take the user into the team. */
export function joinTeam(leadId: number) {
  return postWithCsrf<{ id: number }>('/api/user/team/join', { lead_id: leadId });
}
