import { AUTOSEARCH_DIGEST_CARDS, AUTOSEARCH_MSG, AUTOSEARCH_PROBLEM } from '@hr/contract';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { type SavedSearchRow, savedSearches, teamMembers, type UserRow, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { CARD_COLUMNS, type CardRow, toCard } from '../../resume/resume.card.ts';
import { matchedIds, matchingIdsSql, statsKey } from '../../resume/search/search.service.ts';
import { enqueueTelegramMessage, isTelegramConfigured } from '../../telegram/telegram.service.ts';
import { parseSavedQuery, problemOf, specOfSavedSearch } from '../autosearch.query.ts';
import { dueBoundary, lastDailyBoundary, lastWeeklyBoundary } from './digest.schedule.ts';
import { type DigestContent, digestHtml, digestSubject, digestTelegramText, digestText } from './digest.mail.ts';
import { type DigestSessions, openDigestSessions } from './digest.session.ts';
import { tokenIsValid, tokenSearchId, unsubscribeToken } from './digest.token.ts';

/**
 * The digests of saved searches (PRODUCT 10). One pass (the periodic `autosearch.digest` job, or
 * the bench calling runDigestPass): the searches due at `now` run on the resumes changed since
 * their last run — the changed ids are read once (resumes_changed_idx) and those rows copied once
 * per session (digest.session.ts), then each search is ONE statement of the search's own filters
 * restricted to the ids of its window (matchingIdsSql: one plan, one set of rules; a `similar_to`
 * search is its own gathering and scoring, as its count and pages), equal searches once. A search
 * of the replies to the member's and team's vacancies (`only_in_responses`) reads the replies
 * those vacancies received in its window (a reply is not a club resume). What it finds is written
 * to saved_search_sent first and only what that insert took is sent, so a resume reaches a member
 * once per saved search, even when it changes again.
 */

/**
 * A search looks back this far before its watermark: a resume written by a transaction that began
 * before the last run but committed after it has a `changed_at` behind the watermark (an import
 * runs for a while). saved_search_sent keeps the overlap from resending.
 */
export const DIGEST_OVERLAP_MS = 10 * 60_000;
/**
 * No search looks further back than this (a weekly search's window is 7 days and the overlap): a
 * search whose statement keeps failing keeps its watermark and is tried again at every pass, but
 * its window — and so what the pass reads for everyone, which starts at the oldest window — stops
 * growing here. Chosen over marking such a search broken after some failures: a failure is often
 * the database's (a restart, a timeout under load), not the search's, and the member would be told
 * their search is broken for it; past this bound the resumes older than a week are not sent.
 */
export const DIGEST_MAX_WINDOW_MS = 8 * 86_400_000;
/** Search statements of one pass at a time (sessions of the primary held for the pass): the club's own searches keep the other cores. */
export const DIGEST_CONCURRENCY = 2;

export type DigestPassResult = {
  /** Saved searches due at `now` whose owner is not blocked. */
  due: number;
  /** Resumes changed in the pass's window, read once. */
  changed: number;
  /** Search statements run (equal searches with the same window run once). */
  statements: number;
  /** Digests queued: searches with something new for their member. */
  digests: number;
  /** Resumes in those digests (each once per search). */
  resumes: number;
  /** Searches that no longer run for their owner (broken_reason written). */
  broken: number;
  /** Searches whose statement or delivery failed: left due, tried again at the next pass. */
  failed: number;
  /** Wall time of the pass. */
  ms: number;
};

type SearchSpec = Awaited<ReturnType<typeof specOfSavedSearch>>;
type Owner = UserRow & { leadFlags: string[] };
type DueSearch = { search: SavedSearchRow; owner: Owner; email: boolean; telegram: boolean };

/**
 * Where a search's window starts (ms; resumes changed after it): the overlap before its watermark,
 * but never before the search was made or its digest switched on (`digest_from`), nor further
 * back than DIGEST_MAX_WINDOW_MS.
 */
export function windowStart(search: Pick<SavedSearchRow, 'watermark' | 'digestFrom' | 'createdAt'>, now: Date): number {
  return Math.max(
    search.watermark.getTime() - DIGEST_OVERLAP_MS,
    (search.digestFrom ?? search.createdAt).getTime(),
    now.getTime() - DIGEST_MAX_WINDOW_MS,
  );
}

export async function runDigestPass(ctx: AppContext, now = new Date()): Promise<DigestPassResult> {
  const started = performance.now();
  const result: DigestPassResult = { due: 0, changed: 0, statements: 0, digests: 0, resumes: 0, broken: 0, failed: 0, ms: 0 };
  const due = await dueSearches(ctx, now);
  result.due = due.length;
  /** Searches whose watermark moves to `now` with nothing sent; `resolved`: their query ran fine (broken_reason cleared). */
  const quiet: number[] = [];
  const resolved: number[] = [];
  const broken: { id: number; reason: string }[] = [];

  // A search nobody would receive (channels off, preferences off, no bot) only moves on.
  const deliverable = due.filter((d) => d.email || d.telegram);
  for (const d of due) if (!d.email && !d.telegram) quiet.push(d.search.id);

  const since = Math.min(...deliverable.map((d) => windowStart(d.search, now)));
  const changed = deliverable.length ? await changedSince(ctx, new Date(since), now) : [];
  result.changed = changed.length;

  // Resolve every search for its owner; equal plans over the same window share one statement.
  const groups = new Map<string, { spec: SearchSpec; members: DueSearch[] }>();
  const join = (d: DueSearch, spec: SearchSpec, from: number, ids: number[] | null) => {
    const key = `${statsKey({ ...spec, onlyIds: null })}|${from}`;
    const group = groups.get(key);
    if (group) group.members.push(d);
    else groups.set(key, { spec: { ...spec, onlyIds: ids }, members: [d] });
  };
  /** Searches of the replies to the member's and team's vacancies (`only_in_responses`): their window is read after. */
  const ofReplies: { d: DueSearch; spec: SearchSpec; from: number }[] = [];
  let resolving = 0;
  for (const d of deliverable) {
    // Resolving takes settled (cached) promises only: without this the API would not answer until all are resolved.
    if (++resolving % 64 === 0) await new Promise(setImmediate);
    const from = windowStart(d.search, now);
    // A search that no longer runs for its owner (an option lost, a value gone) is skipped with its reason.
    const q = parseSavedQuery(d.search.query);
    if (!q) {
      broken.push({ id: d.search.id, reason: AUTOSEARCH_PROBLEM.unreadable });
      continue;
    }
    // The changed club resumes are no reply (vacancy_id is null): a replies' search is resolved to learn its vacancies.
    const replies = q.label.includes('only_in_responses');
    const ids = replies ? [] : idsAfter(changed, from);
    if (!replies && !ids.length) {
      quiet.push(d.search.id);
      continue;
    }
    let spec: SearchSpec;
    try {
      spec = await specOfSavedSearch(ctx, q, d.owner, now);
    } catch (e) {
      const reason = problemOf(e, q, d.owner);
      if (reason) broken.push({ id: d.search.id, reason });
      else {
        // Not the search's own refusal (the database, say): left due for the next pass.
        ctx.log.error({ err: e, search: d.search.id }, 'autosearch digest: search not resolved');
        result.failed++;
      }
      continue;
    }
    if (spec.vacancyIds) {
      if (spec.vacancyIds.length) ofReplies.push({ d, spec, from });
      else {
        // No vacancies (yet): the search finds nothing, as its page does.
        quiet.push(d.search.id);
        resolved.push(d.search.id);
      }
      continue;
    }
    // The copy holds exactly the changed resumes, so the window is its time, not a list of 5,000 ids
    // in every statement (a `similar_to` search keeps the list: its gathering reads its own way).
    if (spec.similar) join(d, spec, from, ids);
    else join(d, { ...spec, changedSince: new Date(from) }, from, null);
  }

  // The replies received in the window by the vacancies of those searches: one read for all of them.
  const copied = changed.map((c) => c.id);
  if (ofReplies.length) {
    const vacancies = [...new Set(ofReplies.flatMap((r) => r.spec.vacancyIds ?? []))];
    const received = await repliesSince(ctx, vacancies, new Date(Math.min(...ofReplies.map((r) => r.from))), now);
    const used = new Set<number>();
    for (const { d, spec, from } of ofReplies) {
      const mine = new Set(spec.vacancyIds);
      const ids = received.filter((c) => c.at > from && mine.has(c.vacancy)).map((c) => c.id);
      if (!ids.length) {
        quiet.push(d.search.id);
        resolved.push(d.search.id);
        continue;
      }
      for (const id of ids) used.add(id);
      join(d, spec, from, ids);
    }
    result.changed += used.size;
    copied.push(...used);
  }

  const list = [...groups.values()];
  // The changed resumes copied once per session: each search then reads a few thousand rows, not the base.
  const sessions = list.length
    ? await openDigestSessions(
        ctx.database,
        copied,
        ctx.database.kind === 'postgres' ? DIGEST_CONCURRENCY : 1,
      )
    : null;
  let next = 0;
  const worker = async (session: number) => {
    while (next < list.length) {
      const group = list[next++] as (typeof list)[number];
      let found: number[];
      try {
        const statement = matchingIdsSql(group.spec, (sessions as DigestSessions).table);
        found = matchedIds(group.spec, await (sessions as DigestSessions).query<{ id: number | string }>(session, statement));
        result.statements++;
      } catch (err) {
        ctx.log.error({ err, searches: group.members.map((m) => m.search.id) }, 'autosearch digest: search failed');
        result.failed += group.members.length;
        continue;
      }
      for (const d of group.members) {
        if (!found.length) {
          quiet.push(d.search.id);
          resolved.push(d.search.id);
          continue;
        }
        try {
          const sent = await deliver(ctx, d, found, now);
          if (sent) {
            result.digests++;
            result.resumes += sent;
          }
        } catch (err) {
          ctx.log.error({ err, search: d.search.id }, 'autosearch digest: delivery failed');
          result.failed++;
        }
      }
    }
  };
  try {
    if (sessions) await Promise.all(Array.from({ length: sessions.size }, (_, i) => worker(i)));
  } finally {
    await sessions?.release();
  }

  await moveOn(ctx, quiet, resolved, broken, now);
  result.broken = broken.length;
  if (result.digests) ctx.queue.kick();
  result.ms = Math.round(performance.now() - started);
  return result;
}

/** The saved searches due at `now`, with their owners (not blocked) as viewers and the channels that reach them. */
async function dueSearches(ctx: AppContext, now: Date): Promise<DueSearch[]> {
  const lead = alias(users, 'lead');
  const s = savedSearches;
  const rows = await ctx.database.db
    .select({ search: s, owner: users, leadFlags: lead.flags })
    .from(s)
    .innerJoin(users, eq(users.id, s.userId))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(lead, eq(lead.id, teamMembers.leadId))
    .where(
      and(
        ne(s.frequency, 'off'),
        sql`${users.blockedAt} is null`,
        or(
          and(eq(s.frequency, 'instant'), lt(s.watermark, dueBoundary('instant', now) as Date)),
          and(eq(s.frequency, 'daily'), lt(s.watermark, lastDailyBoundary(now))),
          and(eq(s.frequency, 'weekly'), lt(s.watermark, lastWeeklyBoundary(now))),
        ),
      ),
    )
    .orderBy(s.id);
  const bot = isTelegramConfigured(ctx);
  return rows.map(({ search, owner, leadFlags }) => ({
    search,
    owner: { ...owner, leadFlags: leadFlags ?? [] },
    email: search.channelEmail && owner.notifyEmail,
    telegram: search.channelTelegram && owner.notifyTelegram && !!owner.telegramChatId && bot,
  }));
}

type Changed = { id: number; at: number };

/** The resumes this database received in (since, now], oldest first (resumes_changed_idx). */
async function changedSince(ctx: AppContext, since: Date, now: Date): Promise<Changed[]> {
  const rows = await ctx.database.rows<{ id: number | string; at: number | string }>(sql`
    select r.id, (extract(epoch from r.changed_at) * 1000)::float8 as at from resumes r
    where r.vacancy_id is null and r.changed_at > ${since.toISOString()}::timestamptz and r.changed_at <= ${now.toISOString()}::timestamptz
    order by r.changed_at, r.id`);
  return rows.map((r) => ({ id: Number(r.id), at: Number(r.at) }));
}

/** The replies to these vacancies received in (since, now] (each reply is its own resume row, vacancy_id set). */
async function repliesSince(ctx: AppContext, vacancies: number[], since: Date, now: Date): Promise<(Changed & { vacancy: number })[]> {
  const rows = await ctx.database.rows<{ id: number | string; at: number | string; vacancy: number | string }>(sql`
    select r.id, (extract(epoch from r.changed_at) * 1000)::float8 as at, r.vacancy_id as vacancy from resumes r
    where r.vacancy_id = any(${idArray(vacancies)}::bigint[])
      and r.changed_at > ${since.toISOString()}::timestamptz and r.changed_at <= ${now.toISOString()}::timestamptz`);
  return rows.map((r) => ({ id: Number(r.id), at: Number(r.at), vacancy: Number(r.vacancy) }));
}

/** The ids changed after `from` (the list is in time order: a binary search finds the start). */
function idsAfter(changed: Changed[], from: number): number[] {
  let lo = 0;
  let hi = changed.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((changed[mid] as Changed).at > from) hi = mid;
    else lo = mid + 1;
  }
  return changed.slice(lo).map((c) => c.id);
}

