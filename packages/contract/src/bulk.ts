import { z } from 'zod';

/**
 * Bulk actions on a vacancy's replies (PRODUCT 11):
 *   POST /api/vacancy/{id}/reply/bulk       replyBulkBody  → replyBulkAnswer (one transaction)
 *   POST /api/vacancy/{id}/reply/bulk/undo  {undo_token}   → {restored} within BULK_UNDO_SECONDS
 *   GET  /api/vacancy/{id}/reply/export     ?format=csv|xlsx&ids=1,2 | stage_id=  → the file
 */
export const BULK_UNDO_SECONDS = 10;
export const BULK_IDS_MAX = 10_000;

export const BULK_MSG = {
  nothingSelected: 'Выберите отклики',
  tooMany: `За один раз — не больше ${BULK_IDS_MAX} откликов`,
  undoExpired: 'Отменить уже нельзя: прошло больше 10 секунд',
  undoUnknown: 'Действие не найдено',
  undone: 'Действие отменено',
  changed: (n: string) => `Изменено: ${n}`,
} as const;

const id = z.coerce.number().int().positive();

export const replyBulkBody = z
  .object({
    ids: z.array(id.max(Number.MAX_SAFE_INTEGER)).max(BULK_IDS_MAX, { error: BULK_MSG.tooMany }).optional(),
    /** Every reply of the vacancy in this stage (or all of them: `{}`), instead of `ids`. */
    filter: z.object({ stage_id: id.max(2_147_483_647).optional() }).optional(),
    stage_id: id.max(2_147_483_647),
    reason_id: id.max(2_147_483_647).nullish(),
    template_id: id.max(2_147_483_647).nullish(),
    subject: z.string().trim().max(200).nullish(),
    message: z.string().trim().max(5_000).nullish(),
  })
  .superRefine((b, ctx) => {
    if (!b.filter && !b.ids?.length) ctx.addIssue({ code: 'custom', path: ['ids'], message: BULK_MSG.nothingSelected });
  });
export type ReplyBulkBody = z.input<typeof replyBulkBody>;

export const replyBulkAnswer = z.object({
  changed: z.number().int(),
  /** Messages queued to candidates (sent after the undo window). */
  messages: z.number().int(),
  /** Replies whose candidate cannot be written to (no consent or no e-mail). */
  not_messaged: z.number().int(),
  undo_token: z.string().nullable(),
  undo_until: z.string().nullable(),
});
export type ReplyBulkAnswer = z.infer<typeof replyBulkAnswer>;
export const replyBulkUndoBody = z.object({ undo_token: z.string().min(1).max(200) });
export const replyBulkUndoAnswer = z.object({ restored: z.number().int() });
