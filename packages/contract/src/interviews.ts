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
  alreadyCancelled: 'Интервью уже отменено: его нельзя изменить',
  scheduled: 'Интервью назначено, приглашения отправлены',
  rescheduled: 'Интервью перенесено, приглашения обновлены',
  scoreRange: 'Оценка — от 1 до 5',
  scoreUnknown: 'Такого критерия у вакансии нет',
  scoresRequired: 'Оцените кандидата хотя бы по одному критерию',
  recommendationRequired: 'Выберите рекомендацию',
  notParticipant: 'Оставить отзыв может только участник интервью',
  feedbackSaved: 'Отзыв сохранён',
  placeMax: `Место — не длиннее ${INTERVIEW_PLACE_MAX} символов`,
  linkMax: 'Ссылка слишком длинная',
  participantInvalid: 'Выберите участников из списка',
  commentMax: `Комментарий — не длиннее ${FEEDBACK_COMMENT_MAX.toLocaleString('ru-RU')} символов`,
  criteriaRequired: 'Нужен хотя бы один критерий',
  criteriaMax: `Не больше ${CRITERIA_MAX} критериев`,
  criterionEmpty: 'Название критерия не может быть пустым',
  criterionMax: `Название критерия — не длиннее ${CRITERION_MAX} символов`,
  criteriaTwice: 'Критерии не должны повторяться',
  criteriaSaved: 'Критерии сохранены',
  candidateNotWritten: 'Кандидату приглашение не отправлено',
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
    place: z.string({ error: INTERVIEW_MSG.placeOrLink }).trim().max(INTERVIEW_PLACE_MAX, { error: INTERVIEW_MSG.placeMax }).nullish().transform((v) => v || null),
    link: z
      .string({ error: INTERVIEW_MSG.linkInvalid })
      .trim()
      .max(2000, { error: INTERVIEW_MSG.linkMax })
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v == null || /^https?:\/\/\S+$/i.test(v), { error: INTERVIEW_MSG.linkInvalid }),
    participant_ids: z
      .array(z.number({ error: INTERVIEW_MSG.participantInvalid }).int({ error: INTERVIEW_MSG.participantInvalid }).positive({ error: INTERVIEW_MSG.participantInvalid }).max(2_147_483_647, { error: INTERVIEW_MSG.participantInvalid }), { error: INTERVIEW_MSG.participantInvalid })
      .max(INTERVIEW_PARTICIPANTS_MAX, { error: INTERVIEW_MSG.participantsMax })
      .default([]),
  })
  .superRefine((b, ctx) => {
    if (!b.place && !b.link) ctx.addIssue({ code: 'custom', path: ['place'], message: INTERVIEW_MSG.placeOrLink });
  });
export type InterviewBody = z.input<typeof interviewBody>;

export const feedbackBody = z.object({
  scores: z.record(
    z.string().max(CRITERION_MAX, { error: INTERVIEW_MSG.scoreUnknown }),
    z.number({ error: INTERVIEW_MSG.scoreRange }).int({ error: INTERVIEW_MSG.scoreRange }).min(1, { error: INTERVIEW_MSG.scoreRange }).max(5, { error: INTERVIEW_MSG.scoreRange }),
    { error: INTERVIEW_MSG.scoresRequired },
  ),
  recommendation: z.enum(RECOMMENDATIONS, { error: INTERVIEW_MSG.recommendationRequired }),
  comment: z.string({ error: INTERVIEW_MSG.commentMax }).trim().max(FEEDBACK_COMMENT_MAX, { error: INTERVIEW_MSG.commentMax }).nullish().transform((v) => v || null),
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
/** The reply's interviews, the vacancy's criteria and who of its team may take part. */
export const interviewList = z.object({ items: z.array(interview), criteria: z.array(z.string()), team: z.array(person) });
export type InterviewList = z.infer<typeof interviewList>;
export type InterviewPerson = z.infer<typeof person>;

/** A scheduled, changed or cancelled interview, and whether the candidate was written to (consent, an address). */
export const interviewSaved = z.object({
  interview,
  candidate_notified: z.boolean(),
  /** Why the candidate got no letter (in Russian), or null. */
  candidate_note: z.string().nullable(),
});
export type InterviewSaved = z.infer<typeof interviewSaved>;

export const interviewIdParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  r_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  i_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** GET|PUT /api/vacancy/{id}/criteria: what interviewers score. */
export const criteriaBody = z.object({
  criteria: z
    .array(
      z.string({ error: INTERVIEW_MSG.criterionEmpty }).trim().min(1, { error: INTERVIEW_MSG.criterionEmpty }).max(CRITERION_MAX, { error: INTERVIEW_MSG.criterionMax }),
      { error: INTERVIEW_MSG.criteriaRequired },
    )
    .min(1, { error: INTERVIEW_MSG.criteriaRequired })
    .max(CRITERIA_MAX, { error: INTERVIEW_MSG.criteriaMax })
    .refine((list) => new Set(list.map((c) => c.toLocaleLowerCase('ru-RU'))).size === list.length, { error: INTERVIEW_MSG.criteriaTwice }),
});
export type CriteriaBody = z.infer<typeof criteriaBody>;
export const criteriaAnswer = z.object({ criteria: z.array(z.string()) });
