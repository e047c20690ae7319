import { z } from 'zod';
import { emailField, looseBoolean } from './auth.ts';
import { consentBox, consentVersionField } from './consent.ts';
import { MSG } from './messages.ts';
import { PER_PAGE_CHOICES, pageField, pageQuery, perPageField } from './pagination.ts';

/**
 * Opinions about candidates and reference requests (PRODUCT 6). Member calls need a login
 * (visitors 401); the three `/api/review/request/{id}` calls without a suffix or with /send,
 * /decline are public. See apps/api/src/modules/review/README.md for the call list.
 */

// ─── limits ───────────────────────────────────────────────────────────────────────────────────
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 5000;
export const REVIEW_COMPANY_MAX = 200;
export const REVIEW_NAME_MAX = 150;
export const REVIEW_POSITION_MAX = 150;
/** The requester's note in the addressee's letter: short plain text, no links (the letter is not a mailer). */
export const REVIEW_MESSAGE_MAX = 500;
/** Lines the requester's note may have. */
export const REVIEW_MESSAGE_LINES_MAX = 10;
export const REVIEW_DECLINE_REASON_MAX = 1000;
/** Requests a member may send per calendar day (Europe/Moscow). */
export const REVIEW_REQUESTS_PER_DAY = 10;
/** A pending request expires this many days after it was created. */
export const REVIEW_REQUEST_TTL_DAYS = 30;
/** The requester may resend the mail this many times while the request is pending. */
export const REVIEW_REQUEST_RESENDS = 1;
export const REVIEW_PER_PAGE = PER_PAGE_CHOICES;
/** Public request ids: 22 base62 characters (about 131 random bits). */
export const REVIEW_REQUEST_ID_PATTERN = /^[0-9A-Za-z]{22}$/;

// ─── enums with their Russian labels ─────────────────────────────────────────────────────────
export const REVIEW_VERDICTS = ['recommend', 'neutral', 'not_recommend'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];
export const REVIEW_VERDICT_TITLES: Record<ReviewVerdict, string> = {
  recommend: 'Рекомендую',
  neutral: 'Нейтрально',
  not_recommend: 'Не рекомендую',
};
/** For summaries: «2 рекомендуют». */
export const REVIEW_VERDICT_COUNT_TITLES: Record<ReviewVerdict, string> = {
  recommend: 'рекомендуют',
  neutral: 'нейтрально',
  not_recommend: 'не рекомендуют',
};

export const REVIEW_RELATIONS = ['employer', 'interviewer', 'colleague'] as const;
export type ReviewRelation = (typeof REVIEW_RELATIONS)[number];
export const REVIEW_RELATION_TITLES: Record<ReviewRelation, string> = {
  employer: 'Работодатель',
  interviewer: 'Проводил(а) собеседование',
  colleague: 'Коллега',
};

export const REVIEW_SOURCES = ['member', 'request'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];
export const REVIEW_SOURCE_TITLES: Record<ReviewSource, string> = {
  member: 'Отзыв участника клуба',
  request: 'Ответ на запрос рекомендации',
};

export const REVIEW_REQUEST_STATUSES = ['pending', 'answered', 'declined', 'expired'] as const;
export type ReviewRequestStatus = (typeof REVIEW_REQUEST_STATUSES)[number];
export const REVIEW_REQUEST_STATUS_TITLES: Record<ReviewRequestStatus, string> = {
  pending: 'Ожидает ответа',
  answered: 'Отзыв получен',
  declined: 'Отклонён',
  expired: 'Срок истёк',
};

