import { createHash, randomBytes } from 'node:crypto';
import { BULK_IDS_MAX, BULK_MSG, BULK_UNDO_SECONDS, PIPELINE_MSG, type ReplyBulkAnswer, type ReplyBulkUndoAnswer } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { vacancyForTeam } from '../vacancy/vacancy.access.ts';
import { bulkLetterText, queueBulkLetters } from './bulk.letters.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { moveReplies, resolveMoveTarget } from './pipeline.move.ts';
import { cancelQueuedMessages } from './reply-message.ts';
import { rowsIn } from './pipeline.db.ts';

/**
 * Bulk actions on a vacancy's replies (PRODUCT 11): one transaction moves the chosen replies (or all
 * matching a filter at that moment), records each move with the action's id, keeps how each reply
 * was, and queues the letters to leave only after the undo window. The undo puts back the replies
 * nobody has moved since, erases the action's moves from the history (an action undone within
 * seconds never happened: the funnel does not count it) and cancels the letters.
 */

export type BulkInput = {
  ids?: number[];
  filter?: { stage_id?: number };
  stage_id: number;
  reason_id?: number | null;
  template_id?: number | null;
  subject?: string | null;
  message?: string | null;
};

/** Only a digest of the token is kept: a copy of the table does not undo anything. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The replies the action takes, locked in id order (as moveReplies locks them), with the moment each entered its stage. */
async function chosenReplies(tx: Db, vacancyId: number, input: BulkInput) {
  let where = sql``;
  if (input.ids?.length) {
    where = sql`and id in (select value::bigint from jsonb_array_elements_text(${JSON.stringify(input.ids)}::jsonb))`;
  } else if (input.filter?.stage_id) {
    const [stage] = await rowsIn<{ id: number }>(tx, sql`select id from vacancy_stages where id = ${input.filter.stage_id} and vacancy_id = ${vacancyId}`);
    if (!stage) throw fieldError('filter.stage_id', PIPELINE_MSG.stageNotFound);
    where = sql`and stage_id = ${input.filter.stage_id}`;
  } else if (!input.filter) {
    throw fieldError('ids', BULK_MSG.nothingSelected);
  }
  // stage_at as the database's text: a JavaScript date would lose its microseconds.
  const rows = await rowsIn<{ id: number; stage_at: string }>(
    tx,
    sql`select id, stage_at::text as stage_at from vacancy_replies where vacancy_id = ${vacancyId} ${where} order by id for update`,
  );
  if (rows.length > BULK_IDS_MAX) throw fieldError('filter', BULK_MSG.tooMany);
  return rows;
}

export async function bulkMove(ctx: AppContext, viewer: AuthUser, vacancyId: number, input: BulkInput): Promise<ReplyBulkAnswer> {
  const userId = viewer.id;
  await vacancyForTeam(ctx, userId, vacancyId);
  const token = randomBytes(24).toString('base64url');
  return ctx.database.db.transaction(async (tx) => {
    // Recorded first: its foreign key's lock on the vacancy comes before the stage's (the order a stage save takes them).
    const [bulk] = await rowsIn<{ id: number }>(
      tx,
      sql`insert into reply_bulk_actions (token, vacancy_id, user_id, before, changed, undo_until)
          values (${digest(token)}, ${vacancyId}, ${userId}, '[]'::jsonb, 0, now()) returning id`,
    );
    const bulkId = Number(bulk?.id);
    const target = await resolveMoveTarget(tx, userId, vacancyId, input.stage_id, input.reason_id);
    const text = await bulkLetterText(tx, userId, { templateId: input.template_id ?? null, subject: input.subject ?? null, message: input.message ?? null });
    const chosen = await chosenReplies(tx, vacancyId, input);
    const moved = await moveReplies(tx, { vacancyId, replyIds: chosen.map((r) => Number(r.id)), target, userId, bulkId });
    if (!moved.length) {
      await tx.execute(sql`delete from reply_bulk_actions where id = ${bulkId}`);
      return { changed: 0, messages: 0, not_messaged: 0, undo_token: null, undo_until: null };
    }
    const stageAt = new Map(chosen.map((r) => [Number(r.id), r.stage_at]));
    const before = moved.map((m) => ({ id: m.id, stage_id: m.fromStageId, reason_id: m.fromReasonId, stage_at: stageAt.get(m.id) }));
    // The window opens when the work is done (clock_timestamp, not the transaction's start).
    const [saved] = await rowsIn<{ undo_until: string }>(
      tx,
      sql`update reply_bulk_actions set before = ${JSON.stringify(before)}::jsonb, changed = ${moved.length},
            undo_until = clock_timestamp() + make_interval(secs => ${BULK_UNDO_SECONDS})
          where id = ${bulkId} returning undo_until`,
    );
    const letters = text
      ? await queueBulkLetters(ctx, tx, { vacancyId, viewer, bulkId, moved: moved.map((m) => ({ id: m.id, historyId: m.historyId })), text })
      : { messages: 0, notMessaged: 0 };
    return {
      changed: moved.length,
      messages: letters.messages,
      not_messaged: letters.notMessaged,
      undo_token: token,
      undo_until: new Date(saved?.undo_until ?? Date.now()).toISOString(),
    };
  });
}

