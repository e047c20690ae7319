import {
  FAVOURITE_FOLDER_MSG,
  FAVOURITE_MSG,
  type FavouriteBulkAnswer,
  type FavouriteEntry,
  type FavouriteListItem,
  type Paginated,
  RESUME_HASH_PATTERN,
} from '@hr/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { favourites, resumes, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { preparedStatement } from '../../lib/prepared-statement.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { toCard } from '../resume/resume.card.ts';
import { findClubResume, resumeNotFound } from '../resume/resume.service.ts';
import { pageOf } from '@hr/contract/pagination';
import { dropFromFoldersIfUnkept, visibleFolders } from './favourite-folder.service.ts';
import { countFavourites, type FavouriteFilter, favouriteRows, folderIdsByResume } from './favourite-list.ts';
import { favouriteTeam } from './favourite-team.ts';

/**
 * The member's favourites and the team's, newest first, each marked with who added it and the
 * folders (of those the member sees) it is in; narrowed by `q` and `folder` (another member's
 * folder: 404).
 */
export async function listFavourites(
  ctx: AppContext,
  user: AuthUser,
  filter: FavouriteFilter,
  page: number,
  perPage: number,
): Promise<Paginated<FavouriteListItem>> {
  const team = await favouriteTeam(ctx, user);
  const folders = await visibleFolders(ctx, team, user.id);
  if (filter.folder && !folders.some((f) => f.id === filter.folder)) throw new AppError('not_found', FAVOURITE_FOLDER_MSG.notFound);
  const [total, rows] = await Promise.all([
    countFavourites(ctx, team, user.id, filter),
    favouriteRows(ctx, team, user.id, filter, perPage, (page - 1) * perPage),
  ]);
  const inFolders = await folderIdsByResume(
    ctx,
    folders.map((f) => f.id),
    rows.map((r) => Number(r.id)),
  );
  const data = rows.map((r) => ({
    ...toCard(r, user),
    favourite: true,
    note: r.note,
    added_at: new Date(r.added_at).toISOString(),
    added_by: { id: r.added_by_id, name: r.added_by_name, family: r.added_by_family },
    folder_ids: inFolders.get(Number(r.id)) ?? [],
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

type KeptRow = { note: string | null; created_at: string };

/**
 * One statement finds the club's resume by hash (replies to vacancies are not kept here) and keeps
 * it, or writes the new note over the old: concurrent saves of one resume meet in the unique key.
 */
const keepStatement = preparedStatement<KeptRow>(
  'favourite_keep',
  sql`insert into favourites (user_id, resume_id, note)
    select ${sql.placeholder('user')}::int, r.id, ${sql.placeholder('note')}::text from resumes r
    where r.hash = ${sql.placeholder('hash')}::text and r.vacancy_id is null
    on conflict (user_id, resume_id) do update set note = excluded.note
    returning note, created_at`,
);

/** Adds (or updates the note of) a favourite. */
export async function addFavourite(ctx: AppContext, user: UserRow, hash: string, note: string | null): Promise<FavouriteEntry> {
  if (!RESUME_HASH_PATTERN.test(hash)) throw resumeNotFound();
  const [row] = await keepStatement(ctx.database, { user: user.id, hash, note });
  if (!row) throw resumeNotFound();
  return { hash, note: row.note, created_at: new Date(row.created_at).toISOString() };
}

export async function removeFavourite(ctx: AppContext, user: UserRow, hash: string): Promise<void> {
  const resume = await findClubResume(ctx, hash);
  const gone = await ctx.database.db
    .delete(favourites)
    .where(and(eq(favourites.userId, user.id), eq(favourites.resumeId, resume.id)))
    .returning({ id: favourites.id });
  if (!gone.length) throw new AppError('not_found', FAVOURITE_MSG.notInList);
  await dropFromFoldersIfUnkept(ctx, user, resume.id);
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
