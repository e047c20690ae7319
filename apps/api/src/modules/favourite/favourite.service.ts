import { FAVOURITE_MSG, type FavouriteBulkAnswer, type FavouriteEntry, type Paginated, type ResumeCard } from '@hr/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { favourites, resumes, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { teamUserIds } from '../team/team.service.ts';
import { CARD_COLUMNS, type CardRow, toCard } from '../resume/resume.card.ts';
import { findClubResume } from '../resume/resume.service.ts';
import { pageOf } from '@hr/contract/pagination';

/** The member's favourites and the team's, newest first, each marked with who added it. */
export async function listFavourites(ctx: AppContext, user: AuthUser, page: number, perPage: number): Promise<Paginated<ResumeCard>> {
  const owners = await teamUserIds(ctx, user);
  const ownerList = sql.join(owners.map((id) => sql`${id}`), sql`, `);
  const [countRow] = await ctx.database.rows<{ n: number }>(sql`select count(distinct resume_id)::int as n from favourites where user_id in (${ownerList})`);
  const total = countRow?.n ?? 0;
  // One card per candidate: the viewer's own entry wins over a teammate's.
  const rows = await ctx.database.rows<CardRow & { note: string | null; added_at: Date; added_by_id: number; added_by_name: string; added_by_family: string }>(sql`
    select * from (
    select distinct on (r.id) ${sql.raw(CARD_COLUMNS)}, f.note, f.created_at as added_at, f.id as favourite_id,
      u.id as added_by_id, u.name as added_by_name, u.family as added_by_family
    from favourites f
    join resumes r on r.id = f.resume_id
    join users u on u.id = f.user_id
    left join cities c on c.id = r.city_id
    where f.user_id in (${ownerList})
    order by r.id, (f.user_id = ${user.id}) desc, f.created_at desc
    ) t
    order by t.added_at desc, t.favourite_id desc
    limit ${perPage} offset ${(page - 1) * perPage}`);
  const data = rows.map((r) => ({
    ...toCard(r, user),
    favourite: true,
    note: r.note,
    added_at: new Date(r.added_at).toISOString(),
    added_by: { id: r.added_by_id, name: r.added_by_name, family: r.added_by_family },
  }));
  return pageOf(data, total, page, perPage);
}

export async function getFavourite(ctx: AppContext, user: UserRow, hash: string): Promise<FavouriteEntry> {
  const resume = await findClubResume(ctx, hash);
  const [row] = await ctx.database.db
    .select()
    .from(favourites)
    .where(and(eq(favourites.userId, user.id), eq(favourites.resumeId, resume.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', FAVOURITE_MSG.notInList);
  return { hash, note: row.note, created_at: row.createdAt.toISOString() };
}

/** Adds (or updates the note of) a favourite. */
export async function addFavourite(ctx: AppContext, user: UserRow, hash: string, note: string | null): Promise<FavouriteEntry> {
  const resume = await findClubResume(ctx, hash);
  const [row] = await ctx.database.db
    .insert(favourites)
    .values({ userId: user.id, resumeId: resume.id, note })
    .onConflictDoUpdate({ target: [favourites.userId, favourites.resumeId], set: { note } })
    .returning();
  if (!row) throw new Error('favourite not written');
  return { hash, note: row.note, created_at: row.createdAt.toISOString() };
}

export async function removeFavourite(ctx: AppContext, user: UserRow, hash: string): Promise<void> {
  const resume = await findClubResume(ctx, hash);
  const gone = await ctx.database.db
    .delete(favourites)
    .where(and(eq(favourites.userId, user.id), eq(favourites.resumeId, resume.id)))
    .returning({ id: favourites.id });
  if (!gone.length) throw new AppError('not_found', FAVOURITE_MSG.notInList);
}

/** Keeps many search results at once (the route checks `mass_search`); unknown hashes are skipped and counted. */
export async function addFavouritesInBulk(ctx: AppContext, user: UserRow, hashes: string[]): Promise<FavouriteBulkAnswer> {
  const unique = [...new Set(hashes)];
  const found = await ctx.database.db
    .select({ id: resumes.id })
    .from(resumes)
    .where(and(inArray(resumes.hash, unique), isNull(resumes.vacancyId)));
  const added = found.length
    ? await ctx.database.db
        .insert(favourites)
        .values(found.map((r) => ({ userId: user.id, resumeId: r.id, note: null })))
        .onConflictDoNothing()
        .returning({ id: favourites.id })
    : [];
  // skipped: unknown hashes and candidates already kept.
  return { added: added.length, skipped: unique.length - added.length };
}
