import { z } from 'zod';
import { paginated } from './envelope.ts';
import { pageField, perPageField } from './pagination.ts';
import { resumeCard } from './resume.ts';

/** Автопоиск: a member's saved searches with digests (PRODUCT 10), under `/api/autosearch`. */

export const AUTOSEARCH_MAX = 50;
export const AUTOSEARCH_NAME_MAX = 100;
/** The longest query string a saved search keeps (the search page's own address bar part). */
export const AUTOSEARCH_QUERY_MAX = 4000;
/** Cards in one digest letter; the rest are «ещё N» behind the link. */
export const AUTOSEARCH_DIGEST_CARDS = 20;
/** `new_count` is counted again when older than this. */
export const AUTOSEARCH_COUNT_TTL_MS = 3600_000;
/** New results are counted up to this (the list shows «999+» past it). */
export const AUTOSEARCH_COUNT_CAP = 999;

export const AUTOSEARCH_FREQUENCIES = ['off', 'instant', 'daily', 'weekly'] as const;
export type AutosearchFrequency = (typeof AUTOSEARCH_FREQUENCIES)[number];

/** How each frequency is said to the member. */
export const AUTOSEARCH_FREQUENCY_LABEL: Record<AutosearchFrequency, string> = {
  off: 'Не присылать',
  instant: 'Сразу (в течение 15 минут)',
  daily: 'Раз в день, в 9:00 по Москве',
  weekly: 'Раз в неделю, в понедельник в 9:00 по Москве',
};

export const AUTOSEARCH_MSG = {
  tooMany: `Можно сохранить не больше ${AUTOSEARCH_MAX} автопоисков`,
  nameEmpty: 'Введите название автопоиска',
  nameLong: `Название — не длиннее ${AUTOSEARCH_NAME_MAX} символов`,
  nameControl: 'Название не должно содержать служебных символов',
  queryInvalid: 'Не удалось прочитать условия поиска',
  queryLong: 'Слишком длинные условия поиска',
  frequencyInvalid: 'Выберите, как часто присылать новые резюме',
  channelsInvalid: 'Укажите, куда присылать новые резюме',
  notFound: 'Автопоиск не найден',
  sinceInvalid: 'Неверная дата: ожидается дата и время в формате ISO 8601',
  idInvalid: 'Неверный идентификатор автопоиска',
  userInvalid: 'Выберите участника команды',
  shareNotTeam: 'Поделиться автопоиском можно только с участником своей команды',
  shareSelf: 'Этот автопоиск уже ваш',
  shared: 'Автопоиск отправлен коллеге',
  saved: 'Автопоиск сохранён',
  updated: 'Автопоиск изменён',
  deleted: 'Автопоиск удалён',
  unsubscribeInvalid: 'Ссылка для отписки недействительна или устарела',
  unsubscribed: 'Рассылка по автопоиску отключена',
} as const;

/**
 * Why a saved search does not run for the member (the list's `problem`, and the 403/422 under
 * `query` when saving one): an option lost, a value gone from the dictionaries.
 */
export const AUTOSEARCH_PROBLEM = {
  massSearch: 'Поиск по нескольким городам доступен только с опцией «Массовый поиск и выгрузка»',
  specSearch: 'Расширенный язык запросов доступен только с опцией «Расширенный поиск»',
  outdated: (detail: string) => `Условия поиска устарели: ${detail.charAt(0).toLowerCase()}${detail.slice(1)}`,
  unreadable: 'Не удалось прочитать условия поиска: измените или удалите автопоиск',
  /** The teammate already keeps AUTOSEARCH_MAX searches. */
  shareTooMany: `У коллеги уже ${AUTOSEARCH_MAX} автопоисков: больше сохранить нельзя`,
  /** Digests need somewhere to go. */
  noChannel: 'Выберите почту или Telegram, чтобы получать новые резюме',
} as const;

const name = z
  .string({ error: AUTOSEARCH_MSG.nameEmpty })
  .trim()
  .min(1, { error: AUTOSEARCH_MSG.nameEmpty })
  .max(AUTOSEARCH_NAME_MAX, { error: AUTOSEARCH_MSG.nameLong })
  // Line breaks, tabs and other control characters would break the list, mail subjects and Telegram.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: AUTOSEARCH_MSG.nameControl });
