import { z } from 'zod';
import { ACCESS_FLAGS, ACCOUNT_TYPES, accountType, RESIDENT_GIVES } from './access.ts';
import { educationMessage } from './education.ts';
import { MSG } from './messages.ts';
import { PAGE_MSG, PER_PAGE_CHOICES, pageField, perPageField } from './pagination.ts';

/**
 * The club's back office (PRODUCT 8, issue 10) and personal data (152-FZ). Every call under
 * /api/admin needs account_type admin: a visitor gets 401, a member 403. The call list with
 * request and answer shapes is apps/api/src/modules/admin/README.md.
 */

// ─── limits ───────────────────────────────────────────────────────────────────────────────────

export const ADMIN_PER_PAGE = PER_PAGE_CHOICES;
export const ADMIN_SEARCH_MAX = 200;
export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 1000;
export const EDUCATION_TITLE_MAX = 255;
export const EDUCATION_MESSAGE_MAX = 5000;
/** The biggest resume import file the upload accepts. */
export const IMPORT_FILE_MAX_BYTES = 200 * 1024 * 1024;
export const IMPORT_FILE_ACCEPT = '.jsonl,.ndjson,.json,.csv';
export const IMPORT_FILE_HINT = 'Выгрузка API hh.ru (.json), JSON Lines (.jsonl) или таблица CSV (.csv), не больше 200 МБ';
/** The most rows an audit CSV export holds (filter to narrow it). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

// ─── texts ────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_MSG = {
  perPage: PAGE_MSG.perPage,
  page: PAGE_MSG.page,
  userNotFound: 'Пользователь не найден',
  opinionNotFound: 'Отзыв не найден',
  resumeNotFound: 'Резюме не найдено',
  importNotFound: 'Загрузка не найдена',
  reasonRequired: 'Укажите причину',
  reasonShort: `Причина — не короче ${ADMIN_REASON_MIN} символов`,
  reasonLong: `Причина — не длиннее ${ADMIN_REASON_MAX} символов`,
  flagUnknown: 'Неизвестная опция доступа',
  searchLong: `Запрос — не длиннее ${ADMIN_SEARCH_MAX} символов`,
  idInvalid: 'Укажите числовой идентификатор',
  dateInvalid: 'Укажите дату в формате ГГГГ-ММ-ДД',
  dateRange: 'Дата «с» не может быть позже даты «по»',
  confirmEmail: 'Введите e-mail пользователя, чтобы подтвердить удаление',
  confirmMismatch: 'E-mail не совпадает с e-mail пользователя',
  noResidencyRequest: 'Пользователь не просил резидентство или решение уже принято',
  notSelf: 'Это действие нельзя применить к своей учётной записи',
  alreadyBlocked: 'Пользователь уже заблокирован',
  notBlocked: 'Пользователь не заблокирован',
  alreadyHidden: 'Отзыв уже скрыт',
  notHidden: 'Отзыв не скрыт',
  titleRequired: 'Укажите заголовок',
  titleLong: `Заголовок — не длиннее ${EDUCATION_TITLE_MAX} символов`,
  messageRequired: 'Укажите текст анонса',
  messageLong: `Текст — не длиннее ${EDUCATION_MESSAGE_MAX} символов`,
  educationId: 'Укажите номер курса — целое положительное число',
  fileRequired: 'Приложите файл',
  fileOne: 'Можно приложить только один файл',
  fileFormat: 'Нужен файл .json (выгрузка hh.ru), .jsonl, .ndjson (JSON Lines) или .csv',
  fileSize: 'Файл должен быть не больше 200 МБ',
  fileEmpty: 'Файл пустой',
  residencyApproved: 'Резидентство подтверждено',
  residencyRejected: 'В резидентстве отказано',
  flagsSaved: 'Опции доступа сохранены',
  typeSaved: 'Тип учётной записи изменён',
  blocked: 'Пользователь заблокирован',
  unblocked: 'Пользователь разблокирован',
  userDeleted: 'Учётная запись и данные пользователя удалены',
  candidateDeleted: 'Данные кандидата удалены',
  opinionHidden: 'Отзыв скрыт',
  opinionShown: 'Отзыв снова виден',
  educationSent: 'Анонс отправлен',
  importQueued: 'Файл загружен, импорт поставлен в очередь',
  /** Login of a blocked account (auth answers it as the `email` field error). */
  accountBlocked: MSG.userBlocked,
} as const;

