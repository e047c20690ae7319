import {
  AUTOSEARCH_COUNT_CAP,
  AUTOSEARCH_MAX,
  AUTOSEARCH_MSG,
  AUTOSEARCH_PROBLEM,
  type AutosearchChannels,
  type AutosearchFrequency,
  type AutosearchResults,
  type SavedSearch,
  SEARCH_MAX_DEPTH,
  SEARCH_MSG,
} from '@hr/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { type SavedSearchRow, savedSearches, teamMembers, type UserRow, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { notify } from '../notify/notify.service.ts';
import { resolveSearch, searchResumesOf } from '../resume/search/search.service.ts';
import { isTeamLead } from '../team/team.policy.ts';
import { teamUserIds } from '../team/team.service.ts';
import { statesOf, type SearchState } from './autosearch.count.ts';
import { checkedQuery, parseSavedQuery, problemOf } from './autosearch.query.ts';

/** The member the request is for (with the flags inherited from their team lead). */
type Owner = UserRow & { leadFlags?: string[] };
type Sharer = { id: number; name: string; family: string; middleName: string } | null;

const fioOf = (u: { family: string; name: string; middleName: string }) => [u.family, u.name, u.middleName].filter(Boolean).join(' ');

function present(row: SavedSearchRow, state: SearchState, sharer: Sharer): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    frequency: row.frequency,
    channels: { email: row.channelEmail, telegram: row.channelTelegram },
    new_count: Math.min(state.newCount, AUTOSEARCH_COUNT_CAP),
    new_count_capped: state.newCount > AUTOSEARCH_COUNT_CAP,
    last_opened_at: row.lastOpenedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    shared_by: sharer ? { id: sharer.id, fio: fioOf(sharer) } : null,
    problem: state.problem,
  };
}

/** Digests need somewhere to go: a frequency other than `off` with neither channel is refused. */
function checkChannels(frequency: AutosearchFrequency, channels: AutosearchChannels): void {
  if (frequency !== 'off' && !channels.email && !channels.telegram) throw fieldError('channels', AUTOSEARCH_PROBLEM.noChannel);
}

/** The member's own saved search; another member's (or none) is not found: 404. */
async function ownSearch(ctx: AppContext, owner: Owner, id: number): Promise<SavedSearchRow> {
  const [row] = await ctx.database.db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, owner.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', AUTOSEARCH_MSG.notFound);
  return row;
}

