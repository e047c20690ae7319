import { z } from 'zod';

/**
 * Vacancy analytics (PRODUCT 11), computed from the recorded moves:
 *   GET /api/vacancy/{id}/analytics  ?from=&to=&format=csv   → vacancyAnalytics (or a CSV attachment)
 *   GET /api/vacancy/analytics       ?from=&to=&format=csv   → teamAnalytics    (or a CSV attachment)
 *
 * The period is a range of Moscow days; every figure describes the replies that ARRIVED in it (a
 * cohort): how many came each day, how far they went, how long they stayed, where they came from.
 * Without `from` the period starts on the vacancy's first day (the team's first vacancy's), without
 * `to` it ends today.
 *
 * «Reached»: a reply reached a stage when it was ever (by a recorded move not undone) or is now in
 * that stage or in a later one of the vacancy's order — a reply moved from «Новые» straight to «Оффер»
 * reached every stage between. «Отказ» is no step of the funnel: the replies now rejected are counted
 * apart (`rejected`, `reasons`), and a rejected reply reached the stages it had gone through before.
 *
 * Time in a stage: each stay, from the move into the stage to the move out of it; stays still open
 * (the reply is in the stage now) are left out, so a median describes the stays that ended.
 *
 * The team's figures: its vacancies' stages are summed by title (the default stages share their
 * titles; a stage a vacancy added or renamed is a row of its own), ordered by position.
 */
export const REPLY_CHANNELS = ['site', 'telegram', 'invite', 'other'] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];
export const REPLY_CHANNEL_TITLES: Record<ReplyChannel, string> = {
  site: 'Публичная страница',
  telegram: 'Ссылка в Telegram',
  invite: 'Приглашён из базы',
  other: 'Другое',
};
/** What a visitor's reply may say about where they came from (`invite` is set by an invitation only). */
export const PUBLIC_REPLY_CHANNELS = ['site', 'telegram'] as const;

export const ANALYTICS_MSG = {
  dateInvalid: 'Укажите дату в формате ГГГГ-ММ-ДД',
  dateRange: 'Начало периода позже его конца',
  periodLong: 'Выберите период не длиннее 10 лет',
  format: 'Формат выгрузки: csv',
  channel: 'Неизвестный источник отклика',
} as const;

const day = z
  .string({ error: ANALYTICS_MSG.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ANALYTICS_MSG.dateInvalid })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, { error: ANALYTICS_MSG.dateInvalid });

export const analyticsQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    format: z.enum(['json', 'csv'], { error: ANALYTICS_MSG.format }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['from'], error: ANALYTICS_MSG.dateRange });
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

/** The figures shared by a vacancy's analytics and the team's. Days are fractions, rounded to 0.1. */
const figures = {
  /** The Moscow days of the period, both ends included (YYYY-MM-DD). */
  period: z.object({ from: z.string(), to: z.string() }),
  /** Replies that arrived in the period; of them, hired (ever moved into the `hired` stage) and now rejected. */
  replies: z.number().int(),
  hired: z.number().int(),
  rejected: z.number().int(),
  /** Every Moscow day of the period, zero-filled. */
  replies_per_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Stages in order, «Отказ» left out; `share` = reached / the first stage's reached (null when 0). */
  funnel: z.array(
    z.object({ stage_id: z.number().int().nullable(), stage: z.string(), kind: z.string(), reached: z.number().int(), share: z.number().nullable() }),
  ),
  /** Between consecutive funnel stages: reached(to) / reached(from), null when nobody reached `from`. */
  conversion: z.array(z.object({ from: z.string(), to: z.string(), rate: z.number().nullable() })),
  /** Per funnel stage: the median of the ended stays, in days, and how many stays ended. */
  median_days_in_stage: z.array(
    z.object({ stage_id: z.number().int().nullable(), stage: z.string(), days: z.number().nullable(), stays: z.number().int() }),
  ),
  /** Median days from a reply to its first move into the `hired` stage; null while nobody is hired. */
  days_to_fill: z.number().nullable(),
  sources: z.array(z.object({ channel: z.enum(REPLY_CHANNELS), title: z.string(), count: z.number().int() })),
  /** The replies now rejected, by reason (most frequent first); «Без причины» when none was given. */
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
};

export const vacancyAnalytics = z.object({
  vacancy: z.object({ id: z.number().int(), title: z.string() }),
  ...figures,
});
export type VacancyAnalytics = z.infer<typeof vacancyAnalytics>;

export const teamVacancyFigures = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  replies: z.number().int(),
  hired: z.number().int(),
  days_to_fill: z.number().nullable(),
  /** hired / replies; null without replies. */
  conversion_to_hire: z.number().nullable(),
});
export type TeamVacancyFigures = z.infer<typeof teamVacancyFigures>;

export const teamAnalytics = z.object({
  ...figures,
  /** Every vacancy of the team (newest first), with its figures for the period. */
  vacancies: z.array(teamVacancyFigures),
});
export type TeamAnalytics = z.infer<typeof teamAnalytics>;