/** What the user sees in their notifications after an admin's decision. */
export const ADMIN_NOTIFY = {
  residencyApprovedTitle: 'Резидентство подтверждено',
  residencyApproved: `Администратор подтвердил ваше резидентство в клубе. Теперь вам доступны: ${RESIDENT_GIVES}.`,
  residencyRejectedTitle: 'Заявка на резидентство отклонена',
  residencyRejected: (reason: string | null) =>
    reason ? `Администратор отклонил заявку на резидентство. Причина: ${reason}` : 'Администратор отклонил заявку на резидентство.',
  opinionHiddenTitle: 'Ваш отзыв скрыт',
  opinionHidden: (reason: string) => `Администратор скрыл ваш отзыв о кандидате. Причина: ${reason}`,
  opinionShownTitle: 'Ваш отзыв снова виден',
  opinionShown: (reason: string) => `Администратор восстановил ваш отзыв о кандидате. Комментарий: ${reason}`,
} as const;

// ─── enums with their Russian labels ─────────────────────────────────────────────────────────

/** `none`: not asked; `pending`: asked at registration (`is_resident`), waiting for a decision. */
export const RESIDENCY_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type ResidencyStatus = (typeof RESIDENCY_STATUSES)[number];
export const RESIDENCY_STATUS_TITLES: Record<ResidencyStatus, string> = {
  none: 'Не запрашивал',
  pending: 'Ждёт решения',
  approved: 'Подтверждено',
  rejected: 'Отказано',
};

export const ACCESS_FLAG_TITLES: Record<(typeof ACCESS_FLAGS)[number], string> = {
  team_lead: 'Руководитель команды',
  not_reply_notify: 'Уведомлять о неотвеченных запросах отзывов',
  report_reply_notify: 'Уведомлять об ответах на запросы отзывов',
  open_contact: 'Открытие контактов',
  commerce_account: 'Коммерческий аккаунт',
  has_vacancy: 'Заявки на вакансии',
  mass_search: 'Массовый поиск и выгрузка',
  spec_search: 'Расширенный поиск',
};

export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'resume.contacts_open',
  'resume.export',
  'resume.merge',
  'user.flags',
  'user.account_type',
  'user.residency_approve',
  'user.residency_reject',
  'user.block',
  'user.unblock',
  'user.delete',
  'user.data_export',
  'candidate.delete',
  'opinion.hide',
  'opinion.unhide',
  'education.create',
  'import.upload',
  'import.finish',
  'audit.export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_TITLES: Record<AuditAction, string> = {
  'auth.login': 'Вход',
  'auth.login_failed': 'Неудачный вход',
  'resume.contacts_open': 'Открытие контактов кандидата',
  'resume.export': 'Выгрузка резюме',
  'resume.merge': 'Объединение дублей резюме',
  'user.flags': 'Изменение опций доступа',
  'user.account_type': 'Изменение типа учётной записи',
  'user.residency_approve': 'Резидентство подтверждено',
  'user.residency_reject': 'Резидентство отклонено',
  'user.block': 'Блокировка',
  'user.unblock': 'Разблокировка',
  'user.delete': 'Удаление учётной записи',
  'user.data_export': 'Выгрузка персональных данных',
  'candidate.delete': 'Удаление данных кандидата',
  'opinion.hide': 'Отзыв скрыт',
  'opinion.unhide': 'Отзыв восстановлен',
  'education.create': 'Образовательный анонс',
  'import.upload': 'Загрузка файла импорта',
  'import.finish': 'Импорт завершён',
  'audit.export': 'Выгрузка журнала аудита',
};

export const AUDIT_OBJECT_TYPES = ['user', 'resume', 'opinion', 'import', 'education', 'audit'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];
export const AUDIT_OBJECT_TITLES: Record<AuditObjectType, string> = {
  user: 'Пользователь',
  resume: 'Резюме',
  opinion: 'Отзыв',
  import: 'Импорт',
  education: 'Анонс',
  audit: 'Журнал аудита',
};

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_TITLES: Record<ImportStatus, string> = {
  queued: 'В очереди',
  running: 'Идёт импорт',
  done: 'Завершён',
  failed: 'Ошибка',
};

export const OPINION_VISIBILITY = ['all', 'visible', 'hidden'] as const;
export type OpinionVisibility = (typeof OPINION_VISIBILITY)[number];
export const OPINION_VISIBILITY_TITLES: Record<OpinionVisibility, string> = { all: 'Все', visible: 'Видимые', hidden: 'Скрытые' };

