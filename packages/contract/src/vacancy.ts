import { z } from 'zod';
import { ANALYTICS_MSG, PUBLIC_REPLY_CHANNELS } from './analytics.ts';
import { consentBox, consentVersionField } from './consent.ts';
import { paginated, success } from './envelope.ts';
import { visibleTextOf } from './html.ts';
import { MSG } from './messages.ts';
import { PER_PAGE_CHOICES, pageField, pageQuery, perPageField } from './pagination.ts';
import { MESSAGE_STATES, replyHistoryItem, stage, stageWithCount } from './pipeline.ts';
import { isValidPhone, PHONE_REFINE } from './phone.ts';
import { resumeCard, resumeContacts, resumeFull } from './resume.ts';
import { SEARCH_EDUCATION, SEARCH_EXPERIENCE, SEARCH_SCHEDULES, SEARCH_WORKING_TYPES } from './search.ts';

/**
 * Vacancy requests and replies (PRODUCT 5). Calls (all under /api/vacancy):
 *   GET    /                          own and team's vacancies, paginated, ?status=   → vacancyList
 *   POST   /                          create (has_vacancy)  vacancyCreateBody         → vacancy
 *   GET    /{id}                      team: vacancy; others: vacancyPublic / vacancyClosed (draft → 404)
 *   PUT    /{id}                      change the fields sent  vacancyUpdateBody        → vacancy
 *   DELETE /{id}                      close                                           → vacancy
 *   POST   /{id}/reply                public reply: JSON or multipart (replyBody + file) → {id}
 *   GET    /{id}/reply                ?stage_id=&status=&page=&per_page=              → replyList
 *   GET    /{id}/reply/{r_id}         the reply as a resume                            → replyDetail
 *   PATCH  /{id}/reply/{r_id}         replyMoveBody (pipeline.ts; legacy replyStatusBody) → replyDetail
 *   GET    /{id}/reply/{r_id}/file    the CV as an attachment (404 when none)
 *   GET    /{id}/matches              «Подходящие кандидаты», ?page=&per_page=         → vacancyMatches
 *   POST   /{id}/invite               vacancyInviteBody {resume_hash}                   → vacancyInviteAnswer
 */

// ─── limits ───────────────────────────────────────────────────────────────────────────────────

export const VACANCY_TITLE_MAX = 100;
/** Visible characters (tags removed, white space collapsed) a description needs to be published. */
export const VACANCY_DESCRIPTION_MIN = 200;
export const VACANCY_DESCRIPTION_MAX = 10_000;
/** The raw HTML the server accepts at all (markup included) before cleaning it. */
export const VACANCY_DESCRIPTION_HTML_MAX = 100_000;
export const VACANCY_SKILLS_MAX = 30;
export const VACANCY_SKILL_LENGTH_MAX = 100;
export const VACANCY_COMPANY_MAX = 200;
export const VACANCY_ADDRESS_MAX = 300;
export const VACANCY_CONTACT_NAME_MAX = 150;
export const SALARY_MAX = 2_147_483_647;

export const REPLY_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Recognised by content, not by name: PDF, DOC (OLE2), DOCX (ZIP with word/document.xml), RTF. */
export const REPLY_FILE_TYPES = ['pdf', 'doc', 'docx', 'rtf'] as const;
export type ReplyFileType = (typeof REPLY_FILE_TYPES)[number];
/** For the file picker (`accept`); the server checks the content anyway. */
export const REPLY_FILE_ACCEPT =
  '.pdf,.doc,.docx,.rtf,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/rtf,text/rtf';
export const REPLY_FILE_HINT = 'PDF, DOC, DOCX или RTF, не больше 10 МБ';
export const REPLY_FIO_MAX = 150;
export const REPLY_TEXT_MAX = 20_000;
export const REPLY_COVER_LETTER_MAX = 5_000;
export const REPLY_CITY_MAX = 150;
export const REPLY_MESSAGE_MAX = 5_000;
export const VACANCY_PER_PAGE = PER_PAGE_CHOICES;

// ─── statuses ─────────────────────────────────────────────────────────────────────────────────

