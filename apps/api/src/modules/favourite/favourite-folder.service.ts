import { FAVOURITE_FOLDER_MSG, FAVOURITE_FOLDERS_MAX, FAVOURITE_MSG, type FavouriteFolder } from '@hr/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { favouriteFolderItems, favouriteFolders, type UserRow } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { findClubResume } from '../resume/resume.service.ts';
import { isUniqueViolation } from '../user/user.service.ts';
import { idList } from './favourite-list.ts';
import { favouriteTeam } from './favourite-team.ts';

/** pg_advisory_xact_lock(class, owner): one member's folders are created and renamed one at a time. */
const LOCK_CLASS = 7301;

type VisibleFolder = { id: number; owner_id: number; name: string; shared: boolean; owner_name: string; owner_family: string };

/** Folders the member sees: their own, and the shared ones of whoever is in their team now. */
export async function visibleFolders(ctx: AppContext, team: number[], userId: number): Promise<VisibleFolder[]> {
  const ids = idList(team);
  return ctx.database.rows<VisibleFolder>(sql`
    select f.id::int as id, f.owner_id, f.name, f.shared, u.name as owner_name, u.family as owner_family
    from favourite_folders f join users u on u.id = f.owner_id
    where f.owner_id = ${userId} or (f.shared and f.owner_id in (${ids}))
    order by (f.owner_id = ${userId}) desc, lower(f.name), f.id`);
}

/** One folder the member sees, or 404 (another member's folder, or a team's the member is no longer in). */
export async function visibleFolder(ctx: AppContext, user: UserRow, id: number, team?: number[]): Promise<VisibleFolder> {
  const folders = await visibleFolders(ctx, team ?? (await favouriteTeam(ctx, user)), user.id);
  const folder = folders.find((f) => f.id === id);
  if (!folder) throw new AppError('not_found', FAVOURITE_FOLDER_MSG.notFound);
  return folder;
}

const present = (f: VisibleFolder, userId: number, count: number): FavouriteFolder => ({
  id: f.id,
  name: f.name,
  shared: f.shared,
  mine: f.owner_id === userId,
  owner: { id: f.owner_id, name: f.owner_name, family: f.owner_family },
  count,
});

/** The member's folders and the team's shared ones, each with how many of the listed favourites it holds. */
export async function listFolders(ctx: AppContext, user: UserRow): Promise<FavouriteFolder[]> {
  const team = await favouriteTeam(ctx, user);
  const folders = await visibleFolders(ctx, team, user.id);
  if (!folders.length) return [];
  const counts = await ctx.database.rows<{ folder_id: number; n: number }>(sql`
    select i.folder_id::int as folder_id, count(*)::int as n from favourite_folder_items i
    where i.folder_id in (${idList(folders.map((f) => f.id))})
      and exists (select 1 from favourites f where f.resume_id = i.resume_id and f.user_id in (${idList(team)}))
    group by i.folder_id`);
  const byId = new Map(counts.map((c) => [c.folder_id, c.n]));
  return folders.map((f) => present(f, user.id, byId.get(f.id) ?? 0));
}

const FOREIGN_KEY_VIOLATION = '23503';
const pgCode = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};

/** The unique index on (owner, lower(name)) is the last word: a clash that got past the check is still a 422. */
function nameClashAs422(error: unknown): never {
  if (isUniqueViolation(error)) throw fieldError('name', FAVOURITE_FOLDER_MSG.nameTaken);
  throw error;
}