// The consent texts and their versions live in consent.ts (the public forms import them without the admin module).
export { CONSENT_KINDS, CONSENT_TEXTS, type ConsentKind, type ConsentText, consentVersion } from './consent.ts';

// ─── shared pieces ────────────────────────────────────────────────────────────────────────────

/** Admin lists go deeper than the others (the audit log). */
export const adminPageQuery = z.object({ page: pageField(1_000_000), per_page: perPageField() });

/** A row id in the path: digits only, within PostgreSQL's integer (bigger → 422, not a database error). */
export const adminIdParam = z.object({
  id: z.coerce
    .number({ error: ADMIN_MSG.idInvalid })
    .int({ error: ADMIN_MSG.idInvalid })
    .min(1, { error: ADMIN_MSG.idInvalid })
    .max(2_147_483_647, { error: ADMIN_MSG.idInvalid }),
});
export const adminHashParam = z.object({
  hash: z.string().trim().min(1, { error: ADMIN_MSG.resumeNotFound }).max(64, { error: ADMIN_MSG.resumeNotFound }),
});

const reason = z
  .string({ error: ADMIN_MSG.reasonRequired })
  .trim()
  .min(1, { error: ADMIN_MSG.reasonRequired })
  .min(ADMIN_REASON_MIN, { error: ADMIN_MSG.reasonShort })
  .max(ADMIN_REASON_MAX, { error: ADMIN_MSG.reasonLong });
const optionalReason = z
  .string({ error: ADMIN_MSG.reasonLong })
  .trim()
  .max(ADMIN_REASON_MAX, { error: ADMIN_MSG.reasonLong })
  .nullish()
  .transform((v) => v || null);
const isoDate = z
  .string({ error: ADMIN_MSG.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ADMIN_MSG.dateInvalid })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: ADMIN_MSG.dateInvalid });

// ─── users ────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/users`: `q` matches name, e-mail, phone digits, company or the numeric id. */
export const adminUserQuery = adminPageQuery.extend({
  q: z.string({ error: ADMIN_MSG.searchLong }).trim().max(ADMIN_SEARCH_MAX, { error: ADMIN_MSG.searchLong }).optional().default(''),
  account_type: accountType.optional().catch(undefined),
  residency: z.enum(RESIDENCY_STATUSES, { error: MSG.chooseFromList }).optional(),
  blocked: z.enum(['0', '1'], { error: MSG.chooseFromList }).optional(),
});
export type AdminUserQuery = z.input<typeof adminUserQuery>;

