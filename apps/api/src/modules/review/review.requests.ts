import {
  normalizeEmail,
  type Paginated,
  REVIEW_MSG,
  REVIEW_REQUEST_CLOSED_MSG,
  REVIEW_REQUEST_ID_PATTERN,
  REVIEW_REQUEST_TTL_DAYS,
  REVIEW_VERDICT_TITLES,
  type ReviewRequestItem,
  type ReviewRequestPublic,
  type reviewRequestCreateBody,
  type reviewRequestSendBody,
} from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { type ExperienceEntry, type ResumeRow, reviewOpinions, reviewRequests, type UserRow, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { pageOf } from '@hr/contract/pagination';
import { enqueueJob } from '../../lib/queue.ts';
import { RATE_LIMITS } from '../../lib/rate-limits.ts';
import { notify } from '../notify/notify.service.ts';
import { initialsOf, revealText } from '../resume/candidate-view.ts';
import { newResumeHash } from '../resume/resume.hash.ts';
import { authorizeResume, canSeeCandidateNames } from '../resume/resume.policy.ts';
import { findClubResume, recordContactOpening } from '../resume/resume.service.ts';
import { isUniqueViolation } from '../user/user.service.ts';
import { checkAddressee, checkAnswerer } from './review.addressee.ts';
import { reviewRequestMail } from './review.mail.ts';
import { PUBLIC_SELECT, type PublicSqlRow, REQUEST_SELECT, type RequestSqlRow, STATUS_SQL, toPublicRequest, toRequestItem } from './review.presenter.ts';

export const REVIEW_REMINDER_JOB = 'review.reminder';
/** pg_advisory_xact_lock(class, user): one member's requests are counted one at a time. */
const LOCK_CLASS = 7290;
const STILL_OPEN = sql.raw(`status = 'pending' and created_at > now() - interval '${REVIEW_REQUEST_TTL_DAYS} days'`);

const notFound = () => new AppError('not_found', REVIEW_MSG.requestNotFound);
/** The public link carries the request's token, which only the addressee's letter holds (never the requester's id). */
const requestLink = (ctx: AppContext, token: string) => `${ctx.config.appUrl}/review/request/${token}`;

/** Lower case, letters and digits only, without the legal form: «ООО "Вектор"» = «вектор». */
const companyKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(ооо|оао|зао|пао|ао|ип|нко|ltd|llc|inc|gmbh)\b/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The experience entry asked about: by index from the resume page, or by the company typed. */
function experienceEntryFor(resume: ResumeRow, index: number | null | undefined, company: string | null): ExperienceEntry | null {
  if (index != null) {
    const entry = resume.experience[index];
    if (!entry) throw fieldError('experience_index', REVIEW_MSG.experienceIndex);
    return entry;
  }
  if (!company) return null;
  const key = companyKey(company);
  return (key && resume.experience.find((e) => companyKey(e.company) === key)) || null;
}

function secondsUntilMoscowMidnight(now = new Date()): number {
  const moscow = new Date(now.getTime() + 3 * 3600_000); // Moscow keeps UTC+3 all year
  const next = Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate() + 1) - 3 * 3600_000;
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** Rows of a raw statement inside a transaction (both drivers answer `{rows}`). */
const txRows = async <T>(tx: Db, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

async function requesterOf(db: Db, id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}

/**
 * `POST /api/review/request`: only a member who may see the candidate's name (open_contact; others
 * 403), since the letter and the public page carry it; sending counts as a contact opening (the same
 * daily limit, in the same transaction). The addressee may not be the requester or a teammate
 * (422 errors.email). The candidate's consent is recorded with time and IP; at most
 * REVIEW_REQUESTS_PER_DAY per Moscow day, counted under a per-member lock so parallel calls
 * cannot all take the last one; the addressee's letter and the reminder are queued in the same
 * transaction.
 */
export async function createRequest(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof reviewRequestCreateBody>,
  ip: string,
): Promise<ReviewRequestItem> {
  authorizeResume(user, 'open_contacts');
  const resume = await findClubResume(ctx, body.resume_hash);
  const entry = experienceEntryFor(resume, body.experience_index, body.company);
  // The addressee (outside the club) reads the job in the letter and on the public page: the
  // candidate's name is the point of the request, contacts typed into the job's text are not.
  const job = (text: string | null | undefined) => (text ? revealText(text, resume, { names: true, contacts: false }) : null);
  const company = body.company ?? job(entry?.company);
  const position = job(entry?.position);
  const email = normalizeEmail(body.email);
  await checkAddressee(ctx.database.db, user.id, email);
  const id = newResumeHash();
  const token = newResumeHash();
  const candidate = [resume.firstName, resume.lastName].filter(Boolean).join(' ') || resume.title;
  const reminderAt = new Date(Date.now() + ctx.config.reviewReminderHours * 3600_000);
  try {
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${user.id})`);
      // Old pending requests become expired for good, which frees the «one pending per addressee» key.
      await tx.execute(sql`update review_requests set status = 'expired'
        where requester_id = ${user.id} and status = 'pending' and created_at <= now() - interval '${sql.raw(String(REVIEW_REQUEST_TTL_DAYS))} days'`);
      const [count] = await txRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from review_requests where requester_id = ${user.id}
          and created_at >= (date_trunc('day', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow')`,
      );
      const limit = RATE_LIMITS.reviewRequests;
      if ((count?.n ?? 0) >= limit.count) {
        throw new AppError('too_many', limit.message(0), { retryAfterSeconds: secondsUntilMoscowMidnight() });
      }
      // The letter and the public page name the candidate: that is a contact opening, counted here.
      await recordContactOpening(ctx, tx, user, resume.id);
      await tx.insert(reviewRequests).values({
        id,
        token,
        requesterId: user.id,
        resumeId: resume.id,
        email,
        name: body.name,
        company,
        message: body.message,
        candidateFirstName: resume.firstName,
        candidateLastName: resume.lastName,
        candidatePosition: position,
        consentAt: new Date(),
        consentIp: ip,
      });
      await ctx.mail.enqueue(
        tx,
        reviewRequestMail({
          to: email,
          addresseeName: body.name,
          requester: { name: user.name, family: user.family, company: user.company },
          candidate,
          position,
          company,
          message: body.message,
          link: requestLink(ctx, token),
        }),
      );
      await enqueueJob(tx, REVIEW_REMINDER_JOB, { request_id: id }, { runAt: reminderAt });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('email', REVIEW_MSG.duplicateRequest);
    throw err;
  }
  ctx.queue.kick();
  return readOwnRequest(ctx, user, id);
}

