import { AUTOSEARCH_COUNT_CAP, AUTOSEARCH_COUNT_TTL_MS, AUTOSEARCH_PROBLEM } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { SavedSearchRow, UserRow } from '../../db/schema/index.ts';
import { countSearchMatches, resolveSearch } from '../resume/search/search.service.ts';
import { parseSavedQuery, problemOf } from './autosearch.query.ts';

type Owner = UserRow & { leadFlags?: string[] };

/** A count of new results runs at most this long; past it the stored count stays (counted on a later visit). */
const COUNT_TIMEOUT_MS = 2000;
/** The whole list's counting stops starting new counts after this. */
const LIST_BUDGET_MS = 4000;
/** Counts run at once, at most this many (the search pool has 8 sessions, shared with searches). */
const COUNT_CONCURRENCY = 3;

/** What the list shows of one saved search now. */
export type SearchState = {
  /** Counted up to AUTOSEARCH_COUNT_CAP + 1 (more than the cap: «999+»). */
  newCount: number;
  problem: string | null;
};

type Recount = { id: number; n: number | null; reason: string | null; opened: string };

/**
 * Each saved search's state for its owner. A search counted within AUTOSEARCH_COUNT_TTL_MS that ran
 * then shows what is stored, without planning it again (the list is asked often; a plan reads the
 * dictionaries and the source of «похожие»): an option lost or a value gone shows at the next count,
 * within the hour, or at once when the member opens its results. Any other search is resolved for
 * the owner as the search would (a broken one each time, so a restored option shows at once) and
 * its `new_count` counted again through the search's own count statement with
 * `changedSince = last_opened_at`. Counts run a few at once under a time limit
 * each; a count that fails or runs out of time leaves the stored one. What changed is stored in one
 * statement, unless the search was opened meanwhile (its count is then 0 from that visit).
 */
export async function statesOf(ctx: AppContext, owner: Owner, rows: SavedSearchRow[], now = new Date()): Promise<SearchState[]> {
  const deadline = performance.now() + LIST_BUDGET_MS;
  const recounts: Recount[] = [];
  // A count stays fresh for the hour only while no club resume has arrived or changed since it was
  // made: an import shows in «новых: N» at the next visit, and a quiet base costs no recount.
  const lastChange = rows.some((r) => r.countedAt) ? await lastResumeChange(ctx) : null;
  const states = await mapBounded(rows, COUNT_CONCURRENCY, async (row): Promise<SearchState> => {
    const stored: SearchState = { newCount: row.newCount, problem: row.brokenReason };
    const remember = (n: number | null, reason: string | null) =>
      recounts.push({ id: row.id, n, reason, opened: row.lastOpenedAt.toISOString() });
    const q = parseSavedQuery(row.query);
    if (!q) {
      if (row.brokenReason !== AUTOSEARCH_PROBLEM.unreadable) remember(null, AUTOSEARCH_PROBLEM.unreadable);
      return { newCount: 0, problem: AUTOSEARCH_PROBLEM.unreadable };
    }
    const fresh =
      row.countedAt !== null &&
      now.getTime() - row.countedAt.getTime() < AUTOSEARCH_COUNT_TTL_MS &&
      (lastChange === null || lastChange <= row.countedAt);
    if (fresh && row.brokenReason === null) return stored;
    let spec: Awaited<ReturnType<typeof resolveSearch>>;
    try {
      spec = await resolveSearch(ctx, q, owner, now);
    } catch (err) {
      const problem = problemOf(err, q, owner);
      if (problem === null) {
        ctx.log.warn({ err, searchId: row.id }, 'saved search not resolved');
        return stored;
      }
      if (problem !== row.brokenReason) remember(null, problem);
      return { newCount: 0, problem };
    }
    const timeLeft = Math.min(COUNT_TIMEOUT_MS, deadline - performance.now());
    if (fresh || timeLeft <= 0) {
      if (row.brokenReason !== null) remember(null, null);
      return { newCount: row.newCount, problem: null };
    }
    try {
      const n = await countSearchMatches(ctx, { ...spec, changedSince: row.lastOpenedAt }, AUTOSEARCH_COUNT_CAP + 1, timeLeft);
      remember(n, null);
      return { newCount: n, problem: null };
    } catch (err) {
      ctx.log.warn({ err, searchId: row.id }, 'new results of a saved search not counted');
      return { newCount: row.newCount, problem: null };
    }
  });
  if (recounts.length) await storeRecounts(ctx, recounts, now);
  return states;
}

/** When a club resume last arrived or changed (the newest `changed_at`: one step of resumes_changed_idx). */
async function lastResumeChange(ctx: AppContext): Promise<Date | null> {
  const [row] = await ctx.database.rows<{ at: string | Date | null }>(
    sql`select max(changed_at) as at from resumes where vacancy_id is null`,
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * One UPDATE for the whole list: the new counts (with their time) and the problems. A count made
 * against a `last_opened_at` that has changed since (the member opened the search meanwhile) is
 * not stored.
 */
async function storeRecounts(ctx: AppContext, recounts: Recount[], now: Date): Promise<void> {
  await ctx.database.db.execute(sql`
    update saved_searches s set
      new_count = case when v.n is null then s.new_count else v.n end,
      counted_at = case when v.n is null then s.counted_at else ${now.toISOString()}::timestamptz end,
      broken_reason = v.reason
    from jsonb_to_recordset(${JSON.stringify(recounts)}::jsonb) as v(id bigint, n int, reason text, opened timestamptz)
    where s.id = v.id and date_trunc('milliseconds', s.last_opened_at) = v.opened`);
}

/** `fn` over the items, at most `limit` running at once; results in the items' order. */
async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
