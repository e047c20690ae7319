import { type MessageState, type ReplyStatus, VACANCY_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { type MoveTarget, moveReplies, resolveMoveTarget, stageForStatus } from './pipeline.move.ts';
import { rowsIn } from './pipeline.db.ts';
import { sendReplyMessage } from './reply-message.ts';

export type ReplyMoveInput = {
  stageId?: number;
  /** The legacy status of older clients and the Telegram buttons (mapped to the vacancy's stage). */
  status?: Exclude<ReplyStatus, 'new'>;
  reasonId?: number | null;
  templateId?: number | null;
  subject?: string | null;
  message?: string | null;
  /** A rejection without a reason: only the Telegram buttons (a chat that could not ask for one). */
  reasonOptional?: boolean;
};

export type ReplyMoveResult = {
  moved: boolean;
  target: MoveTarget;
  sent: { id: number; state: MessageState; error: string | null } | null;
};

/**
 * One reply moved from its page, the board or Telegram, in one transaction: the stage checked against
 * the vacancy and the reason against the team, the move recorded, and the message (a template or the
 * member's text) kept with the move and queued. Moving to the stage the reply is in changes nothing;
 * a message alone is still sent and recorded as a message. A legacy `status` maps to the stage it
 * means; a rejection needs a reason either way (the Telegram path excepted: `reasonOptional`).
 */
export async function moveReply(
  ctx: AppContext,
  userId: number,
  vacancyId: number,
  replyId: number,
  input: ReplyMoveInput,
): Promise<ReplyMoveResult> {
  const result = await ctx.database.db.transaction(async (tx) => {
    const [reply] = await rowsIn<{ id: number; status: ReplyStatus; stage_id: number; reason_id: number | null }>(
      tx,
      sql`select r.id, r.status, r.stage_id, r.reason_id from vacancy_replies r join vacancies v on v.id = r.vacancy_id
          where r.id = ${replyId} and r.vacancy_id = ${vacancyId} and v.owner_id in ${teamOf(userId)}`,
    );
    if (!reply) throw new AppError('not_found', VACANCY_MSG.replyNotFound);
    const legacy = input.stageId == null && input.status != null;
    // A legacy status the reply already has keeps it on its stage (an «Интервью» reply is «Приглашён» already).
    const stays = legacy && input.status === reply.status;
    const stageId = stays ? Number(reply.stage_id) : (input.stageId ?? (await stageForStatus(tx, vacancyId, input.status ?? 'viewed')));
    // A reply staying where it is keeps what it has (an older rejection may have no reason).
    const target = await resolveMoveTarget(tx, userId, vacancyId, stageId, stays ? reply.reason_id : input.reasonId, {
      reasonOptional: stays || input.reasonOptional === true,
    });
    const [moved] = stays ? [] : await moveReplies(tx, { vacancyId, replyIds: [replyId], target, userId });
    let sent: ReplyMoveResult['sent'] = null;
    if (input.templateId != null || input.message) {
      const m = await sendReplyMessage(ctx, tx, {
        vacancyId,
        replyId,
        userId,
        templateId: input.templateId,
        subject: input.subject,
        body: input.message,
        historyId: moved?.historyId ?? null,
      });
      sent = { id: m.messageId, state: m.state, error: m.error };
    }
    return { moved: !!moved, target, sent };
  });
  if (result.sent?.state === 'queued') ctx.queue.kick();
  return result;
}
