import type { UserRow } from '../../db/schema/index.ts';

/** Leading a team is the `team_lead` flag (set by an admin). */
export const isTeamLead = (user: Pick<UserRow, 'flags'>) => user.flags.includes('team_lead');
