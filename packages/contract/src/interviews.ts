import { z } from 'zod';

/**
 * Interviews of a reply (PRODUCT 11), under /api/vacancy/{id}/reply/{r_id}/interviews:
 *   GET   → interviewList;  POST interviewBody → interview;  PUT|DELETE /{i_id}
 *   POST /{i_id}/feedback  feedbackBody → interview
 * Each change e-mails an `.ics` (one UID, SEQUENCE raised, METHOD:CANCEL on delete) to the candidate
 * and the participants; participants are reminded INTERVIEW_REMINDER_MINUTES before.
 */
export const INTERVIEW_REMINDER_MINUTES = 30;
export const INTERVIEW_MINUTES_MIN = 5;
export const INTERVIEW_MINUTES_MAX = 600;
export const INTERVIEW_PARTICIPANTS_MAX = 20;
export const INTERVIEW_PLACE_MAX = 300;
export const FEEDBACK_COMMENT_MAX = 5_000;
export const CRITERIA_MAX = 10;
export const CRITERION_MAX = 60;

export const RECOMMENDATIONS = ['yes', 'maybe', 'no'] as const;
export type RecommendationValue = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_TITLES: Record<RecommendationValue, string> = {
  yes: 'Рекомендую',
  maybe: 'Сомневаюсь',
  no: 'Не рекомендую',
};

export const INTERVIEW_MSG = {
  startsRequired: 'Укажите дату и время',
  startsPast: 'Интервью не может начинаться в прошлом',
  minutesRange: `Длительность — от ${INTERVIEW_MINUTES_MIN} до ${INTERVIEW_MINUTES_MAX} минут`,
  placeOrLink: 'Укажите место или ссылку на встречу',
  linkInvalid: 'Ссылка должна начинаться с http:// или https://',
  participantsMax: `Не больше ${INTERVIEW_PARTICIPANTS_MAX} участников`,
  participantNotInTeam: 'Участником может быть только член вашей команды',
  notFound: 'Интервью не найдено',
  cancelled: 'Интервью отменено',
  scheduled: 'Интервью назначено, приглашения отправлены',
  rescheduled: 'Интервью перенесено, приглашения обновлены',
  scoreRange: 'Оценка — от 1 до 5',
  scoreUnknown: 'Такого критерия у вакансии нет',
  scoresRequired: 'Оцените кандидата хотя бы по одному критерию',
  recommendationRequired: 'Выберите рекомендацию',
  notParticipant: 'Оставить отзыв может только участник интервью',
  feedbackSaved: 'Отзыв сохранён',
} as const;

const when = z.iso.datetime({ offset: true, error: INTERVIEW_MSG.startsRequired });
const person = z.object({ id: z.number().int(), name: z.string(), family: z.string() });

export const interviewBody = z
  .object({
    starts_at: when,
    minutes: z.coerce
      .number({ error: INTERVIEW_MSG.minutesRange })
      .int({ error: INTERVIEW_MSG.minutesRange })
      .min(INTERVIEW_MINUTES_MIN, { error: INTERVIEW_MSG.minutesRange })
      .max(INTERVIEW_MINUTES_MAX, { error: INTERVIEW_MSG.minutesRange }),
    place: z.string().trim().max(INTERVIEW_PLACE_MAX).nullish().transform((v) => v || null),
    link: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v == null || /^https?:\/\/\S+$/i.test(v), { error: INTERVIEW_MSG.linkInvalid }),
    participant_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(INTERVIEW_PARTICIPANTS_MAX, { error: INTERVIEW_MSG.participantsMax }).default([]),
  })
  .superRefine((b, ctx) => {
    if (!b.place && !b.link) ctx.addIssue({ code: 'custom', path: ['place'], message: INTERVIEW_MSG.placeOrLink });
  });
export type InterviewBody = z.input<typeof interviewBody>;

export const feedbackBody = z.object({
  scores: z.record(z.string().max(CRITERION_MAX), z.number({ error: INTERVIEW_MSG.scoreRange }).int().min(1, { error: INTERVIEW_MSG.scoreRange }).max(5, { error: INTERVIEW_MSG.scoreRange })),
  recommendation: z.enum(RECOMMENDATIONS, { error: INTERVIEW_MSG.recommendationRequired }),
  comment: z.string().trim().max(FEEDBACK_COMMENT_MAX).nullish().transform((v) => v || null),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const interviewFeedbackItem = z.object({
  by: person,
  scores: z.record(z.string(), z.number().int()),
  recommendation: z.enum(RECOMMENDATIONS),
  comment: z.string().nullable(),
  at: z.string(),
});

export const interview = z.object({
  id: z.number().int(),
  reply_id: z.number().int(),
  starts_at: z.string(),
  minutes: z.number().int(),
  place: z.string().nullable(),
  link: z.string().nullable(),
  participants: z.array(person),
  sequence: z.number().int(),
  cancelled: z.boolean(),
  created_by: person.nullable(),
  criteria: z.array(z.string()),
  feedback: z.array(interviewFeedbackItem),
  /** The viewer is a participant and may leave (or change) feedback. */
  can_feedback: z.boolean(),
});
export type Interview = z.infer<typeof interview>;
export const interviewList = z.object({ items: z.array(interview) });
export type InterviewList = z.infer<typeof interviewList>;

/** PUT /api/vacancy/{id}/criteria: what interviewers score. */
export const criteriaBody = z.object({
  criteria: z.array(z.string().trim().min(1).max(CRITERION_MAX)).min(1).max(CRITERIA_MAX),
});