export const VACANCY_STATUSES = ['draft', 'published', 'closed'] as const;
export type VacancyStatus = (typeof VACANCY_STATUSES)[number];
export const VACANCY_STATUS_TITLES: Record<VacancyStatus, string> = {
  draft: 'Черновик',
  published: 'Опубликована',
  closed: 'Закрыта',
};

/** new → viewed (first opening by the team) → invited / rejected / hired in any order; never back to new. */
export const REPLY_STATUSES = ['new', 'viewed', 'invited', 'rejected', 'hired'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];
export const REPLY_STATUS_TITLES: Record<ReplyStatus, string> = {
  new: 'Новый',
  viewed: 'Просмотрен',
  invited: 'Приглашение',
  rejected: 'Отказ',
  hired: 'Выход на работу',
};
/** What a PATCH may set (never `new`). */
export const REPLY_SETTABLE_STATUSES = ['viewed', 'invited', 'rejected', 'hired'] as const;

/** `reply`: the candidate replied on the public page; `invite`: a member invited a club resume. */
export const REPLY_SOURCES = ['reply', 'invite'] as const;
export type ReplySource = (typeof REPLY_SOURCES)[number];
export const REPLY_SOURCE_TITLES: Record<ReplySource, string> = { reply: 'Отклик', invite: 'Приглашение' };

/** The one-tap buttons of the Telegram notification. */
export const TELEGRAM_REPLY_BUTTONS = { invited: 'Пригласить', rejected: 'Отказать' } as const;

// ─── texts ────────────────────────────────────────────────────────────────────────────────────

export const VACANCY_MSG = {
  titleRequired: 'Укажите название вакансии',
  titleLong: `Название — не длиннее ${VACANCY_TITLE_MAX} символов`,
  cityRequired: 'Укажите город',
  descriptionShort: `Для публикации описание должно быть не короче ${VACANCY_DESCRIPTION_MIN} символов`,
  descriptionLong: `Описание — не длиннее ${VACANCY_DESCRIPTION_MAX} символов`,
  skillsMax: `Не больше ${VACANCY_SKILLS_MAX} навыков`,
  skillLong: `Навык — не длиннее ${VACANCY_SKILL_LENGTH_MAX} символов`,
  salaryInteger: 'Укажите сумму целым числом в рублях',
  salaryRange: 'Зарплата «от» не может быть больше зарплаты «до»',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
  closed: 'Вакансия закрыта',
  notFound: 'Вакансия не найдена',
  replyNotFound: 'Отклик не найден',
  fileNotFound: 'Файла нет',
  created: 'Черновик сохранён',
  published: 'Вакансия опубликована',
  saved: 'Изменения сохранены',
  closedNow: 'Вакансия закрыта',
  consent: 'Необходимо согласие на обработку персональных данных',
  duplicate: 'Вы уже откликались на эту вакансию',
  resumeOrFile: 'Приложите файл резюме или расскажите о себе',
  fileType: 'Файл должен быть в формате PDF, DOC, DOCX или RTF',
  fileSize: 'Файл должен быть не больше 10 МБ',
  fileOne: 'Можно приложить только один файл',
  replySent: 'Отклик отправлен. Работодатель свяжется с вами',
  statusChanged: 'Статус отклика изменён',
  statusNew: 'Вернуть отклик в «Новые» нельзя',
  invited: 'Кандидат приглашён на вакансию',
  alreadyInvited: 'Этот кандидат уже есть среди откликов на вакансию',
  inviteNeedsPublished: 'Пригласить можно только на опубликованную вакансию',
  resumeNotFound: 'Резюме не найдено',
} as const;

// ─── visible text (the same count on both sides) ──────────────────────────────────────────────

/** Counted in code points, as a person counts letters. */
export const visibleLength = (html: string) => [...visibleTextOf(html)].length;

// ─── requests ─────────────────────────────────────────────────────────────────────────────────

const text = (max: number) =>
  z
    .string({ error: MSG.fillError })
    .trim()
    .max(max, { error: VACANCY_MSG.tooLong(max) });
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => v || null);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values, { error: MSG.chooseFromList })
    .nullish()
    .transform((v) => v ?? null);
