import type { MessageState, ReplyHistoryItem, StageKind } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { REPLY_TEAM_SIGHT, revealText, sightOf } from '../resume/candidate-view.ts';
import type { CandidatePerson } from '../resume/resume.mask.ts';
import { hasOpenedContacts } from '../resume/resume.service.ts';
import { rowsIn } from './pipeline.db.ts';
import { messageJobColumns, messageStateOf } from './reply-message.ts';

/**
 * A reply's history (PRODUCT 11): every move (who, when, from, to, the reason), every message with
 * its delivery state, every merge — in order, one statement. The titles are those of the moment
 * (kept in the record), so a stage renamed or deleted later does not rewrite the past.
 */
export type TextReveal = (text: string) => string;

/**
 * The letters and notes of a reply as `viewer` may read them (candidate-view.ts): a public reply is
 * the team's in full; an invited club resume shows its names and contacts — typed into a letter
 * («Здравствуйте, Марина!») too — only as its card would to this member.
 */
export function replyTextReveal(source: string, person: CandidatePerson, sight: ReturnType<typeof sightOf>): TextReveal {
  const seen = source === 'invite' ? sight : REPLY_TEAM_SIGHT;
  return (text) => revealText(text, person, seen);
}

/** `GET …/reply/{r_id}/history`: the timeline of a reply the caller's team may open, as `viewer` may read it. */
export async function replyTimelineFor(ctx: AppContext, viewer: AuthUser, replyId: number): Promise<ReplyHistoryItem[]> {
  const [row] = await ctx.database.rows<{
    source: string;
    resume_id: number;
    first_name: string | null;
    last_name: string | null;
    middle_name: string | null;
    phone: string | null;
    email: string | null;
    telegram: string | null;
  }>(
    sql`select r.source, res.id as resume_id, res.first_name, res.last_name, res.middle_name, res.phone, res.email, res.telegram
        from vacancy_replies r join resumes res on res.id = r.resume_id where r.id = ${replyId}`,
  );
  if (!row) return [];
  const person = { firstName: row.first_name, lastName: row.last_name, middleName: row.middle_name, phone: row.phone, email: row.email, telegram: row.telegram };
  const sight = row.source === 'invite' ? sightOf(viewer, await hasOpenedContacts(ctx, viewer.id, Number(row.resume_id))) : REPLY_TEAM_SIGHT;
  return replyTimeline(ctx.database.db, replyId, replyTextReveal(row.source, person as CandidatePerson, sight));
}

/** The timeline of `replyId`; every letter's subject and body and every note pass through `reveal`. */
export async function replyTimeline(tx: Db, replyId: number, reveal: TextReveal): Promise<ReplyHistoryItem[]> {
  const rows = await rowsIn<{
    id: number;
    created_at: string;
    event: ReplyHistoryItem['event'];
    user_id: number | null;
    name: string | null;
    family: string | null;
    from_stage_id: number | null;
    from_title: string | null;
    to_stage_id: number | null;
    to_title: string | null;
    to_kind: StageKind | null;
    reason_title: string | null;
    note: string | null;
    bulk_id: number | null;
    message_id: number | null;
    subject: string | null;
    body: string | null;
    state: MessageState | null;
    error: string | null;
    job_failed_at: string | null;
    job_last_error: string | null;
  }>(
    tx,
    sql`select h.id, h.created_at, h.event, h.user_id, u.name, u.family, h.from_stage_id, h.from_title,
          h.to_stage_id, h.to_title, h.to_kind, h.reason_title, h.message as note, h.bulk_id,
          m.id as message_id, m.subject, m.body, m.state, m.error, ${messageJobColumns('m')}
        from vacancy_reply_history h
        left join users u on u.id = h.user_id
        left join reply_messages m on m.id = h.message_id
        where h.reply_id = ${replyId}
        order by h.id`,
  );
  return rows.map((h) => ({
    id: Number(h.id),
    at: new Date(h.created_at).toISOString(),
    event: h.event,
    by: h.user_id ? { id: Number(h.user_id), name: h.name ?? '', family: h.family ?? '' } : null,
    from: h.from_title != null ? { id: h.from_stage_id == null ? null : Number(h.from_stage_id), title: h.from_title } : null,
    to: h.to_title != null ? { id: h.to_stage_id == null ? null : Number(h.to_stage_id), title: h.to_title, kind: h.to_kind } : null,
    reason: h.reason_title,
    message:
      h.message_id != null && h.state
        ? {
            id: Number(h.message_id),
            subject: reveal(h.subject ?? ''),
            body: reveal(h.body ?? ''),
            // A queued letter whose job ran out of retries reads as failed (reply-message.ts).
            ...messageStateOf({ state: h.state, error: h.error, job_failed_at: h.job_failed_at, job_last_error: h.job_last_error }),
          }
        : null,
    note: h.note == null ? null : reveal(h.note),
    bulk: h.bulk_id != null,
  }));
}