// ─── Russian messages both sides show ─────────────────────────────────────────────────────────
export const REVIEW_MSG = {
  verdict: 'Выберите оценку',
  relation: 'Укажите, откуда вы знаете кандидата',
  textShort: `Отзыв должен быть не короче ${REVIEW_TEXT_MIN} символов`,
  textLong: `Отзыв должен быть не длиннее ${REVIEW_TEXT_MAX} символов`,
  tooLong: (max: number) => `Не длиннее ${max} символов`,
  period: 'Укажите месяц в формате ГГГГ-ММ',
  periodFuture: 'Дата не может быть в будущем',
  periodOrder: 'Начало периода не может быть позже окончания',
  duplicate: 'Вы уже оставили отзыв об этом кандидате',
  notFound: 'Отзыв не найден',
  resumeNotFound: 'Резюме не найдено',
  candidateConsent: 'Подтвердите, что кандидат согласен на проверку рекомендаций',
  authorConsent: 'Подтвердите согласие на передачу отзыва участникам клуба',
  experienceIndex: 'Выберите место работы из резюме',
  dailyLimit: `Можно отправить не больше ${REVIEW_REQUESTS_PER_DAY} запросов отзыва в день. Попробуйте завтра`,
  duplicateRequest: 'Этому адресату уже отправлен запрос об этом кандидате, ответ ещё не получен',
  requestNotFound: 'Запрос не найден',
  answered: 'На этот запрос уже ответили',
  declined: 'Запрос отклонён',
  expired: 'Срок запроса истёк',
  resentAlready: 'Письмо уже отправлено повторно',
  requestSent: 'Запрос отправлен',
  resent: 'Письмо отправлено повторно',
  thanks: 'Спасибо! Отзыв передан',
  declinedDone: 'Вы отказались от отзыва',
  saved: 'Отзыв сохранён',
  deleted: 'Отзыв удалён',
  noLinks: 'Уберите ссылки и адреса сайтов: письмо клуба передаёт только простой текст',
  noMarkup: 'Уберите HTML-разметку: письмо клуба передаёт только простой текст',
  oneLine: 'Введите одной строкой',
  tooManyLines: `Не больше ${REVIEW_MESSAGE_LINES_MAX} строк`,
  ownEmail: 'Нельзя запросить рекомендацию у самого себя: укажите адрес другого человека',
  teamEmail: 'Нельзя запросить рекомендацию у участника своей команды',
  ownAnswer: 'Нельзя отвечать на собственный запрос рекомендации или на запрос своей команды',
  addresseeHasOpinion: 'У вас уже есть отзыв об этом кандидате в клубе: второй отзыв не принимается',
} as const;

/** 422 message for an answer to a request that is no longer pending. */
export const REVIEW_REQUEST_CLOSED_MSG: Record<Exclude<ReviewRequestStatus, 'pending'>, string> = {
  answered: REVIEW_MSG.answered,
  declined: REVIEW_MSG.declined,
  expired: REVIEW_MSG.expired,
};

// ─── field rules ─────────────────────────────────────────────────────────────────────────────
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** YYYY-MM of the current month in Moscow: a period may not end (or start) after it. */
export function currentMoscowMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
}

const requiredText = (max: number) =>
  z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(max, { error: REVIEW_MSG.tooLong(max) });

/**
 * Free text that goes into the club's letter to an outside address: no links, web addresses or
 * e-mail addresses (the letter must not carry someone else's advertising), no markup.
 */
const LINK_PATTERN =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}_-]+\.(?:ru|рф|su|com|net|org|info|biz|io|me|xyz|online|site|top|club|shop|pro|app|dev|co|ly|to|cc|link|click|ua|by|kz|uk|de|us|gl|gg|tk|ml|ga|cf|tv|ws|page|store|live|space|website|tech|fun|icu|vip)(?![\p{L}\p{N}_]))/iu;
const MARKUP_PATTERN = /<\s*[a-z!/?]|&(?:[a-z]+|#\d+);/i;
export const hasLink = (v: string) => LINK_PATTERN.test(v);
const plainLetterText = <T extends z.ZodType<string | null>>(schema: T, { multiline }: { multiline: boolean }) =>
  schema
    .refine((v) => v === null || !hasLink(v), { error: REVIEW_MSG.noLinks })
    .refine((v) => v === null || !MARKUP_PATTERN.test(v), { error: REVIEW_MSG.noMarkup })
    .refine((v) => v === null || multiline || !/[\r\n]/.test(v), { error: REVIEW_MSG.oneLine })
    .refine((v) => v === null || !multiline || v.split(/\r\n|\r|\n/).length <= REVIEW_MESSAGE_LINES_MAX, { error: REVIEW_MSG.tooManyLines });
/** Optional text: '' and null both mean «not given». */
const optionalText = (max: number) =>
  z
    .string({ error: REVIEW_MSG.tooLong(max) })
    .trim()
    .max(max, { error: REVIEW_MSG.tooLong(max) })
    .nullish()
    .transform((v) => v || null);

const month = z
  .string({ error: REVIEW_MSG.period })
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || MONTH_PATTERN.test(v), { error: REVIEW_MSG.period })
  .refine((v) => v === null || !MONTH_PATTERN.test(v) || v <= currentMoscowMonth(), { error: REVIEW_MSG.periodFuture });