async function sharerOf(ctx: AppContext, id: number | null): Promise<Sharer> {
  if (id === null) return null;
  const [u] = await ctx.database.db
    .select({ id: users.id, name: users.name, family: users.family, middleName: users.middleName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return u ?? null;
}

/** `GET /api/autosearch`: the member's saved searches, newest first, with their new results counted (autosearch.count.ts). */
export async function listSavedSearches(ctx: AppContext, owner: Owner): Promise<SavedSearch[]> {
  const rows = await ctx.database.db
    .select({ search: savedSearches, sharer: { id: users.id, name: users.name, family: users.family, middleName: users.middleName } })
    .from(savedSearches)
    .leftJoin(users, eq(users.id, savedSearches.sharedBy))
    .where(eq(savedSearches.userId, owner.id))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  const states = await statesOf(
    ctx,
    owner,
    rows.map((r) => r.search),
  );
  return rows.map((r, i) => present(r.search, states[i] as SearchState, r.sharer));
}

type NewSearch = {
  name: string;
  query: string;
  frequency: AutosearchFrequency;
  channels: AutosearchChannels;
  sharedBy: number | null;
};

/**
 * Writes a saved search for `userId` within AUTOSEARCH_MAX. The member's users row is locked for
 * the count and the insert (`for no key update`: other writers' foreign-key checks on the row are
 * not held up), so requests sent at once are counted one after another and exactly the limit get in.
 */
async function insertWithinLimit(ctx: AppContext, userId: number, s: NewSearch, tooMany: () => AppError): Promise<SavedSearchRow> {
  const now = new Date();
  return ctx.database.db.transaction(async (tx: Db) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
    const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if (Number(held?.n ?? 0) >= AUTOSEARCH_MAX) throw tooMany();
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: s.name,
        query: s.query,
        frequency: s.frequency,
        channelEmail: s.channels.email,
        channelTelegram: s.channels.telegram,
        sharedBy: s.sharedBy,
        lastOpenedAt: now,
        watermark: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('saved search not written');
    return row;
  });
}

/** `POST /api/autosearch`: the query checked as the search checks it for the member, stored in its canonical form. */
export async function createSavedSearch(
  ctx: AppContext,
  owner: Owner,
  body: { name: string; query: string; frequency: AutosearchFrequency; channels: AutosearchChannels },
): Promise<SavedSearch> {
  checkChannels(body.frequency, body.channels);
  const query = await checkedQuery(ctx, body.query, owner);
  const row = await insertWithinLimit(ctx, owner.id, { ...body, query, sharedBy: null }, () => fieldError('name', AUTOSEARCH_MSG.tooMany));
  return present(row, { newCount: 0, problem: null }, null);
}

/**
 * `PUT /api/autosearch/{id}`: any of name, query, frequency, channels. A new query is counted
 * afresh on the next list; a digest switched on starts from now (not from every resume changed
 * while it was off).
 */
export async function updateSavedSearch(
  ctx: AppContext,
  owner: Owner,
  id: number,
  body: { name?: string; query?: string; frequency?: AutosearchFrequency; channels?: AutosearchChannels },
): Promise<SavedSearch> {
  const row = await ownSearch(ctx, owner, id);
  checkChannels(body.frequency ?? row.frequency, body.channels ?? { email: row.channelEmail, telegram: row.channelTelegram });
  const patch: PgUpdateSetSource<typeof savedSearches> = { updatedAt: new Date() };
  if (body.name !== undefined) patch.name = body.name;
  if (body.query !== undefined) {
    const query = await checkedQuery(ctx, body.query, owner);
    if (query !== row.query) Object.assign(patch, { query, countedAt: null, brokenReason: null });
  }
  if (body.frequency !== undefined) {
    patch.frequency = body.frequency;
    if (body.frequency !== 'off')
      patch.watermark = sql`case when ${savedSearches.frequency} = 'off' then now() else ${savedSearches.watermark} end`;
  }
  if (body.channels) Object.assign(patch, { channelEmail: body.channels.email, channelTelegram: body.channels.telegram });
  const [updated] = await ctx.database.db
    .update(savedSearches)
    .set(patch)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, owner.id)))
    .returning();
  if (!updated) throw new AppError('not_found', AUTOSEARCH_MSG.notFound);
  const [state] = await statesOf(ctx, owner, [updated]);
  return present(updated, state as SearchState, await sharerOf(ctx, updated.sharedBy));
}

/** `DELETE /api/autosearch/{id}`. */
export async function deleteSavedSearch(ctx: AppContext, owner: Owner, id: number): Promise<void> {
  const gone = await ctx.database.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, owner.id)))
    .returning({ id: savedSearches.id });
  if (!gone.length) throw new AppError('not_found', AUTOSEARCH_MSG.notFound);
}

/** The member's team as it is now (read from team_members, not from the session): themselves, their lead and the lead's members. */
async function teamNow(ctx: AppContext, owner: Owner): Promise<number[]> {
  const [row] = await ctx.database.db
    .select({ leadId: teamMembers.leadId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, owner.id))
    .limit(1);
  return teamUserIds(ctx, { ...owner, teamLeadId: row?.leadId ?? (isTeamLead(owner) ? owner.id : null) });
}

/**
 * `POST /api/autosearch/{id}/share`: a copy for a member of the sharer's team (their own row,
 * `shared_by` the sharer, digests off, within THEIR limit) and a notification. A query that needs
 * an option the teammate lacks is copied all the same: their list shows why it does not run.
 */
export async function shareSavedSearch(ctx: AppContext, owner: Owner, id: number, userId: number): Promise<void> {
  const row = await ownSearch(ctx, owner, id);
  if (userId === owner.id) throw fieldError('user_id', AUTOSEARCH_MSG.shareSelf);
  const team = await teamNow(ctx, owner);
  const [mate] = team.includes(userId)
    ? await ctx.database.db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId)).limit(1)
    : [];
  if (!mate || mate.blockedAt) throw fieldError('user_id', AUTOSEARCH_MSG.shareNotTeam);
  await insertWithinLimit(
    ctx,
    userId,
    { name: row.name, query: row.query, frequency: 'off', channels: { email: true, telegram: false }, sharedBy: owner.id },
    () => fieldError('user_id', AUTOSEARCH_PROBLEM.shareTooMany),
  );
  await notify(ctx, userId, {
    title: `Коллега поделился автопоиском «${row.name}»`,
    message: `Автопоиск добавлен в ваш список. Поделился: ${[owner.name, owner.family].filter(Boolean).join(' ')}.`,
    url: '/autosearch',
  });
}