type Before = { id: number; stage_id: number; reason_id: number | null; stage_at: string | null };

export async function undoBulk(ctx: AppContext, userId: number, vacancyId: number, token: string): Promise<ReplyBulkUndoAnswer> {
  await vacancyForTeam(ctx, userId, vacancyId);
  return ctx.database.db.transaction(async (tx) => {
    // Atomic: of two undos at once, the second waits for the first and then finds it undone.
    const [bulk] = await rowsIn<{ id: number; before: Before[] }>(
      tx,
      sql`update reply_bulk_actions set undone_at = now()
          where token = ${digest(token)} and vacancy_id = ${vacancyId} and undone_at is null and undo_until > clock_timestamp()
          returning id, before`,
    );
    if (!bulk) {
      const [seen] = await rowsIn<{ undone_at: string | null }>(
        tx,
        sql`select undone_at from reply_bulk_actions where token = ${digest(token)} and vacancy_id = ${vacancyId}`,
      );
      if (!seen) throw new AppError('not_found', BULK_MSG.undoUnknown);
      throw fieldError('undo_token', seen.undone_at ? BULK_MSG.alreadyUndone : BULK_MSG.undoExpired);
    }
    const bulkId = Number(bulk.id);
    const before = JSON.stringify(bulk.before);
    // Before the action's history records change: they lead to its letters.
    const cancelled = await cancelQueuedMessages(tx, bulkId);
    // Locked first (in id order, as every move locks), so the next statement sees any move that got there before.
    await tx.execute(sql`select id from vacancy_replies
        where id in (select (e->>'id')::bigint from jsonb_array_elements(${before}::jsonb) e) order by id for update`);
    // Put back only the replies whose last move is still this action's, into a stage that still exists.
    const restored = await rowsIn<{ id: number }>(
      tx,
      sql`with b as (select * from jsonb_to_recordset(${before}::jsonb) as b(id bigint, stage_id int, reason_id int, stage_at timestamptz)),
          ok as (
            select b.* from b join vacancy_replies l on l.id = b.id
            where (select h.bulk_id from vacancy_reply_history h where h.reply_id = b.id and h.event = 'move' order by h.id desc limit 1) = ${bulkId}
              and exists (select 1 from vacancy_stages s where s.id = b.stage_id and s.vacancy_id = l.vacancy_id))
          update vacancy_replies r set stage_id = ok.stage_id, reason_id = ok.reason_id, updated_at = now()
          from ok where r.id = ok.id returning r.id`,
    );
    if (restored.length) {
      const ids = JSON.stringify(restored.map((r) => Number(r.id)));
      const inRestored = sql`in (select value::bigint from jsonb_array_elements_text(${ids}::jsonb))`;
      // The trigger stamps a new stage_at; the reply is as it was, so is the moment it entered its stage.
      await tx.execute(sql`update vacancy_replies r set stage_at = b.stage_at
          from jsonb_to_recordset(${before}::jsonb) as b(id bigint, stage_at timestamptz)
          where r.id = b.id and b.stage_at is not null and r.id ${inRestored}`);
      // The moves never happened; a letter that went with one stays in the history as cancelled.
      await tx.execute(sql`delete from vacancy_reply_history where bulk_id = ${bulkId} and event = 'move' and message_id is null and reply_id ${inRestored}`);
      await tx.execute(sql`update vacancy_reply_history set event = 'message', from_stage_id = null, to_stage_id = null,
            from_title = null, to_title = null, to_kind = null, reason_id = null, reason_title = null
          where bulk_id = ${bulkId} and event = 'move' and reply_id ${inRestored}`);
    }
    return { restored: restored.length, not_restored: bulk.before.length - restored.length, cancelled };
  });
}