export const reviewVerdict = z.enum(REVIEW_VERDICTS, { error: REVIEW_MSG.verdict });
export const reviewRelation = z.enum(REVIEW_RELATIONS, { error: REVIEW_MSG.relation });
export const reviewText = z
  .string({ error: MSG.required })
  .trim()
  .min(REVIEW_TEXT_MIN, { error: REVIEW_MSG.textShort })
  .max(REVIEW_TEXT_MAX, { error: REVIEW_MSG.textLong });

/** `true` only: an unticked box (or none, or any other value) is the field's error. */
const mustAgree = (message: string) => consentBox(message);

const opinionFieldsShape = {
  verdict: reviewVerdict,
  text: reviewText,
  relation: reviewRelation,
  company: optionalText(REVIEW_COMPANY_MAX),
  period_from: month,
  period_to: month,
};
const periodInOrder = (b: { period_from: string | null; period_to: string | null }) =>
  !b.period_from || !b.period_to || b.period_from <= b.period_to;

/** `PUT /api/review/{id}`: the whole opinion is sent again. */
export const opinionUpdateBody = z
  .object(opinionFieldsShape)
  .refine(periodInOrder, { path: ['period_to'], error: REVIEW_MSG.periodOrder });
export type OpinionUpdateBody = z.input<typeof opinionUpdateBody>;

/** `POST /api/review`. */
export const opinionCreateBody = z
  .object({ resume_hash: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(64), ...opinionFieldsShape })
  .refine(periodInOrder, { path: ['period_to'], error: REVIEW_MSG.periodOrder });
export type OpinionCreateBody = z.input<typeof opinionCreateBody>;

/** `POST /api/review/request`. `experience_index` points at the resume's experience entry asked about. */
export const reviewRequestCreateBody = z.object({
  resume_hash: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(64),
  email: emailField,
  name: plainLetterText(requiredText(REVIEW_NAME_MAX), { multiline: false }),
  company: plainLetterText(optionalText(REVIEW_COMPANY_MAX), { multiline: false }),
  message: plainLetterText(optionalText(REVIEW_MESSAGE_MAX), { multiline: true }),
  experience_index: z.coerce.number({ error: REVIEW_MSG.experienceIndex }).int({ error: REVIEW_MSG.experienceIndex }).min(0, { error: REVIEW_MSG.experienceIndex }).max(500).nullish(),
  candidate_consent: mustAgree(REVIEW_MSG.candidateConsent),
});
export type ReviewRequestCreateBody = z.input<typeof reviewRequestCreateBody>;

/** `POST /api/review/request/{id}/send` (public). */
export const reviewRequestSendBody = z.object({
  verdict: reviewVerdict,
  text: reviewText,
  author_name: requiredText(REVIEW_NAME_MAX),
  author_company: optionalText(REVIEW_COMPANY_MAX),
  author_position: optionalText(REVIEW_POSITION_MAX),
  consent: mustAgree(REVIEW_MSG.authorConsent),
  /** The version of CONSENT_TEXTS.review_answer the page showed; stored with the answer. */
  consent_version: consentVersionField('review_answer'),
});
export type ReviewRequestSendBody = z.input<typeof reviewRequestSendBody>;