/** The query string without its leading «?»; the server checks it as the search does (422 per field). */
const query = z.string({ error: AUTOSEARCH_MSG.queryInvalid }).max(AUTOSEARCH_QUERY_MAX, { error: AUTOSEARCH_MSG.queryLong });
const frequency = z.enum(AUTOSEARCH_FREQUENCIES, { error: AUTOSEARCH_MSG.frequencyInvalid });
export const autosearchChannels = z.object(
  {
    email: z.boolean({ error: AUTOSEARCH_MSG.channelsInvalid }),
    telegram: z.boolean({ error: AUTOSEARCH_MSG.channelsInvalid }),
  },
  { error: AUTOSEARCH_MSG.channelsInvalid },
);
export type AutosearchChannels = z.infer<typeof autosearchChannels>;

/** One saved search as the API gives it. */
export const savedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  frequency: z.enum(AUTOSEARCH_FREQUENCIES),
  channels: autosearchChannels,
  /** Resumes new or updated since the member last opened it (counted at most an hour ago, capped). */
  new_count: z.number().int(),
  /** True when `new_count` reached AUTOSEARCH_COUNT_CAP («999+»). */
  new_count_capped: z.boolean(),
  last_opened_at: z.string(),
  created_at: z.string(),
  /** The teammate who shared it (the member got a copy). */
  shared_by: z.object({ id: z.number().int(), fio: z.string() }).nullable(),
  /** Why the search no longer runs for the member (in Russian), or null. */
  problem: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

/** `POST /api/autosearch`. */
export const autosearchCreateBody = z.object({
  name,
  query,
  frequency: frequency.default('off'),
  channels: autosearchChannels.default({ email: true, telegram: false }),
});
export type AutosearchCreateBody = z.input<typeof autosearchCreateBody>;

/** `PUT /api/autosearch/{id}`: any of the fields. */
export const autosearchUpdateBody = z.object({
  name: name.optional(),
  query: query.optional(),
  frequency: frequency.optional(),
  channels: autosearchChannels.optional(),
});
export type AutosearchUpdateBody = z.input<typeof autosearchUpdateBody>;

export const autosearchIdParam = z.object({
  id: z.coerce
    .number({ error: AUTOSEARCH_MSG.idInvalid })
    .int({ error: AUTOSEARCH_MSG.idInvalid })
    .positive({ error: AUTOSEARCH_MSG.idInvalid }),
});

/** `POST /api/autosearch/{id}/share`. */
export const autosearchShareBody = z.object({
  // A number or its digits as a string (a form's value); nothing else is coerced (`[1]`, `true`).
  user_id: z
    .union([z.number(), z.string().regex(/^\d{1,15}$/, { error: AUTOSEARCH_MSG.userInvalid })], { error: AUTOSEARCH_MSG.userInvalid })
    .pipe(z.coerce.number<string | number>().int({ error: AUTOSEARCH_MSG.userInvalid }).positive({ error: AUTOSEARCH_MSG.userInvalid })),
});

/**
 * `GET /api/autosearch/{id}/results`: the search's cards, new ones first. `since`: the moment «new»
 * is judged against (the `since` of the first page's answer): a refetch and the later pages keep
 * the marks of this opening; without it, the last opening stored.
 */
export const autosearchResultsQuery = z.object({
  page: pageField(),
  per_page: perPageField(),
  since: z.iso.datetime({ offset: true, error: AUTOSEARCH_MSG.sinceInvalid }).optional(),
});
export const autosearchResultCard = resumeCard.extend({ is_new: z.boolean() });
export type AutosearchResultCard = z.infer<typeof autosearchResultCard>;
/**
 * The results' answer: a page of cards plus `since` (what `is_new` was judged against: the opening
 * before this one, or the `since` asked) and `new_total` (results new since then, «новых: N»).
 */
export const autosearchResults = paginated(autosearchResultCard).extend({ since: z.string(), new_total: z.number().int() });
export type AutosearchResults = z.infer<typeof autosearchResults>;

/** `POST /api/autosearch/unsubscribe/{token}` (no login): the search's digest is switched off. */
// At most Fastify's maxParamLength (100): a real token is `{id}.{43 characters}`.
export const autosearchUnsubscribeParam = z.object({ token: z.string().min(1).max(100) });
export const autosearchUnsubscribeAnswer = z.object({ name: z.string() });
