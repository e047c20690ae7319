import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { teamMembers, type UserRow } from '../../db/schema/index.ts';
import { isTeamLead } from '../team/team.policy.ts';
import { teamUserIds } from '../team/team.service.ts';

/**
 * Whose favourites and shared folders the member sees: the team as it is now. The membership is
 * read from team_members on every call (not from the cached session), so a member who left a team
 * loses its shared folders on the very next request.
 */
export async function favouriteTeam(ctx: AppContext, user: UserRow): Promise<number[]> {
  const [row] = await ctx.database.db
    .select({ leadId: teamMembers.leadId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, user.id))
    .limit(1);
  const teamLeadId = row?.leadId ?? (isTeamLead(user) ? user.id : null);
  return teamUserIds(ctx, { ...user, teamLeadId });
}