async function readOwnRequest(ctx: AppContext, user: UserRow, id: string): Promise<ReviewRequestItem> {
  const [row] = await ctx.database.rows<RequestSqlRow>(sql`select ${REQUEST_SELECT} where q.id = ${id} and q.requester_id = ${user.id}`);
  if (!row) throw notFound();
  return toRequestItem(row, canSeeCandidateNames(user));
}

/** `GET /api/review/request`: the member's own requests, newest first. */
export async function listRequests(ctx: AppContext, user: UserRow, page: number, perPage: number): Promise<Paginated<ReviewRequestItem>> {
  const [rows, [total]] = await Promise.all([
    ctx.database.rows<RequestSqlRow>(sql`select ${REQUEST_SELECT} where q.requester_id = ${user.id}
      order by q.created_at desc, q.id limit ${perPage} offset ${(page - 1) * perPage}`),
    ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from review_requests where requester_id = ${user.id}`),
  ]);
  const names = canSeeCandidateNames(user);
  return pageOf(
    rows.map((r) => toRequestItem(r, names)),
    total?.n ?? 0,
    page,
    perPage,
  );
}

/** Why a request takes no more answers (or resends): 404 when it does not exist at all. */
async function closedError(ctx: AppContext, which: { id: string; requesterId: number } | { token: string }): Promise<AppError> {
  const where = 'token' in which ? sql`q.token = ${which.token}` : sql`q.id = ${which.id} and q.requester_id = ${which.requesterId}`;
  const [row] = await ctx.database.rows<{ status: keyof typeof REVIEW_REQUEST_CLOSED_MSG | 'pending' }>(
    sql`select ${STATUS_SQL} as status from review_requests q where ${where}`,
  );
  if (!row) return notFound();
  if (row.status === 'pending') return fieldError('status', REVIEW_MSG.resentAlready);
  return fieldError('status', REVIEW_REQUEST_CLOSED_MSG[row.status]);
}

/** `POST /api/review/request/{id}/resend`: once, while pending; the letter goes out again. */
export async function resendRequest(ctx: AppContext, user: UserRow, id: string): Promise<ReviewRequestItem> {
  if (!REVIEW_REQUEST_ID_PATTERN.test(id)) throw notFound();
  const sent = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviewRequests)
      .set({ resentAt: new Date() })
      .where(and(eq(reviewRequests.id, id), eq(reviewRequests.requesterId, user.id), sql`resent_at is null and ${STILL_OPEN}`))
      .returning();
    if (!row) return null;
    const candidate = [row.candidateFirstName, row.candidateLastName].filter(Boolean).join(' ') || row.candidatePosition || 'кандидат';
    await ctx.mail.enqueue(
      tx,
      reviewRequestMail({
        to: row.email,
        addresseeName: row.name,
        requester: { name: user.name, family: user.family, company: user.company },
        candidate,
        position: row.candidatePosition,
        company: row.company,
        message: row.message,
        link: requestLink(ctx, row.token),
        again: true,
      }),
    );
    return row;
  });
  if (!sent) throw await closedError(ctx, { id, requesterId: user.id });
  ctx.queue.kick();
  return readOwnRequest(ctx, user, id);
}

/** `GET /api/review/request/{token}` (public): who asks and about whom, nothing more. */
export async function getPublicRequest(ctx: AppContext, token: string): Promise<ReviewRequestPublic> {
  if (!REVIEW_REQUEST_ID_PATTERN.test(token)) throw notFound();
  const [row] = await ctx.database.rows<PublicSqlRow>(sql`select ${PUBLIC_SELECT} where q.token = ${token}`);
  if (!row) throw notFound();
  return toPublicRequest(row);
}

/** The request behind a public link, for the checks before an answer or a decline. */
async function requestByToken(ctx: AppContext, token: string) {
  if (!REVIEW_REQUEST_ID_PATTERN.test(token)) throw notFound();
  const [row] = await ctx.database.db
    .select({ requesterId: reviewRequests.requesterId, email: reviewRequests.email })
    .from(reviewRequests)
    .where(eq(reviewRequests.token, token))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * `POST /api/review/request/{token}/send` (public): the one answer. Refused (403) from a session of
 * the requester or their team, and when the address belongs to them; an address of another club
 * member makes the answer that member's opinion (one per member per resume). The status moves from
 * pending in a single conditional update, so of two simultaneous answers exactly one wins.
 */
export async function answerRequest(
  ctx: AppContext,
  token: string,
  body: z.output<typeof reviewRequestSendBody>,
  ip: string,
  session?: Pick<UserRow, 'id'> | null,
): Promise<ReviewRequestPublic> {
  const addressee = await checkAnswerer(ctx.database.db, await requestByToken(ctx, token), session);
  const answered = await ctx.database.db.transaction(async (tx) => {
    const [req] = await tx
      .update(reviewRequests)
      .set({ status: 'answered', answeredAt: new Date(), answerIp: ip, answerConsentVersion: body.consent_version })
      .where(and(eq(reviewRequests.token, token), STILL_OPEN))
      .returning();
    if (!req) return null;
    try {
      await tx.insert(reviewOpinions).values({
        resumeId: req.resumeId,
        source: 'request',
        requestId: req.id,
        authorId: addressee?.id ?? null,
        verdict: body.verdict,
        text: body.text,
        relation: 'employer',
        company: req.company,
        externalName: body.author_name,
        externalCompany: body.author_company,
        externalPosition: body.author_position,
      });
    } catch (err) {
      // The addressee is a member who has an opinion about the candidate already.
      if (isUniqueViolation(err)) throw fieldError('status', REVIEW_MSG.addresseeHasOpinion);
      throw err;
    }
    return req;
  });
  if (!answered) throw await closedError(ctx, { token });
  const who = body.author_name + (body.author_company ? ` (${body.author_company})` : '');
  await tellRequester(ctx, answered, 'report_reply_notify', {
    title: 'Получен отзыв о кандидате',
    message: `${who} ответил(а) на ваш запрос рекомендации о кандидате ${await candidateLabel(ctx, answered)}: «${REVIEW_VERDICT_TITLES[body.verdict]}».`,
    url: `/resume/${await resumeHashOf(ctx, answered.resumeId)}`,
  });
  return getPublicRequest(ctx, token);
}

/** `POST /api/review/request/{token}/decline` (public); the same refusals as an answer. */
export async function declineRequest(
  ctx: AppContext,
  token: string,
  reason: string | null,
  ip: string,
  session?: Pick<UserRow, 'id'> | null,
): Promise<ReviewRequestPublic> {
  await checkAnswerer(ctx.database.db, await requestByToken(ctx, token), session);
  const [declined] = await ctx.database.db
    .update(reviewRequests)
    .set({ status: 'declined', answeredAt: new Date(), answerIp: ip, declineReason: reason })
    .where(and(eq(reviewRequests.token, token), STILL_OPEN))
    .returning();
  if (!declined) throw await closedError(ctx, { token });
  await tellRequester(ctx, declined, 'report_reply_notify', {
    title: 'Отказ от рекомендации',
    message: `${declined.name}${declined.company ? ` (${declined.company})` : ''} отказался(-ась) дать рекомендацию о кандидате ${await candidateLabel(ctx, declined)}.${reason ? ` Причина: ${reason}` : ''}`,
    url: '/profile?tab=reviews',
  });
  return getPublicRequest(ctx, token);
}

/**
 * The reminder job: once, if the request is still pending when it comes due. The mark is set
 * first (so two workers cannot both remind) and cleared again if the notification fails.
 */
export async function remindRequester(ctx: AppContext, requestId: string): Promise<void> {
  const [req] = await ctx.database.db
    .update(reviewRequests)
    .set({ remindedAt: new Date() })
    .where(and(eq(reviewRequests.id, requestId), sql`reminded_at is null and ${STILL_OPEN}`))
    .returning();
  if (!req) return;
  try {
    await tellRequester(ctx, req, 'not_reply_notify', {
      title: 'Нет ответа на запрос рекомендации',
      message: `${req.name}${req.company ? ` (${req.company})` : ''} пока не ответил(а) на ваш запрос рекомендации о кандидате ${await candidateLabel(ctx, req)}. Письмо можно отправить повторно из личного кабинета.`,
      url: '/profile?tab=reviews',
    });
  } catch (err) {
    await ctx.database.db.update(reviewRequests).set({ remindedAt: null }).where(eq(reviewRequests.id, requestId));
    throw err;
  }
}

type RequestRow = typeof reviewRequests.$inferSelect;

/** The site notification always; the e-mail/Telegram copies only with the requester's preference flag. */
async function tellRequester(
  ctx: AppContext,
  req: RequestRow,
  preference: 'report_reply_notify' | 'not_reply_notify',
  input: { title: string; message: string; url: string },
): Promise<void> {
  const requester = await requesterOf(ctx.database.db, req.requesterId);
  if (!requester) return;
  await notify(ctx, requester.id, input, { copies: requester.flags.includes(preference) });
}

/** Names for a requester who may see them (open_contact), initials otherwise; with the position. */
async function candidateLabel(ctx: AppContext, req: RequestRow): Promise<string> {
  const requester = await requesterOf(ctx.database.db, req.requesterId);
  const name =
    requester && canSeeCandidateNames(requester)
      ? [req.candidateFirstName, req.candidateLastName].filter(Boolean).join(' ')
      : initialsOf(req.candidateFirstName, req.candidateLastName);
  return name + (req.candidatePosition ? ` (${req.candidatePosition})` : '');
}

async function resumeHashOf(ctx: AppContext, resumeId: number): Promise<string> {
  const [row] = await ctx.database.rows<{ hash: string }>(sql`select hash from resumes where id = ${resumeId}`);
  return row?.hash ?? '';
}