const salary = z.coerce
  .number({ error: VACANCY_MSG.salaryInteger })
  .int({ error: VACANCY_MSG.salaryInteger })
  .min(0, { error: VACANCY_MSG.salaryInteger })
  .max(SALARY_MAX, { error: VACANCY_MSG.salaryInteger })
  .nullish()
  .transform((v) => v ?? null);
const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** Vacancy fields as the editor sends them; `city` is a `search_city` value (a city id). */
export const vacancyFields = {
  title: z
    .string({ error: VACANCY_MSG.titleRequired })
    .trim()
    .min(1, { error: VACANCY_MSG.titleRequired })
    .max(VACANCY_TITLE_MAX, { error: VACANCY_MSG.titleLong }),
  company: optionalText(VACANCY_COMPANY_MAX),
  city: z
    .union([z.string(), z.number()], { error: VACANCY_MSG.cityRequired })
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: VACANCY_MSG.cityRequired })
        .regex(/^\d{1,6}$/, { error: MSG.cityNotFound }),
    ),
  address: optionalText(VACANCY_ADDRESS_MAX),
  salary_from: z.preprocess(emptyToNull, salary),
  salary_to: z.preprocess(emptyToNull, salary),
  workingType: z.preprocess(emptyToNull, oneOf(SEARCH_WORKING_TYPES)),
  schedule: z.preprocess(emptyToNull, oneOf(SEARCH_SCHEDULES)),
  experience: z.preprocess(emptyToNull, oneOf(SEARCH_EXPERIENCE)),
  education: z.preprocess(emptyToNull, oneOf(SEARCH_EDUCATION)),
  /** A leaf of `roleTree` (an hh professional role id). */
  role: z.preprocess(
    emptyToNull,
    z
      .string({ error: MSG.chooseFromList })
      .regex(/^\d{1,6}$/, { error: MSG.chooseFromList })
      .nullish()
      .transform((v) => v ?? null),
  ),
  skills: z
    .array(z.string({ error: MSG.fillError }).trim().max(VACANCY_SKILL_LENGTH_MAX, { error: VACANCY_MSG.skillLong }), {
      error: MSG.fillError,
    })
    .max(VACANCY_SKILLS_MAX, { error: VACANCY_MSG.skillsMax })
    .transform((list) => [...new Set(list.filter(Boolean))]),
  /** HTML; the server cleans it to the allow-list (never refuses for markup). */
  description: z
    .string({ error: MSG.fillError })
    .max(VACANCY_DESCRIPTION_HTML_MAX, { error: VACANCY_MSG.descriptionLong })
    .refine((html) => visibleLength(html) <= VACANCY_DESCRIPTION_MAX, { error: VACANCY_MSG.descriptionLong }),
  contact_name: optionalText(VACANCY_CONTACT_NAME_MAX),
  contact_email: z.preprocess(
    emptyToNull,
    z
      .string({ error: MSG.emailInvalid })
      .trim()
      .max(190, { error: MSG.emailInvalid })
      .pipe(z.email({ error: MSG.emailInvalid }))
      .nullish()
      .transform((v) => v ?? null),
  ),
  contact_phone: z.preprocess(
    emptyToNull,
    z
      .string({ error: MSG.fillError })
      .trim()
      .max(40, { error: MSG.fillError })
      .refine(isValidPhone, PHONE_REFINE)
      .nullish()
      .transform((v) => v ?? null),
  ),
  /** `published` publishes (needs has_vacancy and a 200-character description); `draft` keeps it unpublished. */
  status: z.enum(['draft', 'published'], { error: MSG.chooseFromList }),
};

const salaryOrder = (b: { salary_from?: number | null; salary_to?: number | null }, ctx: z.RefinementCtx) => {
  if (b.salary_from != null && b.salary_to != null && b.salary_from > b.salary_to) {
    ctx.addIssue({ code: 'custom', path: ['salary_to'], message: VACANCY_MSG.salaryRange });
  }
};

/** POST /api/vacancy. Contacts left empty default to the owner's; company to the profile's. */
export const vacancyCreateBody = z
  .object({
    ...vacancyFields,
    skills: vacancyFields.skills.optional().default([]),
    description: vacancyFields.description.optional().default(''),
    status: vacancyFields.status.optional().default('draft'),
  })
  .superRefine(salaryOrder);
