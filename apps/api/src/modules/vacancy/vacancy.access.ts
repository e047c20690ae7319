import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type VacancyRow, vacancies } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { VACANCY_MSG } from '@hr/contract';

/**
 * The users whose vacancies `userId` handles: themselves, their team lead and the lead's members
 * (or, for a lead, their members). A SQL set, so every query scopes itself with one condition.
 */
export const teamOf = (userId: number | SQL): SQL => sql`(
  select ${userId}::int
  union select tm.lead_id from team_members tm where tm.user_id = ${userId}
  union select tm.user_id from team_members tm
    where tm.lead_id = coalesce((select t.lead_id from team_members t where t.user_id = ${userId}), ${userId})
)`;

/** `v.owner_id` is one of the user's team. */
export const handledBy = (userId: number, alias = 'v'): SQL => sql`${sql.raw(alias)}.owner_id in ${teamOf(userId)}`;

/** The vacancy if `userId` may handle it; 404 otherwise (another user's object is not found for them). */
export async function vacancyForTeam(ctx: AppContext, userId: number, id: number): Promise<VacancyRow> {
  const [row] = await ctx.database.db
    .select()
    .from(vacancies)
    .where(sql`${vacancies.id} = ${id} and ${vacancies.ownerId} in ${teamOf(userId)}`)
    .limit(1);
  if (!row) throw new AppError('not_found', VACANCY_MSG.notFound);
  return row;
}

/** The team that hears about a new reply: the owner's team (owner included). */
export async function teamMemberIds(ctx: AppContext, ownerId: number): Promise<number[]> {
  const rows = await ctx.database.rows<{ id: number }>(sql`select id from users where id in ${teamOf(ownerId)} and blocked_at is null`);
  return rows.map((r) => Number(r.id));
}

/** The ids of the vacancies whose replies the user may search (`label[]=only_in_responses`). */
export async function vacancyIdsOfTeam(ctx: AppContext, userId: number): Promise<number[]> {
  const rows = await ctx.database.rows<{ id: number }>(sql`select v.id from vacancies v where v.owner_id in ${teamOf(userId)}`);
  return rows.map((r) => Number(r.id));
}
