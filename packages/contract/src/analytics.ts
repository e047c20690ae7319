import { z } from 'zod';

/**
 * Vacancy analytics (PRODUCT 11), computed from the recorded moves:
 *   GET /api/vacancy/{id}/analytics  ?from=&to=   → vacancyAnalytics (+ `?format=csv`)
 *   GET /api/vacancy/analytics       ?from=&to=   → teamAnalytics    (+ `?format=csv`)
 */
export const REPLY_CHANNELS = ['site', 'telegram', 'invite', 'other'] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];
export const REPLY_CHANNEL_TITLES: Record<ReplyChannel, string> = {
  site: 'Публичная страница',
  telegram: 'Ссылка в Telegram',
  invite: 'Приглашён из базы',
  other: 'Другое',
};

export const vacancyAnalytics = z.object({
  vacancy: z.object({ id: z.number().int(), title: z.string() }),
  replies_per_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
  funnel: z.array(z.object({ stage_id: z.number().int(), stage: z.string(), kind: z.string(), reached: z.number().int() })),
  conversion: z.array(z.object({ from: z.string(), to: z.string(), rate: z.number().nullable() })),
  median_days_in_stage: z.array(z.object({ stage_id: z.number().int(), stage: z.string(), days: z.number().nullable() })),
  /** Median days from a reply to its move into the `hired` stage; null while nobody is hired. */
  days_to_fill: z.number().nullable(),
  sources: z.array(z.object({ channel: z.enum(REPLY_CHANNELS), title: z.string(), count: z.number().int() })),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type VacancyAnalytics = z.infer<typeof vacancyAnalytics>;
