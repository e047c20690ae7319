import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** Leading a team is the `team_lead` flag (set by an admin). */
export const isTeamLead = (user: Pick<UserRow, 'flags'>) => user.flags.includes('team_lead');

export type TeamAction = 'invite' | 'find_members' | 'remove_member';

/** Only a lead invites, looks members up to invite them, or removes them (others: 403). */
export function authorizeTeam(actor: Pick<UserRow, 'flags'>, action: TeamAction): void {
  switch (action) {
    case 'invite':
    case 'find_members':
    case 'remove_member':
      if (!isTeamLead(actor)) throw new AppError('forbidden');
  }
}

/** Who sent an invitation: the lead for an invitation, the user for a join request. Only they cancel it. */
export const inviterOf = (invite: { direction: 'invite' | 'join'; leadId: number; userId: number }) =>
  invite.direction === 'invite' ? invite.leadId : invite.userId;
