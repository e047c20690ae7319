import { type Paginated, RESUME_HASH_PATTERN, type ResumeCard, type ResumeContacts, type ResumeFull } from '@hr/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { contactOpenings, type ResumeRow, resumes, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { moscowDay } from '../../lib/moscow-time.ts';
import { limitCount, RATE_LIMITS } from '../../lib/rate-limits.ts';
import { dictionaryLookup } from '../dictionary/dictionary.lookup.ts';
import { CARD_COLUMNS, type CardRow, toCard } from './resume.card.ts';
import { presentResume, resumeContactsOf } from './resume.presenter.ts';
import { canOpenContacts, hasUnlimitedContacts } from './resume.policy.ts';
import { sightOf } from './candidate-view.ts';
import { toOpinionInfo } from '../review/review.summary.ts';
import { resumePageStatement } from './resume.page.ts';
import { pageOf } from '@hr/contract/pagination';

/** The answer for a hash that names no resume of the club's database. */
export const resumeNotFound = () => new AppError('not_found', 'Резюме не найдено');

/** A resume of the club's database; replies to vacancies are not found here (their team sees them elsewhere). */
export async function findClubResume(ctx: AppContext, hash: string): Promise<ResumeRow> {
  if (!RESUME_HASH_PATTERN.test(hash)) throw resumeNotFound();
  const [row] = await ctx.database.db
    .select()
    .from(resumes)
    .where(and(eq(resumes.hash, hash), isNull(resumes.vacancyId)))
    .limit(1);
  if (!row) throw resumeNotFound();
  return row;
}

/** Whether the member opened this resume's contacts before (opened contacts stay open for them). */
export async function hasOpenedContacts(ctx: AppContext, userId: number, resumeId: number): Promise<boolean> {
  const [opened] = await ctx.database.db
    .select({ id: contactOpenings.id })
    .from(contactOpenings)
    .where(and(eq(contactOpenings.userId, userId), eq(contactOpenings.resumeId, resumeId)))
    .limit(1);
  return !!opened;
}

/** The resume page; counts one view per member per Moscow day (one statement: resume.page.ts). */
export async function viewResume(ctx: AppContext, user: UserRow, hash: string): Promise<ResumeFull> {
  if (!RESUME_HASH_PATTERN.test(hash)) throw resumeNotFound();
  const [[row], dict] = await Promise.all([
    resumePageStatement(ctx.database).execute({ hash, user: user.id, day: moscowDay() }),
    dictionaryLookup(ctx.database),
  ]);
  if (!row) throw resumeNotFound();
  const city = row.cityName === null || row.cityRegion === null ? null : { name: row.cityName, region: row.cityRegion };
  const contactsOpened = row.contactsOpened && canOpenContacts(user);
  return {
    ...presentResume(dict, row, city, {
      sight: sightOf(user, contactsOpened),
      favourite: row.favouriteId === null ? null : { note: row.favouriteNote },
      contactsOpened: row.contactsOpened,
      // Opened once, they stay open for this member: reading them again is free (no new opening).
      contacts: contactsOpened ? resumeContactsOf(row) : null,
      canOpenContacts: canOpenContacts(user),
    }),
    ...toOpinionInfo(row),
  };
}

/**
 * Opens a candidate's contacts (the route has checked open_contact); a first opening counts toward the daily
 * limit (unless commerce_account); reopening is free; every opening is logged.
 */
export async function openContacts(ctx: AppContext, user: UserRow, hash: string): Promise<ResumeContacts> {
  const row = await findClubResume(ctx, hash);
  await ctx.database.db.transaction((tx) => recordContactOpening(ctx, tx, user, row.id));
  return resumeContactsOf(row);
}

/**
 * One contact opening of a resume inside the caller's transaction — the contacts button, and a
 * review request (which hands the candidate's name to its sender): logged once in
 * contact_openings, charged if it is the member's first of this resume, 429 past the daily limit.
 */
export async function recordContactOpening(ctx: AppContext, tx: Db, user: UserRow, resumeId: number): Promise<void> {
  const day = moscowDay();
  // One member's openings are counted one at a time, so two tabs cannot both take the last one.
  await tx.execute(sql`select pg_advisory_xact_lock(7281, ${user.id})`);
  const [before] = await tx
    .select({ id: contactOpenings.id })
    .from(contactOpenings)
    .where(and(eq(contactOpenings.userId, user.id), eq(contactOpenings.resumeId, resumeId)))
    .limit(1);
  const charged = !before;
  if (charged && !hasUnlimitedContacts(user)) {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contactOpenings)
      .where(and(eq(contactOpenings.userId, user.id), eq(contactOpenings.day, day), eq(contactOpenings.charged, true)));
    if (n >= limitCount(ctx.config, 'contactOpenings')) {
      throw new AppError('too_many', RATE_LIMITS.contactOpenings.message(0), { retryAfterSeconds: secondsUntilMoscowMidnight() });
    }
  }
  await tx.insert(contactOpenings).values({ resumeId, userId: user.id, day, charged });
}

function secondsUntilMoscowMidnight(now = new Date()): number {
  const moscow = new Date(now.getTime() + 3 * 3600_000); // Moscow keeps UTC+3 all year
  const next = Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate() + 1) - 3 * 3600_000;
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** Most viewed by distinct members over 30 days; ties by the latest view. */
export async function popularResumes(ctx: AppContext, user: UserRow, page: number, perPage: number): Promise<Paginated<ResumeCard>> {
  const since = sql`(now() at time zone 'Europe/Moscow')::date - 30`;
  const [countRow] = await ctx.database.rows<{ n: number }>(sql`
    select count(distinct v.resume_id)::int as n from resume_views v
    join resumes r on r.id = v.resume_id and r.vacancy_id is null
    where v.day > ${since}`);
  const total = countRow?.n ?? 0;
  const rows = await ctx.database.rows<CardRow & { views: number }>(sql`
    with top as (
      select v.resume_id, count(distinct v.user_id)::int as views, max(v.viewed_at) as last_view
      from resume_views v where v.day > ${since}
      group by v.resume_id)
    select ${sql.raw(CARD_COLUMNS)}, top.views
    from top join resumes r on r.id = top.resume_id and r.vacancy_id is null
    left join cities c on c.id = r.city_id
    order by top.views desc, top.last_view desc, r.id desc
    limit ${perPage} offset ${(page - 1) * perPage}`);
  return pageOf(
    rows.map((r) => ({ ...toCard(r, user), views: r.views })),
    total,
    page,
    perPage,
  );
}