/**
 * `GET /api/autosearch/{id}/results`: the search's cards for the member (the search's own code, so
 * what they see of each candidate is what the search shows them), new ones first. «New» means
 * received after `since`: the `since` asked (the first page's answer: a refetch and the later pages
 * keep this opening's marks) or else the opening stored before this one.
 *
 * The order, the same on every page: page 1 puts the first page of new results on top (the search
 * with `changedSince`), then the search's own page 1; every page leaves out those top cards, so no
 * card shows twice and none is lost; any further new ones stay where the search puts them, marked
 * `is_new`. A page may so hold fewer than `per_page` cards (page 1 up to two pages' worth); `total`
 * and `last_page` are the search's own, `new_total` counts the new ones. Opening page 1 marks the
 * search opened: `last_opened_at` now, `new_count` 0.
 */
export async function savedSearchResults(
  ctx: AppContext,
  owner: Owner,
  id: number,
  page: number,
  perPage: number,
  asked?: Date,
): Promise<AutosearchResults> {
  const row = await ownSearch(ctx, owner, id);
  if ((page - 1) * perPage >= SEARCH_MAX_DEPTH) throw fieldError('page', SEARCH_MSG.depth);
  const parsed = parseSavedQuery(row.query);
  if (!parsed) throw fieldError('query', AUTOSEARCH_PROBLEM.unreadable);
  const q = { ...parsed, page, per_page: perPage };
  const now = new Date();
  const since = asked ?? row.lastOpenedAt;
  let spec: Awaited<ReturnType<typeof resolveSearch>>;
  try {
    spec = await resolveSearch(ctx, q, owner, now);
  } catch (err) {
    const problem = problemOf(err, q, owner);
    if (problem === null) throw err;
    await ctx.database.db.update(savedSearches).set({ brokenReason: problem }).where(eq(savedSearches.id, row.id));
    if ((err as AppError).kind === 'forbidden') throw new AppError('forbidden', problem, { errors: { query: [problem] } });
    throw fieldError('query', problem);
  }
  // The two searches run at once (separate sessions of the search pool on PostgreSQL), past the
  // search's caches: a count or page cached a minute ago would hide what an import just brought.
  const [all, fresh] = await Promise.all([
    searchResumesOf(ctx, spec, q, owner, undefined, { fresh: true }),
    searchResumesOf(ctx, { ...spec, changedSince: since }, { ...q, page: 1 }, owner, undefined, { fresh: true }),
  ]);
  const onTop = new Set(fresh.data.map((c) => c.hash));
  const rest = all.data.filter((c) => !onTop.has(c.hash));
  const alsoNew = await changedSince(
    ctx,
    rest.map((c) => c.hash),
    since,
  );
  if (page === 1) {
    await ctx.database.db
      .update(savedSearches)
      .set({ lastOpenedAt: now, newCount: 0, countedAt: now, brokenReason: null })
      .where(eq(savedSearches.id, row.id));
  }
  const marked = rest.map((c) => ({ ...c, is_new: alsoNew.has(c.hash) }));
  return {
    per_page: perPage,
    current_page: page,
    last_page: all.last_page,
    total: all.total,
    data: page === 1 ? [...fresh.data.map((c) => ({ ...c, is_new: true })), ...marked] : marked,
    since: since.toISOString(),
    new_total: fresh.total,
  };
}

/** Which of these resumes this database received after `since` (one query for the page). */
async function changedSince(ctx: AppContext, hashes: string[], since: Date): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const rows = await ctx.database.rows<{ hash: string }>(
    sql`select hash from resumes where hash = any(${`{${hashes.join(',')}}`}::text[]) and changed_at > ${since.toISOString()}::timestamptz`,
  );
  return new Set(rows.map((r) => r.hash));
}