async function lockOwner(tx: Db, ownerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${ownerId})`);
}

async function assertNameFree(tx: Db, ownerId: number, name: string, exceptId?: number) {
  const rows = await tx
    .select({ id: favouriteFolders.id })
    .from(favouriteFolders)
    .where(and(eq(favouriteFolders.ownerId, ownerId), sql`lower(${favouriteFolders.name}) = lower(${name})`));
  if (rows.some((r) => r.id !== exceptId)) throw fieldError('name', FAVOURITE_FOLDER_MSG.nameTaken);
}

/** Creates a folder; the count and the name are checked under the owner's lock, so two tabs cannot pass the limit. */
export async function createFolder(ctx: AppContext, user: UserRow, input: { name: string; shared: boolean }): Promise<FavouriteFolder> {
  const row = await ctx.database.db
    .transaction(async (tx) => {
      await lockOwner(tx, user.id);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(favouriteFolders)
        .where(eq(favouriteFolders.ownerId, user.id));
      if (n >= FAVOURITE_FOLDERS_MAX) throw fieldError('name', FAVOURITE_FOLDER_MSG.tooMany);
      await assertNameFree(tx, user.id, input.name);
      const [created] = await tx.insert(favouriteFolders).values({ ownerId: user.id, name: input.name, shared: input.shared }).returning();
      if (!created) throw new Error('folder not written');
      return created;
    })
    .catch(nameClashAs422);
  return present(
    { id: row.id, owner_id: user.id, name: row.name, shared: row.shared, owner_name: user.name, owner_family: user.family },
    user.id,
    0,
  );
}

/** The owner's own folder for a change; a teammate's shared folder is 403, anyone else's 404. */
async function ownFolder(ctx: AppContext, user: UserRow, id: number): Promise<VisibleFolder> {
  const folder = await visibleFolder(ctx, user, id);
  if (folder.owner_id !== user.id) throw new AppError('forbidden', FAVOURITE_FOLDER_MSG.ownerOnly);
  return folder;
}

export async function updateFolder(
  ctx: AppContext,
  user: UserRow,
  id: number,
  patch: { name?: string; shared?: boolean },
): Promise<FavouriteFolder> {
  await ownFolder(ctx, user, id);
  await ctx.database.db
    .transaction(async (tx) => {
      await lockOwner(tx, user.id);
      if (patch.name !== undefined) await assertNameFree(tx, user.id, patch.name, id);
      await tx
        .update(favouriteFolders)
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.shared !== undefined ? { shared: patch.shared } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(favouriteFolders.id, id), eq(favouriteFolders.ownerId, user.id)));
    })
    .catch(nameClashAs422);
  const folders = await listFolders(ctx, user);
  const folder = folders.find((f) => f.id === id);
  if (!folder) throw new AppError('not_found', FAVOURITE_FOLDER_MSG.notFound);
  return folder;
}

/** Deletes the folder (the candidates stay in favourites). */
export async function deleteFolder(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  await ownFolder(ctx, user, id);
  await ctx.database.db.delete(favouriteFolders).where(and(eq(favouriteFolders.id, id), eq(favouriteFolders.ownerId, user.id)));
}

/** Whether someone of the team keeps the candidate (only those can be put into folders). */
async function keptByTeam(ctx: AppContext, team: number[], resumeId: number): Promise<boolean> {
  const rows = await ctx.database.rows<{ one: number }>(sql`
    select 1 as one from favourites where resume_id = ${resumeId} and user_id in (${idList(team)}) limit 1`);
  return rows.length > 0;
}

/** Of the folders the member sees, the ones holding the candidate. */
export async function candidateFolders(ctx: AppContext, user: UserRow, hash: string): Promise<{ folder_ids: number[] }> {
  const resume = await findClubResume(ctx, hash);
  const team = await favouriteTeam(ctx, user);
  const visible = await visibleFolders(ctx, team, user.id);
  return {
    folder_ids: await foldersHolding(
      ctx,
      visible.map((f) => f.id),
      resume.id,
    ),
  };
}

async function foldersHolding(ctx: AppContext, folderIds: number[], resumeId: number): Promise<number[]> {
  if (!folderIds.length) return [];
  const rows = await ctx.database.db
    .select({ id: favouriteFolderItems.folderId })
    .from(favouriteFolderItems)
    .where(and(eq(favouriteFolderItems.resumeId, resumeId), inArray(favouriteFolderItems.folderId, folderIds)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Puts the candidate into exactly `folderIds` of the folders the member sees (adding to some,
 * taking out of others; folders the member does not see are left alone). A folder id the member
 * does not see is 404; a candidate nobody in the team keeps is 404 as well.
 */
export async function setCandidateFolders(
  ctx: AppContext,
  user: UserRow,
  hash: string,
  folderIds: number[],
): Promise<{ folder_ids: number[] }> {
  const resume = await findClubResume(ctx, hash);
  const team = await favouriteTeam(ctx, user);
  if (!(await keptByTeam(ctx, team, resume.id))) throw new AppError('not_found', FAVOURITE_MSG.notInList);
  const visible = new Set((await visibleFolders(ctx, team, user.id)).map((f) => f.id));
  const wanted = [...new Set(folderIds)];
  if (wanted.some((id) => !visible.has(id))) throw new AppError('not_found', FAVOURITE_FOLDER_MSG.notFound);
  await ctx.database.db
    .transaction(async (tx) => {
      const out = [...visible].filter((id) => !wanted.includes(id));
      if (out.length) {
        await tx
          .delete(favouriteFolderItems)
          .where(and(eq(favouriteFolderItems.resumeId, resume.id), inArray(favouriteFolderItems.folderId, out)));
      }
      if (wanted.length) {
        await tx
          .insert(favouriteFolderItems)
          .values(wanted.map((folderId) => ({ folderId, resumeId: resume.id, addedBy: user.id })))
          .onConflictDoNothing();
      }
    })
    .catch((error: unknown) => {
      // The folder was deleted between the check and the write.
      if (pgCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('not_found', FAVOURITE_FOLDER_MSG.notFound);
      throw error;
    });
  return { folder_ids: await foldersHolding(ctx, [...visible], resume.id) };
}

/** After a favourite is removed: if nobody in the team keeps the candidate now, it leaves the team's folders. */
export async function dropFromFoldersIfUnkept(ctx: AppContext, user: UserRow, resumeId: number): Promise<void> {
  const team = await favouriteTeam(ctx, user);
  if (await keptByTeam(ctx, team, resumeId)) return;
  const visible = (await visibleFolders(ctx, team, user.id)).map((f) => f.id);
  if (!visible.length) return;
  await ctx.database.db
    .delete(favouriteFolderItems)
    .where(and(eq(favouriteFolderItems.resumeId, resumeId), inArray(favouriteFolderItems.folderId, visible)));
}
