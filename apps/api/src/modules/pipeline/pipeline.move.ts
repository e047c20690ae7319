import { PIPELINE_MSG, type ReplyStatus, type StageKind } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { rowsIn } from './pipeline.db.ts';

/**
 * The one way replies move between stages (PRODUCT 11): a single reply from its page or the board,
 * many from a bulk action. The caller has already checked that `userId` handles the vacancy; this
 * checks that the stage is the vacancy's and the reason the team's, locks the replies, moves those
 * not already there, and records each move (who, when, from, to, reason; `bulkId` for an undo).
 * The `status` of every moved reply follows from its stage (a trigger, migration 0028).
 */

export type MoveTarget = { stageId: number; kind: StageKind; title: string; reasonId: number | null };

/**
 * The stage `stageId` of the vacancy and, for a rejection, the reason: 422 in Russian otherwise.
 * `reasonOptional`: a caller that cannot ask for a reason (the Telegram buttons) may reject without one.
 */
export async function resolveMoveTarget(
  tx: Db,
  userId: number,
  vacancyId: number,
  stageId: number,
  reasonId: number | null | undefined,
  opts: { reasonOptional?: boolean } = {},
): Promise<MoveTarget> {
  const [stage] = await rowsIn<{ id: number; kind: StageKind; title: string }>(
    tx,
    // Held until the move commits: a stage edit deleting this stage waits, then sees the moved replies.
    sql`select id, kind, title from vacancy_stages where id = ${stageId} and vacancy_id = ${vacancyId} for share`,
  );
  if (!stage) throw fieldError('stage_id', PIPELINE_MSG.stageNotFound);
  if (stage.kind !== 'rejected') return { stageId: stage.id, kind: stage.kind, title: stage.title, reasonId: null };
  if (reasonId == null) {
    if (opts.reasonOptional) return { stageId: stage.id, kind: stage.kind, title: stage.title, reasonId: null };
    throw fieldError('reason_id', PIPELINE_MSG.reasonRequired);
  }
  const [reason] = await rowsIn<{ id: number }>(
    tx,
    sql`select id from rejection_reasons where id = ${reasonId} and (owner_id is null or owner_id in ${teamOf(userId)})`,
  );
  if (!reason) throw fieldError('reason_id', PIPELINE_MSG.reasonNotFound);
  return { stageId: stage.id, kind: stage.kind, title: stage.title, reasonId: reason.id };
}

/** The stage a legacy status means on this vacancy (PATCH `{status}`, the Telegram buttons). */
export async function stageForStatus(tx: Db, vacancyId: number, status: Exclude<ReplyStatus, 'new'>): Promise<number> {
  const [row] = await rowsIn<{ id: number | null }>(tx, sql`select reply_stage_for_status(${vacancyId}, ${status}) as id`);
  if (row?.id == null) throw fieldError('stage_id', PIPELINE_MSG.stageNotFound);
  return Number(row.id);
}

export type MovedReply = {
  id: number;
  fromStageId: number;
  fromReasonId: number | null;
  status: ReplyStatus;
  historyId: number;
};

/**
 * Moves `replyIds` of `vacancyId` to `target`, inside the caller's transaction. A reply already in the
 * stage (with the same reason) is left alone and not returned. Ids that are not the vacancy's are
 * ignored (the caller counts what changed).
 */
export async function moveReplies(
  tx: Db,
  input: { vacancyId: number; replyIds: readonly number[]; target: MoveTarget; userId: number | null; bulkId?: number | null },
): Promise<MovedReply[]> {
  if (!input.replyIds.length) return [];
  const { target } = input;
  const ids = sql`array[${sql.join(
    input.replyIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;
  // Locked in id order, so two moves of overlapping sets never deadlock.
  const current = await rowsIn<{ id: number; stage_id: number; reason_id: number | null }>(
    tx,
    sql`select id, stage_id, reason_id from vacancy_replies
        where vacancy_id = ${input.vacancyId} and id = any(${ids}) order by id for update`,
  );
  const changing = current.filter((r) => Number(r.stage_id) !== target.stageId || (r.reason_id ?? null) !== target.reasonId);
  if (!changing.length) return [];
  const changingIds = sql`array[${sql.join(
    changing.map((r) => sql`${Number(r.id)}`),
    sql`, `,
  )}]::bigint[]`;
  const updated = await rowsIn<{ id: number; status: ReplyStatus }>(
    tx,
    sql`update vacancy_replies set stage_id = ${target.stageId}, reason_id = ${target.reasonId}, updated_at = now()
        where id = any(${changingIds}) returning id, status`,
  );
  const statusOf = new Map(updated.map((r) => [Number(r.id), r.status]));
  const from = new Map(changing.map((r) => [Number(r.id), r]));
  const history = await rowsIn<{ id: number; reply_id: number }>(
    tx,
    sql`insert into vacancy_reply_history (reply_id, status, user_id, event, from_stage_id, to_stage_id, reason_id, bulk_id)
        select m.reply_id, m.status, ${input.userId}, 'move', m.from_stage, ${target.stageId}, ${target.reasonId}, ${input.bulkId ?? null}
        from unnest(
          array[${sql.join(
            changing.map((r) => sql`${Number(r.id)}`),
            sql`, `,
          )}]::bigint[],
          array[${sql.join(
            changing.map((r) => sql`${statusOf.get(Number(r.id)) ?? 'viewed'}`),
            sql`, `,
          )}]::text[],
          array[${sql.join(
            changing.map((r) => sql`${Number(r.stage_id)}`),
            sql`, `,
          )}]::int[]
        ) as m(reply_id, status, from_stage)
        returning id, reply_id`,
  );
  return history.map((h) => {
    const before = from.get(Number(h.reply_id));
    return {
      id: Number(h.reply_id),
      fromStageId: Number(before?.stage_id),
      fromReasonId: before?.reason_id ?? null,
      status: statusOf.get(Number(h.reply_id)) ?? 'viewed',
      historyId: Number(h.id),
    };
  });
}
