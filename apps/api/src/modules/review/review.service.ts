import { type Opinion, type opinionCreateBody, type opinionListQuery, type opinionUpdateBody, type Paginated, REVIEW_MSG } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { reviewOpinions, type UserRow } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { pageOf } from '@hr/contract/pagination';
import { canSeeCandidateNames } from '../resume/resume.policy.ts';
import { findClubResume } from '../resume/resume.service.ts';
import { isUniqueViolation } from '../user/user.service.ts';
import { editableBy } from './review.policy.ts';
import { OPINION_SELECT, type OpinionSqlRow, type OpinionViewer, toOpinion } from './review.presenter.ts';

type ListQuery = z.output<typeof opinionListQuery>;

const viewerOf = (user: UserRow): OpinionViewer => ({ userId: user.id, canSeeNames: canSeeCandidateNames(user) });
const notFound = () => new AppError('not_found', REVIEW_MSG.notFound);

/** Opinion ids in URLs: a positive integer, anything else is simply not found. */
export function opinionIdOf(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

/**
 * `GET /api/review`: the visible opinions about one candidate, newest first; or (`mine`) the
 * member's own, hidden ones included and marked, each saying whom it is about.
 */
export async function listOpinions(ctx: AppContext, user: UserRow, q: ListQuery): Promise<Paginated<Opinion>> {
  const viewer = viewerOf(user);
  let where: ReturnType<typeof sql>;
  if (q.resume_hash) {
    const resume = await findClubResume(ctx, q.resume_hash);
    where = sql`o.resume_id = ${resume.id} and o.hidden_at is null`;
  } else {
    where = sql`o.author_id = ${user.id}`;
  }
  const [rows, [total]] = await Promise.all([
    ctx.database.rows<OpinionSqlRow>(
      sql`select ${OPINION_SELECT} where ${where} order by o.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
    ),
    ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from review_opinions o where ${where}`),
  ]);
  return pageOf(
    rows.map((r) => toOpinion(r, viewer, !q.resume_hash)),
    total?.n ?? 0,
    q.page,
    q.per_page,
  );
}

async function readOpinion(ctx: AppContext, user: UserRow, id: number): Promise<Opinion> {
  const [row] = await ctx.database.rows<OpinionSqlRow>(sql`select ${OPINION_SELECT} where o.id = ${id}`);
  if (!row) throw notFound();
  return toOpinion(row, viewerOf(user), true);
}

/** One opinion per member per resume: checked first for a clear answer, and by the unique index under a race. */
export async function createOpinion(ctx: AppContext, user: UserRow, body: z.output<typeof opinionCreateBody>): Promise<Opinion> {
  const resume = await findClubResume(ctx, body.resume_hash);
  const { db } = ctx.database;
  const duplicate = () => fieldError('resume_hash', REVIEW_MSG.duplicate);
  const [existing] = await db
    .select({ id: reviewOpinions.id })
    .from(reviewOpinions)
    .where(and(eq(reviewOpinions.resumeId, resume.id), eq(reviewOpinions.authorId, user.id)))
    .limit(1);
  if (existing) throw duplicate();
  let id: number;
  try {
    const [row] = await db
      .insert(reviewOpinions)
      .values({
        resumeId: resume.id,
        source: 'member',
        authorId: user.id,
        verdict: body.verdict,
        text: body.text,
        relation: body.relation,
        company: body.company,
        periodFrom: body.period_from,
        periodTo: body.period_to,
      })
      .returning({ id: reviewOpinions.id });
    id = row?.id as number;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
  return readOpinion(ctx, user, id);
}

/** Only the author reads it here; for everybody else it does not exist. */
export async function getOwnOpinion(ctx: AppContext, user: UserRow, rawId: string): Promise<Opinion> {
  const id = opinionIdOf(rawId);
  const opinion = await readOpinion(ctx, user, id);
  if (!opinion.permissions.can_edit) throw notFound();
  return opinion;
}

export async function updateOpinion(ctx: AppContext, user: UserRow, rawId: string, body: z.output<typeof opinionUpdateBody>): Promise<Opinion> {
  const id = opinionIdOf(rawId);
  const done = await ctx.database.db
    .update(reviewOpinions)
    .set({
      verdict: body.verdict,
      text: body.text,
      relation: body.relation,
      company: body.company,
      periodFrom: body.period_from,
      periodTo: body.period_to,
      updatedAt: new Date(),
    })
    .where(and(eq(reviewOpinions.id, id), editableBy(user.id)))
    .returning({ id: reviewOpinions.id });
  if (!done.length) throw notFound();
  return readOpinion(ctx, user, id);
}

export async function deleteOpinion(ctx: AppContext, user: UserRow, rawId: string): Promise<void> {
  const id = opinionIdOf(rawId);
  const done = await ctx.database.db
    .delete(reviewOpinions)
    .where(and(eq(reviewOpinions.id, id), editableBy(user.id)))
    .returning({ id: reviewOpinions.id });
  if (!done.length) throw notFound();
}

/** Moderation (admin back office): a hidden opinion is listed and counted for nobody but its author. */
export async function hideOpinion(ctx: AppContext, id: number, reason: string | null): Promise<boolean> {
  const done = await ctx.database.db
    .update(reviewOpinions)
    .set({ hiddenAt: new Date(), hiddenReason: reason })
    .where(eq(reviewOpinions.id, id))
    .returning({ id: reviewOpinions.id });
  return done.length > 0;
}

export async function unhideOpinion(ctx: AppContext, id: number): Promise<boolean> {
  const done = await ctx.database.db
    .update(reviewOpinions)
    .set({ hiddenAt: null, hiddenReason: null })
    .where(eq(reviewOpinions.id, id))
    .returning({ id: reviewOpinions.id });
  return done.length > 0;
}
