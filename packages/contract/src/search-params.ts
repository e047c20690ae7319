import type { SearchQuery } from './search.ts';

/**
 * The zod-free half of the search contract: names, limits, defaults and the URL writer. The web
 * client's home page reads them without loading zod (the schema in search.ts loads on demand).
 */
export const SEARCH_PER_PAGE = [20, 50, 100] as const;
/** As hh: no result deeper than this is ever shown; `last_page` is computed on min(total, depth). */
export const SEARCH_MAX_DEPTH = 2000;
/** Exact counts up to this; past it `total_capped` is set and `total` is an estimate. */
export const SEARCH_EXACT_COUNT_LIMIT = 10_000;

/** Parameters that take several values (`name[]=a&name[]=b`, or plain repeated `name=`). */
export const SEARCH_MULTI_PARAMS = [
  'field',
  'search_city',
  'subway',
  'experience',
  'workingType',
  'schedule',
  'education',
  'drive',
  'roleTree',
  'resumeStatus',
  'label',
] as const;

/** The single-valued parameters' defaults (what `searchQueryInput.parse({})` gives them). */
export const SEARCH_DEFAULTS = {
  logic: 'all',
  period: 'all_time',
  relocation: 'living_or_relocation',
  searchOrderBy: 'relevance',
  page: 1,
  per_page: 20,
} as const;

/** The search with nothing chosen: `searchQueryInput.parse({})`, without zod. */
export const EMPTY_SEARCH_QUERY = {
  ...SEARCH_DEFAULTS,
  ...Object.fromEntries(SEARCH_MULTI_PARAMS.map((name) => [name, []])),
} as unknown as SearchQuery;

/**
 * The URL form of a search as [name, value] pairs (defaults and empty values left out, lists as
 * `name[]`): `new URLSearchParams(searchQueryToParams(q)).toString()`.
 */
export function searchQueryToParams(q: Partial<SearchQuery>): [string, string][] {
  const params: [string, string][] = [];
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const v of value) params.push([`${key}[]`, String(v)]);
    } else if ((SEARCH_DEFAULTS as Record<string, unknown>)[key] !== value) {
      params.push([key, String(value)]);
    }
  }
  return params;
}