/**
 * One search's digest, in one transaction: the found resumes not sent before are recorded, the
 * letter and the message queued with the first cards, the watermark moved. The number of resumes
 * sent (0: nothing new, nothing queued). A search switched off or changed meanwhile is left alone.
 */
async function deliver(ctx: AppContext, d: DueSearch, found: number[], now: Date): Promise<number> {
  const { search, owner } = d;
  return ctx.database.db.transaction(async (tx) => {
    // Thousands of these per pass need not each wait for the WAL flush: a crash loses the record,
    // the letter and the watermark together, and the next pass sends that digest again.
    if (ctx.database.kind === 'postgres') await tx.execute(sql`set local synchronous_commit = off`);
    const [current] = await tx
      .select({ frequency: savedSearches.frequency, query: savedSearches.query })
      .from(savedSearches)
      .where(eq(savedSearches.id, search.id))
      .for('update');
    if (!current || current.frequency === 'off' || current.query !== search.query) return 0;
    const fresh = await rowsOf<{ resume_id: number | string }>(
      tx,
      sql`insert into saved_search_sent (search_id, resume_id, sent_at)
        select ${search.id}, x, ${now.toISOString()}::timestamptz from unnest(${idArray(found)}::bigint[]) as x
        on conflict do nothing returning resume_id`,
    );
    const ids = fresh.map((r) => Number(r.resume_id));
    if (ids.length) {
      const rows = await rowsOf<CardRow>(
        tx,
        sql`select ${sql.raw(CARD_COLUMNS)} from resumes r left join cities c on c.id = r.city_id
          where r.id = any(${idArray(ids)}::bigint[]) order by r.changed_at desc, r.id desc limit ${AUTOSEARCH_DIGEST_CARDS}`,
      );
      const token = unsubscribeToken(ctx.config.sessionSecret, search.id, owner.id);
      const content: DigestContent = {
        searchId: search.id,
        name: search.name,
        total: ids.length,
        // The one rule of what this member may see of a candidate; a digest never has contacts.
        cards: rows.map((row) => toCard(row, owner)),
        appUrl: ctx.config.appUrl,
        unsubscribeUrl: `${ctx.config.appUrl}/autosearch/unsubscribe/${token}`,
      };
      if (d.email) {
        const mail = {
          to: owner.email,
          subject: digestSubject(search.name, ids.length),
          text: digestText(content),
          html: digestHtml(content),
          // RFC 8058: the mail client's own «Отписаться» posts to the API with the same token.
          headers: {
            'List-Unsubscribe': `<${ctx.config.appUrl}/api/autosearch/unsubscribe/${token}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        };
        await ctx.mail.enqueue(tx, mail, { priority: 'bulk' });
      }
      if (d.telegram && owner.telegramChatId) await enqueueTelegramMessage(tx, owner.telegramChatId, digestTelegramText(content), { priority: 'bulk' });
    }
    await tx
      .update(savedSearches)
      .set({
        watermark: sql`greatest(${savedSearches.watermark}, ${now.toISOString()}::timestamptz)`,
        brokenReason: null,
        ...(ids.length ? { lastDigestAt: now } : {}),
      })
      .where(eq(savedSearches.id, search.id));
    return ids.length;
  });
}

/** Searches with nothing to send move their watermark to `now`; broken ones get their reason. */
async function moveOn(ctx: AppContext, quiet: number[], resolved: number[], broken: { id: number; reason: string }[], now: Date) {
  const at = now.toISOString();
  const { db } = ctx.database;
  if (quiet.length)
    await db.execute(sql`
      update saved_searches set watermark = greatest(watermark, ${at}::timestamptz),
        broken_reason = case when id = any(${idArray(resolved)}::bigint[]) then null else broken_reason end
      where id = any(${idArray(quiet)}::bigint[])`);
  for (const b of broken)
    await db.execute(sql`
      update saved_searches set watermark = greatest(watermark, ${at}::timestamptz), broken_reason = ${b.reason}
      where id = ${b.id}`);
}

const idArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

async function rowsOf<T>(tx: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
}

// ─── unsubscribe ──────────────────────────────────────────────────────────────────────────────

/**
 * `POST /api/autosearch/unsubscribe/{token}`: the digest of the token's search is switched off
 * (frequency `off`), no login needed; the answer names the search. Opening it again answers the
 * same. A token that does not verify: 404 «Ссылка для отписки недействительна или устарела».
 */
export async function unsubscribeDigest(ctx: AppContext, token: string): Promise<{ name: string }> {
  const invalid = () => new AppError('not_found', AUTOSEARCH_MSG.unsubscribeInvalid);
  const id = tokenSearchId(token);
  if (id === null) throw invalid();
  const [row] = await ctx.database.db
    .select({ id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name })
    .from(savedSearches)
    .where(eq(savedSearches.id, id));
  if (!row || !tokenIsValid(ctx.config.sessionSecret, token, row.id, row.userId)) throw invalid();
  await ctx.database.db.update(savedSearches).set({ frequency: 'off', updatedAt: new Date() }).where(eq(savedSearches.id, row.id));
  return { name: row.name };
}

export { unsubscribeToken } from './digest.token.ts';
