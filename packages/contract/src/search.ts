import { z } from 'zod';
import { paginated, success } from './envelope.ts';
import { RESUME_HASH_PATTERN, resumeCard } from './resume.ts';
import { SEARCH_MAX_DEPTH, SEARCH_MULTI_PARAMS, SEARCH_PER_PAGE } from './search-params.ts';

export * from './search-params.ts';

/**
 * The resume search (PRODUCT 4): `GET /api/resume/search`. The page URL uses the same parameter
 * names, so the client parses its URL with `searchQueryInput` and writes it with `searchQueryToParams`.
 *
 * Values are the dictionaries' `value`s. The small dictionaries (hh's fixed ids) are closed lists
 * here; cities, metro and roles are checked for their form here and for existence by the server
 * (an unknown value is a 422 either way).
 */
export const SEARCH_LOGIC = ['all', 'any', 'phrase', 'except'] as const;
export const SEARCH_FIELDS = [
  'everywhere',
  'title',
  'education',
  'skills',
  'experience',
  'experience_company',
  'experience_position',
  'experience_description',
] as const;
export const SEARCH_PERIODS = ['all_time', 'last_year', 'last_three_years', 'last_six_years'] as const;
export const SEARCH_RELOCATION = ['living_or_relocation', 'living', 'living_but_relocation', 'relocation'] as const;
export const SEARCH_EXPERIENCE = ['noExperience', 'between1And3', 'between3And6', 'moreThan6'] as const;
export const SEARCH_WORKING_TYPES = ['full', 'part', 'project', 'volunteer', 'probation'] as const;
export const SEARCH_SCHEDULES = ['fullDay', 'shift', 'flexible', 'remote', 'flyInFlyOut'] as const;
export const SEARCH_EDUCATION = [
  'secondary',
  'special_secondary',
  'unfinished_higher',
  'higher',
  'bachelor',
  'master',
  'candidate',
  'doctor',
] as const;
export const SEARCH_SEX = ['male', 'female'] as const;
export const SEARCH_DRIVE = ['A', 'B', 'C', 'D', 'E', 'BE', 'CE', 'DE', 'TM', 'TB'] as const;
export const SEARCH_RESUME_STATUS = [
  'active_search',
  'looking_for_offers',
  'not_looking_for_job',
  'has_job_offer',
  'accepted_job_offer',
] as const;
export const SEARCH_LAST_ACTIVE = ['1', '3', '7', '30', '365'] as const;
export const SEARCH_ORDER = ['relevance', 'publication_time', 'salary_desc', 'salary_asc', 'age'] as const;
export const SEARCH_LABELS = [
  'only_with_salary',
  'only_with_age',
  'only_with_gender',
  'exclude_viewed_by_me',
  'only_in_responses',
] as const;
/** The facets the filter panel shows numbers for. */
export const SEARCH_FACETS = ['search_city', 'experience', 'schedule', 'workingType', 'education'] as const;
export type SearchFacetName = (typeof SEARCH_FACETS)[number];

const MULTI = new Set<string>(SEARCH_MULTI_PARAMS);

export const SEARCH_MSG = {
  unknownValue: (value: unknown) => `Неизвестное значение «${String(value)}»`,
  integer: 'Введите целое число',
  page: 'Номер страницы начинается с 1',
  perPage: 'На странице может быть 20, 50 или 100 резюме',
  depth: `Доступны только первые ${SEARCH_MAX_DEPTH} результатов: уточните запрос`,
  ageRange: 'Возраст «до» меньше возраста «от»',
  salaryRange: 'Зарплата «до» меньше зарплаты «от»',
  ageBounds: 'Возраст — от 14 до 100 лет',
  salaryBounds: 'Зарплата — целое число от 0',
  textLong: 'Слишком длинный запрос (не больше 500 символов)',
  queryLong: 'Слишком длинный запрос (не больше 1000 символов)',
  tooMany: 'Слишком много значений',
  /** `similar_to`: no resume with this hash that the viewer may compare with. */
  similarNotFound: 'Резюме не найдено',
} as const;

const unknownValue = { error: (issue: { input?: unknown }) => SEARCH_MSG.unknownValue(issue.input) };
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, unknownValue);
const listOf = <T extends z.ZodType>(item: T) => z.array(item).max(2000, { error: SEARCH_MSG.tooMany }).default([]);

/** Our city ids, or a region / federal district node of `searchCityTree` (expanded by the server). */
export const searchCityValue = z.string().regex(/^(\d{1,6}|r:.{1,200}|fd:.{1,200})$/, unknownValue);
/** An hh metro station id («8.189») or a whole line («line:8»). */
export const subwayValue = z.string().regex(/^(\d{1,4}\.\d{1,6}|line:\d{1,6})$/, unknownValue);
/** An hh professional role id («96») or a whole category of `roleTree` («c11»). */
export const roleValue = z.string().regex(/^c?\d{1,6}$/, unknownValue);

const int = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: SEARCH_MSG.integer })
    .int({ error: SEARCH_MSG.integer })
    .min(min, { error: message })
    .max(max, { error: message });

