import { z } from 'zod';
import { MSG } from './messages.ts';
import { pageField, perPageField, PER_PAGE_CHOICES } from './pagination.ts';

/**
 * The hiring pipeline (PRODUCT 11): a vacancy's stages, a reply's moves between them, rejection
 * reasons and the reply's history. Calls (under /api/vacancy):
 *   GET|PUT /{id}/stages                       → stagesAnswer / stagesBody
 *   GET     /{id}/board                        ?per_stage=                → replyBoard
 *   GET     /{id}/reply                        ?stage_id=&status=&page=   → replyList (+ stages)
 *   PATCH   /{id}/reply/{r_id}                 replyMoveBody              → replyDetail
 *   GET     /{id}/reply/{r_id}/history                                    → replyHistory
 *   GET|POST /reasons                          reasonBody                 → reasonList / reason
 * Bulk actions, templates, interviews, duplicates and analytics have files of their own.
 */

export const STAGE_KINDS = ['new', 'active', 'hired', 'rejected'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export const STAGE_KIND_TITLES: Record<StageKind, string> = {
  new: 'Новые отклики',
  active: 'Этап работы',
  hired: 'Найм',
  rejected: 'Отказ',
};

/** The stages every vacancy starts with (the database makes them: migration 0028). */
export const DEFAULT_STAGES: readonly { title: string; kind: StageKind }[] = [
  { title: 'Новые', kind: 'new' },
  { title: 'Просмотрены', kind: 'active' },
  { title: 'Телефонное интервью', kind: 'active' },
  { title: 'Интервью', kind: 'active' },
  { title: 'Оффер', kind: 'active' },
  { title: 'Выход на работу', kind: 'hired' },
  { title: 'Отказ', kind: 'rejected' },
];

export const STAGE_TITLE_MAX = 60;
export const STAGES_MAX = 20;
export const REASON_TITLE_MAX = 150;
export const REASONS_PER_TEAM_MAX = 100;
/** A board column shows this many cards before «Показать ещё». */
export const BOARD_PER_STAGE = 20;
export const BOARD_PER_STAGE_MAX = 100;

export const PIPELINE_MSG = {
  stageTitleRequired: 'Назовите этап',
  stageTitleLong: `Название этапа — не длиннее ${STAGE_TITLE_MAX} символов`,
  stageTitleTwice: 'Два этапа не могут называться одинаково',
  stagesRequired: 'Укажите этапы',
  stagesMax: `Не больше ${STAGES_MAX} этапов`,
  stagesOrder: 'Первым идёт этап «Новые», последними — «Выход на работу» и «Отказ», рабочие этапы — между ними',
  stageKindsOnce: 'Нужно ровно по одному этапу «Новые», «Выход на работу» и «Отказ»',
  stageActiveNeeded: 'Нужен хотя бы один рабочий этап между «Новыми» и «Выходом на работу»',
  stageNotFound: 'Этап не найден',
  stageHasReplies: (title: string, n: string) => `Этап «${title}» нельзя удалить: в нём ${n}. Сначала перенесите их`,
  stageRejectionHasReplies: (title: string, n: string) =>
    `Этап «${title}» нельзя сделать отказом или вернуть из отказа: в нём ${n}. Сначала перенесите их`,
  stagesSaved: 'Этапы сохранены',
  reasonRequired: 'Укажите причину отказа',
  reasonNotFound: 'Причина не найдена',
  reasonTitleRequired: 'Напишите причину',
  reasonTitleLong: `Причина — не длиннее ${REASON_TITLE_MAX} символов`,
  reasonExists: 'Такая причина уже есть',
  reasonsMax: `У команды может быть не больше ${REASONS_PER_TEAM_MAX} своих причин`,
  moveTarget: 'Выберите этап',
  moved: (title: string) => `Отклик перенесён в «${title}»`,
  noConsent: 'Кандидат не давал согласия на письма: сообщение не отправлено',
  noEmail: 'У кандидата нет e-mail: сообщение не отправлено',
} as const;

export const stage = z.object({ id: z.number().int(), title: z.string(), kind: z.enum(STAGE_KINDS) });
export type Stage = z.infer<typeof stage>;
/** A stage with the number of replies in it (for the tabs, the columns and the editor's guard). */
export const stageWithCount = stage.extend({ count: z.number().int() });
export type StageWithCount = z.infer<typeof stageWithCount>;

export const stagesAnswer = z.object({ stages: z.array(stageWithCount), criteria: z.array(z.string()) });
export type StagesAnswer = z.infer<typeof stagesAnswer>;

const stageTitle = z
  .string({ error: PIPELINE_MSG.stageTitleRequired })
  .trim()
  .min(1, { error: PIPELINE_MSG.stageTitleRequired })
  .max(STAGE_TITLE_MAX, { error: PIPELINE_MSG.stageTitleLong });

/**
 * PUT /api/vacancy/{id}/stages: the whole list in its new order. A stage keeps its `id`; a new one has
 * none; a stage left out is deleted (422 when it holds replies). Exactly one `new` (first), `hired`
 * and `rejected` (both after every active stage, in either order).
 */
export const stagesBody = z
  .object({
    stages: z
      .array(
        z.object({
          id: z.number().int().positive().max(2_147_483_647).optional(),
          title: stageTitle,
          kind: z.enum(STAGE_KINDS, { error: MSG.chooseFromList }),
        }),
        { error: PIPELINE_MSG.stagesRequired },
      )
      .min(3, { error: PIPELINE_MSG.stageKindsOnce })
      .max(STAGES_MAX, { error: PIPELINE_MSG.stagesMax }),
  })
  .superRefine((b, ctx) => {
    for (const kind of ['new', 'hired', 'rejected'] as const) {
      if (b.stages.filter((s) => s.kind === kind).length !== 1) {
        ctx.addIssue({ code: 'custom', path: ['stages'], message: PIPELINE_MSG.stageKindsOnce });
        return;
      }
    }
    // The first opening and an invitation land on an active stage («Просмотрены», «Телефонное интервью»).
    if (!b.stages.some((s) => s.kind === 'active')) {
      ctx.addIssue({ code: 'custom', path: ['stages'], message: PIPELINE_MSG.stageActiveNeeded });
      return;
    }
    // The funnel and the first opening read the list in order: «Новые» first, the outcomes after every active stage.
    const firstOutcome = b.stages.findIndex((s) => s.kind === 'hired' || s.kind === 'rejected');
    const activeAfter = b.stages.slice(firstOutcome).some((s) => s.kind === 'active');
    if (b.stages[0]?.kind !== 'new' || activeAfter) ctx.addIssue({ code: 'custom', path: ['stages'], message: PIPELINE_MSG.stagesOrder });
    const seen = new Set<string>();
    b.stages.forEach((s, i) => {
      const key = s.title.toLocaleLowerCase('ru');
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['stages', i, 'title'], message: PIPELINE_MSG.stageTitleTwice });
      seen.add(key);
    });
  });