export const adminUser = z.object({
  id: z.number(),
  fio: z.string(),
  email: z.string(),
  /** Ten digits after +7, or null. */
  phone: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  city_name: z.string().nullable(),
  account_type: accountType,
  account_type_title: z.string(),
  residency_status: z.enum(RESIDENCY_STATUSES),
  residency_status_title: z.string(),
  residency_decided_at: z.string().nullable(),
  residency_comment: z.string().nullable(),
  flags: z.array(z.string()),
  /** The team: the lead's id and name when the user is a member; `is_lead` when they lead one. */
  team: z.object({ lead_id: z.number(), lead_name: z.string(), is_lead: z.boolean(), members: z.number() }).nullable(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string().nullable(),
  /** Latest session activity (ISO), or null when the user never signed in / has no live session. */
  last_activity_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** `POST /api/admin/users/{id}/residency`. */
export const residencyDecisionBody = z.object({
  decision: z.enum(['approve', 'reject'], { error: MSG.chooseFromList }),
  comment: optionalReason,
});
export type ResidencyDecisionBody = z.input<typeof residencyDecisionBody>;

/** `PUT /api/admin/users/{id}/flags`: the whole set of flags (unknown names → 422). */
export const adminFlagsBody = z.object({
  flags: z
    .array(z.enum(ACCESS_FLAGS, { error: ADMIN_MSG.flagUnknown }), { error: ADMIN_MSG.flagUnknown })
    .max(ACCESS_FLAGS.length * 2)
    .transform((f) => [...new Set(f)].sort()),
});
export type AdminFlagsBody = z.input<typeof adminFlagsBody>;

/** `PUT /api/admin/users/{id}/account-type`. */
export const adminAccountTypeBody = z.object({
  account_type: z.enum(Object.keys(ACCOUNT_TYPES) as ['basic', 'resident', 'admin'], { error: MSG.chooseFromList }),
});
export type AdminAccountTypeBody = z.input<typeof adminAccountTypeBody>;

/** `POST /api/admin/users/{id}/block`. */
export const adminBlockBody = z.object({ reason });
export type AdminBlockBody = z.input<typeof adminBlockBody>;

/** `DELETE /api/admin/candidates/{hash}`: why (kept in the audit). */
export const adminDeleteBody = z
  .object({ reason: optionalReason })
  .nullish()
  .transform((b) => b ?? { reason: null });
export type AdminDeleteBody = z.input<typeof adminDeleteBody>;

/** `DELETE /api/admin/users/{id}`: the admin types the user's e-mail to confirm (a mistyped id deletes nobody). */
export const adminUserDeleteBody = z.object({
  confirm_email: z
    .string({ error: ADMIN_MSG.confirmEmail })
    .trim()
    .min(1, { error: ADMIN_MSG.confirmEmail })
    .max(320, { error: ADMIN_MSG.confirmEmail }),
  reason: optionalReason,
});
export type AdminUserDeleteBody = z.input<typeof adminUserDeleteBody>;

/** What a deletion removed, table by table (counts only: the answer carries no personal data). */
export const deletionSummary = z.object({ deleted: z.record(z.string(), z.number()) });
export type DeletionSummary = z.infer<typeof deletionSummary>;

/** `GET /api/admin/users/{id}/export`, `GET /api/user/export`: everything held about a member, table by table. */
export const personalDataExport = z.object({
  generated_at: z.string(),
  user_id: z.number(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;

// ─── candidates (resumes) ─────────────────────────────────────────────────────────────────────

/** `GET /api/admin/candidates?q=`: resumes by e-mail, phone digits, name or hash (to find one to delete). */
export const adminCandidateQuery = adminPageQuery.extend({
  q: z
    .string({ error: ADMIN_MSG.searchLong })
    .trim()
    .min(1, { error: MSG.required })
    .max(ADMIN_SEARCH_MAX, { error: ADMIN_MSG.searchLong }),
});
export const adminCandidate = z.object({
  hash: z.string(),
  fio: z.string(),
  title: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.string(),
  replies: z.number(),
  opinions: z.number(),
  created_at: z.string(),
});
export type AdminCandidate = z.infer<typeof adminCandidate>;

// ─── education ────────────────────────────────────────────────────────────────────────────────

/** `POST /api/admin/education`: sent to every user (notification, e-mail and Telegram copies). */
export const adminEducationBody = z.object({
  title: z
    .string({ error: ADMIN_MSG.titleRequired })
    .trim()
    .min(1, { error: ADMIN_MSG.titleRequired })
    .max(EDUCATION_TITLE_MAX, { error: ADMIN_MSG.titleLong }),
  message: z
    .string({ error: ADMIN_MSG.messageRequired })
    .trim()
    .min(1, { error: ADMIN_MSG.messageRequired })
    .max(EDUCATION_MESSAGE_MAX, { error: ADMIN_MSG.messageLong }),
  education_id: z.coerce
    .number({ error: ADMIN_MSG.educationId })
    .int({ error: ADMIN_MSG.educationId })
    .min(1, { error: ADMIN_MSG.educationId })
    .max(2_147_483_647, { error: ADMIN_MSG.educationId }),
});
export type AdminEducationBody = z.input<typeof adminEducationBody>;
/** The announcement as members get it, and how many members it was sent to. */
export const adminEducationAnswer = educationMessage.extend({ recipients: z.number() });
export type AdminEducationAnswer = z.infer<typeof adminEducationAnswer>;

// ─── opinions moderation ──────────────────────────────────────────────────────────────────────

export const adminOpinionQuery = adminPageQuery.extend({ state: z.enum(OPINION_VISIBILITY, { error: MSG.chooseFromList }).default('all') });
export type AdminOpinionQuery = z.input<typeof adminOpinionQuery>;
export const adminOpinion = z.object({
  id: z.number(),
  resume_hash: z.string(),
  resume_title: z.string(),
  source: z.string(),
  verdict: z.string(),
  text: z.string(),
  /** The member who wrote it (null for an outsider's answer to a request: see `author_name`). */
  author_id: z.number().nullable(),
  author_name: z.string(),
  hidden_at: z.string().nullable(),
  hidden_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminOpinion = z.infer<typeof adminOpinion>;
/** `POST /api/admin/opinions/{id}/hide` and `/unhide`. */
export const adminModerationBody = z.object({ reason });
export type AdminModerationBody = z.input<typeof adminModerationBody>;

// ─── resume import ────────────────────────────────────────────────────────────────────────────

export const importJob = z.object({
  id: z.number(),
  file_name: z.string(),
  /** `json`: an hh.ru API document, its report numbers resumes by their place in it, not by line. */
  format: z.enum(['jsonl', 'json', 'csv']),
  size: z.number(),
  status: z.enum(IMPORT_STATUSES),
  status_title: z.string(),
  /** Rows read so far (lines of JSON Lines, records of CSV). */
  rows: z.number(),
  imported: z.number(),
  updated: z.number(),
  rejected: z.number(),
  /** Rows written without some field, or with an old hh.ru value read as today's (their notes are in the report). */
  noted: z.number(),
  /** A problem with the file as a whole (bad CSV header, JSON array instead of lines). */
  error: z.string().nullable(),
  warnings: z.array(z.string()),
  uploaded_by: z.number().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;
/**
 * One row of an import's report: `rejected` — the row was not written, `reason` says why;
 * `noted` — written without what `reason` lists (one note a line: field, value, why).
 */
export const IMPORT_REPORT_KINDS = ['rejected', 'noted'] as const;
export const importReportLine = z.object({ line: z.number(), kind: z.enum(IMPORT_REPORT_KINDS), reason: z.string() });
export type ImportReportLine = z.infer<typeof importReportLine>;

// ─── client errors ────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/client-errors?page=`: the reports one by one, newest first, 20 a page. */
export const CLIENT_ERRORS_PER_PAGE = 20;
export const clientErrorReport = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  error: z.string(),
  info: z.string(),
  host: z.string(),
  path: z.string(),
  created_at: z.string(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

export const clientErrorGroup = z.object({
  error: z.string(),
  count: z.number(),
  users: z.number(),
  first_seen: z.string(),
  last_seen: z.string(),
  last_path: z.string(),
  last_info: z.string(),
});
export type ClientErrorGroup = z.infer<typeof clientErrorGroup>;

// ─── failed mail ──────────────────────────────────────────────────────────────────────────────

export const MAIL_FAILURE_STATUSES = ['failed', 'retrying'] as const;
export const MAIL_FAILURE_STATUS_TITLES: Record<(typeof MAIL_FAILURE_STATUSES)[number], string> = {
  failed: 'Не отправлено',
  retrying: 'Повторная попытка',
};

/** A letter the SMTP server refused or did not take (`GET /api/admin/mail-failures`). */
export const adminMailFailure = z.object({
  id: z.number(),
  /** The address masked (a***@example.com). */
  to: z.string(),
  /** null for a letter with a login code or a reset link: its subject carries the secret. */
  subject: z.string().nullable(),
  status: z.enum(MAIL_FAILURE_STATUSES),
  status_title: z.string(),
  attempts: z.number(),
  /** Why the last try failed, as the server or the mailer said it. */
  reason: z.string(),
  created_at: z.string(),
  /** When it failed for good; null while retrying. */
  failed_at: z.string().nullable(),
  /** The next try while retrying. */
  next_try_at: z.string().nullable(),
});
export type AdminMailFailure = z.infer<typeof adminMailFailure>;

// ─── audit log ────────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/audit` and `/audit/export` (same filters; dates are Moscow calendar days, inclusive). */
export const auditQuery = adminPageQuery
  .extend({
    actor_id: z.coerce
      .number({ error: ADMIN_MSG.idInvalid })
      .int({ error: ADMIN_MSG.idInvalid })
      .min(1, { error: ADMIN_MSG.idInvalid })
      .max(2_147_483_647, { error: ADMIN_MSG.idInvalid })
      .optional(),
    action: z.enum(AUDIT_ACTIONS, { error: MSG.chooseFromList }).optional(),
    object_type: z.enum(AUDIT_OBJECT_TYPES, { error: MSG.chooseFromList }).optional(),
    object_id: z.string({ error: ADMIN_MSG.idInvalid }).trim().max(64, { error: ADMIN_MSG.idInvalid }).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['from'], error: ADMIN_MSG.dateRange });
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number(),
  created_at: z.string(),
  actor_id: z.number().nullable(),
  /** The actor's name now (null when the actor is gone or was a visitor). */
  actor_name: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  action_title: z.string(),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  /** The object as a person reads it: «Резюме «Менеджер по продажам» (Е. З.)», names as the viewing admin may see them. */
  object_title: z.string().nullable(),
  /** Where the object opens (the site or the back office); null once it is gone. */
  object_url: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;