/** `POST /api/review/request/{id}/decline` (public): the reason is optional. */
export const reviewRequestDeclineBody = z
  .object({ reason: optionalText(REVIEW_DECLINE_REASON_MAX) })
  .nullish()
  .transform((b) => b ?? { reason: null });

const page = pageField();
const perPage = perPageField(REVIEW_PER_PAGE);

/** `GET /api/review`: the opinions about one candidate, or (`mine=1`) the member's own. */
export const opinionListQuery = z
  .object({ resume_hash: z.string().trim().max(64).optional(), mine: looseBoolean.optional(), page, per_page: perPage })
  .refine((q) => !!q.resume_hash || q.mine === true, { path: ['resume_hash'], error: MSG.required });
export const reviewRequestListQuery = pageQuery;
export const reviewIdParam = z.object({ id: z.string().max(64) });

// ─── answers ─────────────────────────────────────────────────────────────────────────────────
/** Counts by verdict of the visible opinions (hidden ones do not count). */
export const opinionsSummary = z.object({ recommend: z.number().int(), neutral: z.number().int(), not_recommend: z.number().int() });
export type OpinionsSummary = z.infer<typeof opinionsSummary>;
export const emptyOpinionsSummary = (): OpinionsSummary => ({ recommend: 0, neutral: 0, not_recommend: 0 });

export const opinion = z.object({
  id: z.number().int(),
  resume_hash: z.string(),
  verdict: z.enum(REVIEW_VERDICTS),
  text: z.string(),
  relation: z.enum(REVIEW_RELATIONS),
  company: z.string().nullable(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  source: z.enum(REVIEW_SOURCES),
  /**
   * The member who wrote it (source = member); for an answer to a request, the club member whose
   * address the request went to (the answer counts as that member's opinion); else null.
   */
  author: z.object({ id: z.number().int(), name: z.string(), family: z.string(), company: z.string().nullable() }).nullable(),
  /** Who answered a request (source = request), as they signed, else null. */
  external_author: z.object({ name: z.string(), company: z.string().nullable(), position: z.string().nullable() }).nullable(),
  /** An answer to a request: the member who asked for it (null for members' own opinions). */
  requested_by: z.object({ id: z.number().int(), name: z.string(), family: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  permissions: z.object({ can_edit: z.boolean() }),
  /** Only in the author's own view: an admin hid it, so nobody else sees it. */
  hidden: z.boolean().optional(),
  /** Only in `mine=1` lists and `GET /api/review/{id}`: what the opinion is about. */
  resume: z
    .object({ hash: z.string(), title: z.string(), initials: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() })
    .optional(),
});
export type Opinion = z.infer<typeof opinion>;

const requestStatus = z.enum(REVIEW_REQUEST_STATUSES);

/** A member's own request, `GET /api/review/request` and the answer of `POST /api/review/request`. */
export const reviewRequestItem = z.object({
  id: z.string(),
  resume_hash: z.string(),
  /** Names only for members with open_contact (as on the resume page); initials always. */
  candidate: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable(), initials: z.string(), position: z.string().nullable() }),
  email: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  message: z.string().nullable(),
  status: requestStatus,
  created_at: z.string(),
  answered_at: z.string().nullable(),
  expires_at: z.string(),
  resent_at: z.string().nullable(),
  /** The opinion the answer became (status answered). */
  opinion_id: z.number().int().nullable(),
  permissions: z.object({ can_resend: z.boolean() }),
});
export type ReviewRequestItem = z.infer<typeof reviewRequestItem>;

/**
 * The public page `GET /api/review/request/{token}`: nothing else of the resume or the requester.
 * `id` is the link's secret token (only the addressee's letter holds it), never the id of the
 * requester's list.
 */
export const reviewRequestPublic = z.object({
  id: z.string(),
  requester: z.object({ name: z.string(), family: z.string(), company: z.string().nullable() }),
  candidate: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable(), position: z.string().nullable(), company: z.string().nullable() }),
  message: z.string().nullable(),
  status: requestStatus,
});
export type ReviewRequestPublic = z.infer<typeof reviewRequestPublic>;
