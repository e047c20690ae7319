import { randomUUID } from 'node:crypto';
import {
  type CriteriaBody,
  type Interview,
  INTERVIEW_MSG,
  INTERVIEW_REMINDER_MINUTES,
  type InterviewList,
  type InterviewPerson,
  type InterviewSaved,
  type interviewBody,
  type feedbackBody,
  type RecommendationValue,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { enqueueJob } from '../../lib/queue.ts';
import { teamOf, vacancyForTeam } from '../vacancy/vacancy.access.ts';
import { type InterviewChange, type InterviewRow, sendInterviewLetters } from './interviews.letters.ts';
import { rowsIn } from './pipeline.db.ts';

/**
 * Interviews of a reply (PRODUCT 11): scheduled, changed and cancelled by the vacancy's team, each
 * change e-mailing an `.ics` with the interview's one UID and a raised SEQUENCE, and a reminder
 * queued for the participants; participants leave feedback scored on the vacancy's criteria.
 * Another team's vacancy, reply or interview is not found (404).
 */

type InterviewInput = z.output<typeof interviewBody>;
type FeedbackInput = z.output<typeof feedbackBody>;

const REPLY_NOT_FOUND = 'Отклик не найден';

/** The vacancy (of the viewer's team) and its reply, or 404. */
async function replyOfTeam(ctx: AppContext, userId: number, vacancyId: number, replyId: number) {
  const vacancy = await vacancyForTeam(ctx, userId, vacancyId);
  const [reply] = await ctx.database.rows<{ id: number }>(sql`select id from vacancy_replies where id = ${replyId} and vacancy_id = ${vacancy.id}`);
  if (!reply) throw new AppError('not_found', REPLY_NOT_FOUND);
  return vacancy;
}

/** Who of the vacancy's team may take part: the owner's team, blocked members left out. */
async function teamPeople(tx: Db, ownerId: number): Promise<InterviewPerson[]> {
  const rows = await rowsIn<InterviewPerson>(
    tx,
    sql`select id, coalesce(name, '') as name, coalesce(family, '') as family from users
        where id in ${teamOf(ownerId)} and blocked_at is null order by family, name, id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, family: r.family }));
}

/** The participants of a body: the team's only (422 otherwise); none named means the scheduling member. */
function participantsOf(ids: number[], team: InterviewPerson[], userId: number): number[] {
  const chosen = [...new Set(ids.length ? ids : [userId])];
  const inTeam = new Set(team.map((p) => p.id));
  if (chosen.some((id) => !inTeam.has(id))) throw fieldError('participant_ids', INTERVIEW_MSG.participantNotInTeam);
  return chosen;
}

function checkStart(body: { starts_at: string }, now = new Date()): Date {
  // Whole seconds: the calendar's DATE-TIME has no finer unit, so the stored time is the invitation's.
  const start = new Date(Math.floor(new Date(body.starts_at).getTime() / 1000) * 1000);
  if (!(start.getTime() > now.getTime())) throw fieldError('starts_at', INTERVIEW_MSG.startsPast);
  return start;
}

/** The reminder of this version of the interview: INTERVIEW_REMINDER_MINUTES before, or now if that has passed. */
async function queueReminder(tx: Db, iv: InterviewRow): Promise<void> {
  const at = new Date(new Date(iv.starts_at).getTime() - INTERVIEW_REMINDER_MINUTES * 60_000);
  await enqueueJob(tx, 'interview.reminder', { interview_id: Number(iv.id), sequence: iv.sequence }, { runAt: at > new Date() ? at : undefined });
}

const INTERVIEW_COLUMNS = sql`id, reply_id, uid, starts_at, minutes, place, link, participant_ids, sequence, created_by, cancelled_at`;

/** The reply's interviews with their people and feedback, in three statements whatever their number. */
async function interviewsOf(ctx: AppContext, viewerId: number, replyId: number, criteria: string[], only?: number): Promise<Interview[]> {
  const rows = await ctx.database.rows<InterviewRow>(
    sql`select ${INTERVIEW_COLUMNS} from interviews where reply_id = ${replyId} ${only ? sql`and id = ${only}` : sql``}
        order by starts_at desc, id desc`,
  );
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  const idList = `{${ids.join(',')}}`;
  const [feedback, people] = await Promise.all([
    ctx.database.rows<{ interview_id: number; user_id: number; scores: Record<string, number>; recommendation: RecommendationValue; comment: string | null; updated_at: Date | string }>(
      sql`select interview_id, user_id, scores, recommendation, comment, updated_at from interview_feedback
          where interview_id = any(${idList}::bigint[]) order by created_at, user_id`,
    ),
    ctx.database.rows<InterviewPerson>(
      sql`select u.id, coalesce(u.name, '') as name, coalesce(u.family, '') as family from users u
          where u.id in (select unnest(participant_ids) from interviews where id = any(${idList}::bigint[])
                         union select created_by from interviews where id = any(${idList}::bigint[])
                         union select user_id from interview_feedback where interview_id = any(${idList}::bigint[]))`,
    ),
  ]);
  const personOf = new Map(people.map((p) => [Number(p.id), { id: Number(p.id), name: p.name, family: p.family }]));
  const someone = (id: number) => personOf.get(id) ?? { id, name: 'Участник', family: '' };
  return rows.map((r) => {
    const participantIds = r.participant_ids.map(Number);
    const cancelled = r.cancelled_at != null;
    return {
      id: Number(r.id),
      reply_id: Number(r.reply_id),
      starts_at: new Date(r.starts_at).toISOString(),
      minutes: r.minutes,
      place: r.place,
      link: r.link,
      participants: participantIds.map(someone),
      sequence: r.sequence,
      cancelled,
      created_by: r.created_by == null ? null : someone(Number(r.created_by)),
      criteria,
      feedback: feedback
        .filter((f) => Number(f.interview_id) === Number(r.id))
        .map((f) => ({ by: someone(Number(f.user_id)), scores: f.scores, recommendation: f.recommendation, comment: f.comment, at: new Date(f.updated_at).toISOString() })),
      can_feedback: !cancelled && participantIds.includes(viewerId),
    };
  });
}

export async function listInterviews(ctx: AppContext, userId: number, vacancyId: number, replyId: number): Promise<InterviewList> {
  const vacancy = await replyOfTeam(ctx, userId, vacancyId, replyId);
  const [items, team] = await Promise.all([interviewsOf(ctx, userId, replyId, vacancy.criteria), teamPeople(ctx.database.db, vacancy.ownerId)]);
  return { items, criteria: vacancy.criteria, team };
}

async function answer(ctx: AppContext, userId: number, replyId: number, criteria: string[], id: number, mail: { candidateNotified: boolean; candidateNote: string | null }): Promise<InterviewSaved> {
  const [interview] = await interviewsOf(ctx, userId, replyId, criteria, id);
  if (!interview) throw new AppError('not_found', INTERVIEW_MSG.notFound);
  return { interview, candidate_notified: mail.candidateNotified, candidate_note: mail.candidateNote };
}

export async function scheduleInterview(ctx: AppContext, userId: number, vacancyId: number, replyId: number, body: InterviewInput): Promise<InterviewSaved> {
  const vacancy = await replyOfTeam(ctx, userId, vacancyId, replyId);
  const start = checkStart(body);
  const { id, mail } = await ctx.database.db.transaction(async (tx) => {
    const participants = participantsOf(body.participant_ids, await teamPeople(tx, vacancy.ownerId), userId);
    const uid = `${randomUUID()}@${new URL(ctx.config.appUrl).hostname}`;
    const [iv] = await rowsIn<InterviewRow>(
      tx,
      sql`insert into interviews (reply_id, uid, starts_at, minutes, place, link, participant_ids, created_by)
          values (${replyId}, ${uid}, ${start.toISOString()}::timestamptz, ${body.minutes}, ${body.place}, ${body.link},
                  ${`{${participants.join(',')}}`}::int[], ${userId})
          returning ${INTERVIEW_COLUMNS}`,
    );
    if (!iv) throw new Error('interview not written');
    await queueReminder(tx, iv);
    const mail = await sendInterviewLetters(ctx, tx, { vacancyId: vacancy.id, userId, interview: iv, change: 'created' });
    return { id: Number(iv.id), mail };
  });
  ctx.queue.kick();
  return answer(ctx, userId, replyId, vacancy.criteria, id, mail);
}

/**
 * A change (PUT) or the cancellation (DELETE): one statement raises `sequence` on an interview that
 * is not cancelled, so two changes at once each get their own number and a cancelled one stays so.
 */
async function changeOrCancel(
  ctx: AppContext,
  userId: number,
  vacancyId: number,
  replyId: number,
  interviewId: number,
  change: Exclude<InterviewChange, 'created'>,
  body: InterviewInput | null,
): Promise<InterviewSaved> {
  const vacancy = await replyOfTeam(ctx, userId, vacancyId, replyId);
  const start = body ? checkStart(body) : null;
  const { mail } = await ctx.database.db.transaction(async (tx) => {
    const [before] = await rowsIn<InterviewRow>(tx, sql`select ${INTERVIEW_COLUMNS} from interviews where id = ${interviewId} and reply_id = ${replyId} for update`);
    if (!before) throw new AppError('not_found', INTERVIEW_MSG.notFound);
    if (before.cancelled_at) throw new AppError('validation', INTERVIEW_MSG.alreadyCancelled, { errors: { interview: [INTERVIEW_MSG.alreadyCancelled] } });
    let iv: InterviewRow | undefined;
    let dropped: number[] = [];
    if (body && start) {
      const participants = participantsOf(body.participant_ids, await teamPeople(tx, vacancy.ownerId), userId);
      dropped = before.participant_ids.map(Number).filter((id) => !participants.includes(id));
      [iv] = await rowsIn<InterviewRow>(
        tx,
        sql`update interviews set starts_at = ${start.toISOString()}::timestamptz, minutes = ${body.minutes}, place = ${body.place},
              link = ${body.link}, participant_ids = ${`{${participants.join(',')}}`}::int[], sequence = sequence + 1,
              reminded_at = null, updated_at = now()
            where id = ${interviewId} returning ${INTERVIEW_COLUMNS}`,
      );
    } else {
      [iv] = await rowsIn<InterviewRow>(
        tx,
        sql`update interviews set cancelled_at = now(), sequence = sequence + 1, updated_at = now()
            where id = ${interviewId} returning ${INTERVIEW_COLUMNS}`,
      );
    }
    if (!iv) throw new AppError('not_found', INTERVIEW_MSG.notFound);
    if (change === 'changed') await queueReminder(tx, iv);
    return { mail: await sendInterviewLetters(ctx, tx, { vacancyId: vacancy.id, userId, interview: iv, change, dropped }) };
  });
  ctx.queue.kick();
  return answer(ctx, userId, replyId, vacancy.criteria, interviewId, mail);
}

export const changeInterview = (ctx: AppContext, userId: number, vacancyId: number, replyId: number, interviewId: number, body: InterviewInput) =>
  changeOrCancel(ctx, userId, vacancyId, replyId, interviewId, 'changed', body);

export const cancelInterview = (ctx: AppContext, userId: number, vacancyId: number, replyId: number, interviewId: number) =>
  changeOrCancel(ctx, userId, vacancyId, replyId, interviewId, 'cancelled', null);

/** A participant's feedback, one per member (a second one replaces the first): scores only on the vacancy's criteria. */
export async function leaveFeedback(ctx: AppContext, userId: number, vacancyId: number, replyId: number, interviewId: number, body: FeedbackInput): Promise<Interview> {
  const vacancy = await replyOfTeam(ctx, userId, vacancyId, replyId);
  const [iv] = await ctx.database.rows<InterviewRow>(sql`select ${INTERVIEW_COLUMNS} from interviews where id = ${interviewId} and reply_id = ${replyId}`);
  if (!iv) throw new AppError('not_found', INTERVIEW_MSG.notFound);
  if (!iv.participant_ids.map(Number).includes(userId)) throw new AppError('forbidden', INTERVIEW_MSG.notParticipant);
  if (iv.cancelled_at) throw new AppError('validation', INTERVIEW_MSG.alreadyCancelled, { errors: { interview: [INTERVIEW_MSG.alreadyCancelled] } });
  const known = new Set(vacancy.criteria);
  const names = Object.keys(body.scores);
  if (names.some((c) => !known.has(c))) throw fieldError('scores', INTERVIEW_MSG.scoreUnknown);
  if (!names.length) throw fieldError('scores', INTERVIEW_MSG.scoresRequired);
  await ctx.database.db.execute(sql`
    insert into interview_feedback (interview_id, user_id, scores, recommendation, comment)
    values (${interviewId}, ${userId}, ${JSON.stringify(body.scores)}::jsonb, ${body.recommendation}, ${body.comment})
    on conflict (interview_id, user_id) do update
      set scores = excluded.scores, recommendation = excluded.recommendation, comment = excluded.comment, updated_at = now()`);
  const [interview] = await interviewsOf(ctx, userId, replyId, vacancy.criteria, interviewId);
  if (!interview) throw new AppError('not_found', INTERVIEW_MSG.notFound);
  return interview;
}

export async function vacancyCriteria(ctx: AppContext, userId: number, vacancyId: number): Promise<{ criteria: string[] }> {
  const vacancy = await vacancyForTeam(ctx, userId, vacancyId);
  return { criteria: vacancy.criteria };
}

/** The team renames, adds or removes criteria; feedback already left keeps the names it was given. */
export async function setVacancyCriteria(ctx: AppContext, userId: number, vacancyId: number, body: CriteriaBody): Promise<{ criteria: string[] }> {
  const vacancy = await vacancyForTeam(ctx, userId, vacancyId);
  const [row] = await ctx.database.rows<{ criteria: string[] }>(
    sql`update vacancies set criteria = ${`{${body.criteria.map((c) => `"${c.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]
        where id = ${vacancy.id} returning criteria`,
  );
  return { criteria: row?.criteria ?? body.criteria };
}