export type StagesBody = z.input<typeof stagesBody>;

export const reason = z.object({ id: z.number().int(), title: z.string(), /** The team's own (not a default). */ own: z.boolean() });
export type Reason = z.infer<typeof reason>;
export const reasonList = z.object({ items: z.array(reason) });
export type ReasonList = z.infer<typeof reasonList>;
export const reasonBody = z.object({
  title: z
    .string({ error: PIPELINE_MSG.reasonTitleRequired })
    .trim()
    .min(1, { error: PIPELINE_MSG.reasonTitleRequired })
    .max(REASON_TITLE_MAX, { error: PIPELINE_MSG.reasonTitleLong }),
});

export const PIPELINE_MESSAGE_SUBJECT_MAX = 200;
export const PIPELINE_MESSAGE_BODY_MAX = 5_000;
const id = z.coerce.number().int().positive().max(2_147_483_647);
const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Не длиннее ${max} символов` })
    .nullish()
    .transform((v) => v || null);

/**
 * PATCH /api/vacancy/{id}/reply/{r_id}: a move to `stage_id` (a rejection needs `reason_id`), or the
 * legacy `{status}`. With `template_id` and/or `message` (+ `subject`) the candidate is e-mailed: the
 * text the member saw and edited; a template alone is rendered by the server.
 */
export const replyMoveBody = z
  .object({
    stage_id: id.optional(),
    status: z.enum(['viewed', 'invited', 'rejected', 'hired'], { error: 'Вернуть отклик в «Новые» нельзя' }).optional(),
    reason_id: id.nullish(),
    template_id: id.nullish(),
    subject: optionalTrimmed(PIPELINE_MESSAGE_SUBJECT_MAX),
    message: optionalTrimmed(PIPELINE_MESSAGE_BODY_MAX),
  })
  .superRefine((b, ctx) => {
    if (b.stage_id == null && b.status == null) ctx.addIssue({ code: 'custom', path: ['stage_id'], message: PIPELINE_MSG.moveTarget });
  });
export type ReplyMoveBody = z.input<typeof replyMoveBody>;

/** The delivery of a message to a candidate, in words. */
export const MESSAGE_STATES = ['queued', 'sent', 'failed', 'cancelled', 'not_sent'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_STATE_TITLES: Record<MessageState, string> = {
  queued: 'отправляется',
  sent: 'отправлено',
  failed: 'не доставлено',
  cancelled: 'отменено',
  not_sent: 'не отправлено',
};

const who = z.object({ id: z.number().int(), name: z.string(), family: z.string() });

/** One record of a reply's history: a move between stages, a message, or a merge. */
export const replyHistoryItem = z.object({
  id: z.number().int(),
  at: z.string(),
  event: z.enum(['move', 'message', 'merge']),
  /** null: the candidate (the reply itself) or the system. */
  by: who.nullable(),
  from: z.object({ id: z.number().int().nullable(), title: z.string() }).nullable(),
  to: z.object({ id: z.number().int().nullable(), title: z.string(), kind: z.enum(STAGE_KINDS).nullable() }).nullable(),
  reason: z.string().nullable(),
  message: z
    .object({
      id: z.number().int(),
      subject: z.string(),
      body: z.string(),
      state: z.enum(MESSAGE_STATES),
      state_title: z.string(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** A free note of the older status changes (a message without a record of its own). */
  note: z.string().nullable(),
  /** Made by a bulk action. */
  bulk: z.boolean(),
});
export type ReplyHistoryItem = z.infer<typeof replyHistoryItem>;
export const replyHistory = z.object({ items: z.array(replyHistoryItem) });
export type ReplyHistory = z.infer<typeof replyHistory>;

/** A card on the board and a row of the list. */
export const boardCard = z.object({
  id: z.number().int(),
  fio: z.string(),
  title: z.string(),
  city: z.string().nullable(),
  created_at: z.string(),
  stage_at: z.string(),
  source: z.enum(['reply', 'invite']),
  has_file: z.boolean(),
  resume_hash: z.string(),
  reason: z.string().nullable(),
  /** «возможный дубль»: another reply or resume of the team with the same e-mail or phone. */
  duplicate: z.boolean(),
});
export type BoardCard = z.infer<typeof boardCard>;

export const replyBoard = z.object({
  vacancy: z.object({ id: z.number().int(), title: z.string(), status: z.enum(['draft', 'published', 'closed']) }),
  columns: z.array(stageWithCount.extend({ items: z.array(boardCard), has_more: z.boolean() })),
});
export type ReplyBoard = z.infer<typeof replyBoard>;

export const boardQuery = z.object({
  per_stage: z.coerce
    .number()
    .int()
    .min(1, { error: MSG.chooseFromList })
    .max(BOARD_PER_STAGE_MAX, { error: MSG.chooseFromList })
    .default(BOARD_PER_STAGE),
});

/** GET /api/vacancy/{id}/reply: `stage_id` filters by stage (the legacy `status` still works). */
export const replyStageListQuery = z.object({
  stage_id: id.optional(),
  page: pageField(),
  per_page: perPageField(PER_PAGE_CHOICES),
});
