import type { MessageState, ReplyHistoryItem, StageKind } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsIn } from './pipeline.db.ts';
import { messageJobColumns, messageStateOf } from './reply-message.ts';

/**
 * A reply's history (PRODUCT 11): every move (who, when, from, to, the reason), every message with
 * its delivery state, every merge — in order, one statement. The titles are those of the moment
 * (kept in the record), so a stage renamed or deleted later does not rewrite the past.
 */
export async function replyTimeline(tx: Db, replyId: number): Promise<ReplyHistoryItem[]> {
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
            subject: h.subject ?? '',
            body: h.body ?? '',
            // A queued letter whose job ran out of retries reads as failed (reply-message.ts).
            ...messageStateOf({ state: h.state, error: h.error, job_failed_at: h.job_failed_at, job_last_error: h.job_last_error }),
          }
        : null,
    note: h.note,
    bulk: h.bulk_id != null,
  }));
}
