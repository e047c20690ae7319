import { z } from 'zod';
import { plural } from './plural.ts';

/**
 * Bulk actions on a vacancy's replies (PRODUCT 11):
 *   POST /api/vacancy/{id}/reply/bulk       replyBulkBody  → replyBulkAnswer (one transaction)
 *   POST /api/vacancy/{id}/reply/bulk/undo  {undo_token}   → replyBulkUndoAnswer within BULK_UNDO_SECONDS
 *   GET  /api/vacancy/{id}/reply/export     ?format=csv|xlsx&ids=1,2 | stage_id=  → the file
 */
export const BULK_UNDO_SECONDS = 10;
export const BULK_IDS_MAX = 10_000;

/** «12 откликов» */
export const repliesCount = (n: number) => `${n} ${plural(n, ['отклик', 'отклика', 'откликов'])}`;

export const BULK_MSG = {
  nothingSelected: 'Выберите отклики',
  tooMany: `За один раз — не больше ${BULK_IDS_MAX} откликов`,
  undoExpired: 'Отменить уже нельзя: прошло больше 10 секунд',
  undoUnknown: 'Действие не найдено',
  alreadyUndone: 'Это действие уже отменено',
  undone: 'Действие отменено',
  changed: (n: string) => `Изменено: ${n}`,
  /** What an undo did, in words: «Возвращено: 12 откликов», and what could not be put back. */
  restored: (restored: number, notRestored: number) =>
    `Возвращено: ${repliesCount(restored)}${notRestored ? `. Не вернули ${repliesCount(notRestored)}: их уже перенесли после этого` : ''}`,
  exportFormat: 'Формат выгрузки: csv или xlsx',
  exportIds: 'Номера откликов — числа через запятую',
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
    /** The letter as the member saw and edited it; placeholders are filled for each candidate. */
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
export const replyBulkUndoBody = z.object({ undo_token: z.string({ error: BULK_MSG.undoUnknown }).min(1, { error: BULK_MSG.undoUnknown }).max(200, { error: BULK_MSG.undoUnknown }) });
export const replyBulkUndoAnswer = z.object({
  restored: z.number().int(),
  /** Replies moved again by someone since the action: left where they are. */
  not_restored: z.number().int(),
  /** Letters of the action that had not left yet and never will. */
  cancelled: z.number().int(),
});
export type ReplyBulkUndoAnswer = z.infer<typeof replyBulkUndoAnswer>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** GET …/reply/export: `ids` (comma-separated) or `stage_id`, or neither for every reply. */
export const replyExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: BULK_MSG.exportFormat }),
  ids: z
    .string()
    .max(BULK_IDS_MAX * 20, { error: BULK_MSG.tooMany })
    .regex(/^\d{1,15}(,\d{1,15})*$/, { error: BULK_MSG.exportIds })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((a) => a.length <= BULK_IDS_MAX, { error: BULK_MSG.tooMany })
    .optional(),
  stage_id: id.max(2_147_483_647).optional(),
});
export type ReplyExportQuery = z.input<typeof replyExportQuery>;