export type VacancyCreateBody = z.input<typeof vacancyCreateBody>;

/** PUT /api/vacancy/{id}: only the fields sent change; `status` may reopen a closed vacancy. */
export const vacancyUpdateBody = z
  .object({
    title: vacancyFields.title.optional(),
    company: vacancyFields.company.optional(),
    city: vacancyFields.city.optional(),
    address: vacancyFields.address.optional(),
    salary_from: vacancyFields.salary_from.optional(),
    salary_to: vacancyFields.salary_to.optional(),
    workingType: vacancyFields.workingType.optional(),
    schedule: vacancyFields.schedule.optional(),
    experience: vacancyFields.experience.optional(),
    education: vacancyFields.education.optional(),
    role: vacancyFields.role.optional(),
    skills: vacancyFields.skills.optional(),
    description: vacancyFields.description.optional(),
    contact_name: vacancyFields.contact_name.optional(),
    contact_email: vacancyFields.contact_email.optional(),
    contact_phone: vacancyFields.contact_phone.optional(),
    status: vacancyFields.status.optional(),
  })
  .superRefine(salaryOrder);
export type VacancyUpdateBody = z.input<typeof vacancyUpdateBody>;

export const vacancyIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const replyIdParams = vacancyIdParam.extend({ r_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

const page = pageField();
const perPage = perPageField(VACANCY_PER_PAGE);

export const vacancyListQuery = z.object({
  status: z.enum(VACANCY_STATUSES, { error: MSG.chooseFromList }).optional(),
  page,
  per_page: perPage,
});
export const replyListQuery = z.object({
  /** A stage of the vacancy (another vacancy's stage: an empty page). */
  stage_id: z.coerce
    .number({ error: MSG.chooseFromList })
    .int({ error: MSG.chooseFromList })
    .min(1, { error: MSG.chooseFromList })
    .max(2_147_483_647, { error: MSG.chooseFromList })
    .optional(),
  status: z.enum(REPLY_STATUSES, { error: MSG.chooseFromList }).optional(),
  page,
  per_page: perPage,
});
export const matchesQuery = pageQuery;

/**
 * POST /api/vacancy/{id}/reply (public): JSON, or multipart/form-data with the same names plus
 * `file`. Booleans as true/1/on. `resume_text` or `file` is required (errors.resume_text); `consent`
 * and the `consent_version` the page showed are required (errors.consent, errors.consent_version).
 * `website` is a honeypot: when filled the answer looks like success and nothing is stored.
 */
export const replyBody = z.object({
  fio: z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(REPLY_FIO_MAX, { error: VACANCY_MSG.tooLong(REPLY_FIO_MAX) }),
  phone: z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(40, { error: MSG.fillError })
    .refine(isValidPhone, PHONE_REFINE),
  email: z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(190, { error: MSG.emailInvalid })
    .pipe(z.email({ error: MSG.emailInvalid })),
  /** Required whatever the body's shape: a missing key is the same error as an unticked box. */
  consent: consentBox(VACANCY_MSG.consent),
  /** The version of CONSENT_TEXTS.reply the page showed (consentVersion('reply')); stored with the reply. */
  consent_version: consentVersionField('reply'),
  resume_text: optionalText(REPLY_TEXT_MAX),
  city_name: optionalText(REPLY_CITY_MAX),
  cover_letter: optionalText(REPLY_COVER_LETTER_MAX),
  website: z.string().max(1000).nullish(),
  /** Where the visitor came from: the page opened from a Telegram share says `telegram` (analytics' sources). */
  channel: z.enum(PUBLIC_REPLY_CHANNELS, { error: ANALYTICS_MSG.channel }).optional(),
});
export type ReplyBody = z.input<typeof replyBody>;

/** PATCH /api/vacancy/{id}/reply/{r_id}: `message` is e-mailed to the candidate. */
export const replyStatusBody = z.object({
  status: z.enum(REPLY_SETTABLE_STATUSES, { error: VACANCY_MSG.statusNew }),
  message: optionalText(REPLY_MESSAGE_MAX),
});
export type ReplyStatusBody = z.input<typeof replyStatusBody>;

export const vacancyInviteBody = z.object({
  resume_hash: z
    .string({ error: VACANCY_MSG.resumeNotFound })
    .trim()
    .regex(/^[0-9A-Za-z]{22}$/, { error: VACANCY_MSG.resumeNotFound }),
});

// ─── answers ──────────────────────────────────────────────────────────────────────────────────

const option = z.object({ value: z.string(), title: z.string() });
const person = z.object({ id: z.number().int(), name: z.string(), family: z.string() });

/** What anyone may read of a published vacancy (no HR contacts, no counters). */
export const vacancyPublic = z.object({
  id: z.number().int(),
  title: z.string(),
  company: z.string().nullable(),
  city: option.nullable(),
  address: z.string().nullable(),
  salary_from: z.number().int().nullable(),
  salary_to: z.number().int().nullable(),
  workingType: option.nullable(),
  schedule: option.nullable(),
  experience: option.nullable(),
  education: option.nullable(),
  role: option.nullable(),
  skills: z.array(z.string()),
  /** Cleaned HTML (allow-list); render through the client's allow-list too. */
  description: z.string(),
  status: z.enum(VACANCY_STATUSES),
  status_title: z.string(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  permissions: z.object({ can_edit: z.boolean() }),
});
export type VacancyPublic = z.infer<typeof vacancyPublic>;

/** A closed vacancy for everyone outside the team: the title and «Вакансия закрыта». */
export const vacancyClosed = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.literal('closed'),
  status_title: z.string(),
  message: z.string(),
  permissions: z.object({ can_edit: z.literal(false) }),
});
export type VacancyClosed = z.infer<typeof vacancyClosed>;

/** The owner's and team's view. */
export const vacancy = vacancyPublic.extend({
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  views: z.number().int(),
  replies_count: z.number().int(),
  new_replies_count: z.number().int(),
  owner: person,
});
export type Vacancy = z.infer<typeof vacancy>;

/** GET /api/vacancy/{id}: tell the three apart by `permissions.can_edit` and `status`. */
export const vacancyView = z.union([vacancy, vacancyPublic, vacancyClosed]);
export type VacancyView = z.infer<typeof vacancyView>;

export const vacancyListItem = vacancy.omit({ description: true });
export type VacancyListItem = z.infer<typeof vacancyListItem>;
/** The list plus the counts per status for the tabs. */
export const vacancyList = paginated(vacancyListItem).extend({
  counts: z.object({ all: z.number().int(), draft: z.number().int(), published: z.number().int(), closed: z.number().int() }),
});
export type VacancyList = z.infer<typeof vacancyList>;

export const replyListItem = z.object({
  id: z.number().int(),
  status: z.enum(REPLY_STATUSES),
  status_title: z.string(),
  source: z.enum(REPLY_SOURCES),
  created_at: z.string(),
  fio: z.string(),
  city: z.string().nullable(),
  /** The resume title (the vacancy's title for a reply from the public page). */
  title: z.string(),
  has_file: z.boolean(),
  resume_hash: z.string(),
  stage,
  /** When the reply came to its stage. */
  stage_at: z.string(),
  /** The rejection reason (a reply in the rejected stage). */
  reason: z.string().nullable(),
  /** «возможный дубль»: another reply or resume of the team with the same e-mail or phone. */
  duplicate: z.boolean(),
});
export type ReplyListItem = z.infer<typeof replyListItem>;
export const replyList = paginated(replyListItem).extend({
  counts: z.object({
    all: z.number().int(),
    new: z.number().int(),
    viewed: z.number().int(),
    invited: z.number().int(),
    rejected: z.number().int(),
    hired: z.number().int(),
  }),
  vacancy: z.object({ id: z.number().int(), title: z.string(), status: z.enum(VACANCY_STATUSES) }),
  /** The vacancy's stages in order, each with its number of replies (the tabs). */
  stages: z.array(stageWithCount),
});
export type ReplyList = z.infer<typeof replyList>;

export const replyHistoryEntry = z.object({
  status: z.enum(REPLY_STATUSES),
  status_title: z.string(),
  at: z.string(),
  /** null: the candidate (the reply itself). */
  by: person.nullable(),
  message: z.string().nullable(),
});

/** GET /api/vacancy/{id}/reply/{r_id}: the full resume with contacts (free for the team), plus the reply. */
export const replyDetail = resumeFull.extend({
  reply_id: z.number().int(),
  vacancy_id: z.number().int(),
  vacancy_title: z.string(),
  status: z.enum(REPLY_STATUSES),
  status_title: z.string(),
  reply_source: z.enum(REPLY_SOURCES),
  fio: z.string(),
  /** null: an invited club resume whose contacts this member has not opened (they open on its resume page). */
  contacts: resumeContacts.nullable(),
  cover_letter: z.string().nullable(),
  /** The city as the candidate typed it (null: not given, or an invited club resume). */
  city_name: z.string().nullable(),
  file: z.object({ name: z.string(), size: z.number().int(), type: z.enum(REPLY_FILE_TYPES) }).nullable(),
  history: z.array(replyHistoryEntry),
  replied_at: z.string(),
  stage,
  stage_at: z.string(),
  reason: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** The vacancy's stages in order (the move controls). */
  stages: z.array(stage),
  /** Every move and message (the same as GET …/history). */
  timeline: z.array(replyHistoryItem),
  /** The delivery of the message the PATCH just sent (null: none sent). */
  message_state: z
    .object({ id: z.number().int(), state: z.enum(MESSAGE_STATES), state_title: z.string(), error: z.string().nullable() })
    .nullable(),
});
export type ReplyDetail = z.infer<typeof replyDetail>;

/** GET /api/vacancy/{id}/reply/{r_id}/file/text: a DOCX's or RTF's text (null: a PDF or DOC, or it could not be read). */
export const replyFileText = z.object({ text: z.string().nullable(), truncated: z.boolean() });
export type ReplyFileText = z.infer<typeof replyFileText>;

/**
 * GET /api/vacancy/invite-targets/{hash}: the team's published vacancies for «Пригласить на
 * вакансию», each with the resume's place among its replies (`on`: null when it is not there yet).
 */
export const inviteTargets = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      city: option.nullable(),
      salary_from: z.number().int().nullable(),
      salary_to: z.number().int().nullable(),
      on: z.object({ source: z.enum(REPLY_SOURCES), status: z.enum(REPLY_STATUSES), status_title: z.string() }).nullable(),
    }),
  ),
});
export type InviteTargets = z.infer<typeof inviteTargets>;