/** The search parameters after normalisation (multi-valued ones always arrays, defaults filled). */
export const searchQuery = z
  .object({
    text: z.string().trim().max(500, { error: SEARCH_MSG.textLong }).optional(),
    logic: oneOf(SEARCH_LOGIC).default('all'),
    field: listOf(oneOf(SEARCH_FIELDS)),
    period: oneOf(SEARCH_PERIODS).default('all_time'),
    search_city: listOf(searchCityValue),
    relocation: oneOf(SEARCH_RELOCATION).default('living_or_relocation'),
    subway: listOf(subwayValue),
    experience: listOf(oneOf(SEARCH_EXPERIENCE)),
    workingType: listOf(oneOf(SEARCH_WORKING_TYPES)),
    schedule: listOf(oneOf(SEARCH_SCHEDULES)),
    education: listOf(oneOf(SEARCH_EDUCATION)),
    sex: oneOf(SEARCH_SEX).optional(),
    age_from: int(14, 100, SEARCH_MSG.ageBounds).optional(),
    age_to: int(14, 100, SEARCH_MSG.ageBounds).optional(),
    salary_from: int(0, 2_147_483_647, SEARCH_MSG.salaryBounds).optional(),
    salary_to: int(0, 2_147_483_647, SEARCH_MSG.salaryBounds).optional(),
    drive: listOf(oneOf(SEARCH_DRIVE)),
    roleTree: listOf(roleValue),
    resumeStatus: listOf(oneOf(SEARCH_RESUME_STATUS)),
    lastActive: oneOf(SEARCH_LAST_ACTIVE).optional(),
    searchOrderBy: oneOf(SEARCH_ORDER).default('relevance'),
    label: listOf(oneOf(SEARCH_LABELS)),
    page: int(1, 1_000_000, SEARCH_MSG.page).default(1),
    per_page: z.coerce
      .number({ error: SEARCH_MSG.perPage })
      .refine((n) => (SEARCH_PER_PAGE as readonly number[]).includes(n), { error: SEARCH_MSG.perPage })
      .default(20),
    /** The advanced expression: only with `spec_search` (the server answers 403 otherwise). */
    query: z.string().trim().max(1000, { error: SEARCH_MSG.queryLong }).optional(),
    /**
     * «Похожие резюме»: resumes like this one (its hash), ranked by likeness; every other parameter
     * still filters. An unknown hash is a 422 on `similar_to`.
     */
    similar_to: z.string().regex(RESUME_HASH_PATTERN, { error: SEARCH_MSG.similarNotFound }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.age_from !== undefined && q.age_to !== undefined && q.age_to < q.age_from) {
      ctx.addIssue({ code: 'custom', path: ['age_to'], message: SEARCH_MSG.ageRange });
    }
    if (q.salary_from !== undefined && q.salary_to !== undefined && q.salary_to < q.salary_from) {
      ctx.addIssue({ code: 'custom', path: ['salary_to'], message: SEARCH_MSG.salaryRange });
    }
    if ((q.page - 1) * q.per_page >= SEARCH_MAX_DEPTH) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: SEARCH_MSG.depth });
    }
  });
export type SearchQuery = z.output<typeof searchQuery>;

/** URLSearchParams, without depending on the DOM or Node typings. */
type ParamsLike = { forEach(cb: (value: string, key: string) => void): void; getAll(name: string): string[] };
const isParamsLike = (raw: object): raw is ParamsLike =>
  typeof (raw as ParamsLike).getAll === 'function' && typeof (raw as ParamsLike).forEach === 'function';

/**
 * Raw query parameters (a parsed querystring, or the page's URLSearchParams) → the shape
 * `searchQuery` reads: `name[]` and repeated `name` merged into arrays, empty values dropped,
 * a single-valued parameter given twice keeps its first value.
 */
export function normalizeSearchParams(raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object') return {};
  const entries: [string, unknown][] = [];
  if (isParamsLike(raw)) {
    raw.forEach((v, k) => {
      entries.push([k, v]);
    });
  } else for (const [k, v] of Object.entries(raw as Record<string, unknown>)) entries.push([k, v]);
  const out: Record<string, unknown> = {};
  for (const [rawKey, rawValue] of entries) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const values = (Array.isArray(rawValue) ? rawValue : [rawValue])
      .filter((v) => v !== undefined && v !== null)
      .map((v) => (typeof v === 'string' ? v.trim() : v))
      .filter((v) => v !== '');
    if (!values.length) continue;
    if (MULTI.has(key)) {
      const list = (out[key] as unknown[] | undefined) ?? [];
      for (const v of values) if (!list.includes(v)) list.push(v);
      out[key] = list;
    } else if (!(key in out)) {
      out[key] = values[0];
    }
  }
  return out;
}

/** What the route validates: raw parameters in, `SearchQuery` out. */
export const searchQueryInput = z.preprocess(normalizeSearchParams, searchQuery);



export const searchFacetItem = z.object({ value: z.string(), title: z.string(), count: z.number().int() });
export type SearchFacetItem = z.infer<typeof searchFacetItem>;
/** Each facet counts with every filter applied except its own. */
export const searchFacets = z.object({
  search_city: z.array(searchFacetItem),
  experience: z.array(searchFacetItem),
  schedule: z.array(searchFacetItem),
  workingType: z.array(searchFacetItem),
  education: z.array(searchFacetItem),
});
export type SearchFacets = z.infer<typeof searchFacets>;

/** `res` of the search: the paginated cards plus the facets and how exact the numbers are. */
export const searchResult = paginated(resumeCard).extend({
  facets: searchFacets,
  /** More than SEARCH_EXACT_COUNT_LIMIT results: show «более 10 000» (or «≈ total»). */
  total_capped: z.boolean(),
  /** `total` is an estimate from a sample, not an exact count. */
  total_is_estimate: z.boolean(),
  /** Some facet counts are estimates from a sample (large result sets): which ones in `estimated_facets`. */
  facets_are_estimates: z.boolean(),
  estimated_facets: z.array(z.enum(SEARCH_FACETS)),
});
export type SearchResult = z.infer<typeof searchResult>;
export const searchAnswer = success(searchResult);
export type SearchAnswer = z.infer<typeof searchAnswer>;