export const replyCreated = z.object({ id: z.number().int().nullable() });

export const MATCH_REASON_KINDS = ['title', 'skills', 'role', 'city', 'experience', 'salary'] as const;
/** Why a resume was suggested: «совпали навыки: Хантинг, Собеседования», «Москва», «опыт 1–3 года». */
export const matchReason = z.object({ kind: z.enum(MATCH_REASON_KINDS), text: z.string() });
export type MatchReason = z.infer<typeof matchReason>;
/** A suggested resume: its card, its score (0–124: relevance up to 100, preferences on top) and the reasons. */
export const vacancyMatchCard = resumeCard.extend({
  match: z.object({ score: z.number().int(), reasons: z.array(matchReason) }),
});
export type VacancyMatchCard = z.infer<typeof vacancyMatchCard>;

/** «Подходящие кандидаты»: ranked club resumes and the home-search query string with the vacancy's words and city. */
export const vacancyMatches = paginated(vacancyMatchCard).extend({ search: z.string() });
export type VacancyMatches = z.infer<typeof vacancyMatches>;

export const vacancyInviteAnswer = z.object({ reply_id: z.number().int(), status: z.literal('invited'), emailed: z.boolean() });
export type VacancyInviteAnswer = z.infer<typeof vacancyInviteAnswer>;

export const vacancyAnswer = success(vacancy);
export const vacancyViewAnswer = success(vacancyView);
export const vacancyListAnswer = success(vacancyList);
export const replyListAnswer = success(replyList);
export const replyDetailAnswer = success(replyDetail);
