import type { SearchQuery } from '@hr/contract/search';
import { EMPTY_SEARCH_QUERY, searchQueryToParams } from '@hr/contract/search-params';
import { ownParams } from './page-params.ts';

export type { SearchQuery };
/** Messages per parameter (from the contract's schema or the server's 422). */
export type SearchIssues = Record<string, string[]>;

export const EMPTY_QUERY: SearchQuery = EMPTY_SEARCH_QUERY;

/** The contract's schema (and zod with it): loaded only for a URL that has search parameters. */
type Schema = typeof import('@hr/contract/search')['searchQueryInput'];
let schema: Schema | undefined;
let loading: Promise<Schema> | undefined;
export function loadSearchSchema(): Promise<Schema> {
  loading ??= import('@hr/contract/search').then((m) => {
    schema = m.searchQueryInput;
    return schema;
  });
  return loading;
}

/** Whether the schema is there to read a URL with (parseSearchParams). */
export const searchSchemaLoaded = (): boolean => schema !== undefined;

/** Whether the page URL carries any search parameter (the bare home page needs no schema). */
export const hasSearchParams = (params: URLSearchParams): boolean => ownParams(params).size > 0;

/**
 * The page URL → the search, with the contract's schema (the same names and rules as the API).
 * Values the schema rejects are reported and left out, so a half-broken link still searches.
 * Without parameters it is the empty search; with them the schema must be loaded (loadSearchSchema).
 */
export function parseSearchParams(params: URLSearchParams): { query: SearchQuery; issues: SearchIssues } {
  const issues: SearchIssues = {};
  if (!hasSearchParams(params)) return { query: EMPTY_QUERY, issues };
  if (!schema) throw new Error('the search schema is not loaded yet');
  // Each pass drops the parameters the previous one rejected (cross-field rules run only on a clean object).
  for (let pass = 0; pass < 4; pass += 1) {
    const result = schema.safeParse(ownParams(params, new Set(Object.keys(issues))));
    if (result.success) return { query: result.data, issues };
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'text');
      issues[key] ??= [];
      issues[key].push(issue.message);
    }
  }
  return { query: EMPTY_QUERY, issues };
}

/** The search → `text=…&search_city[]=…` (defaults left out), for the page URL and the API alike. */
export function searchToString(query: Partial<SearchQuery>): string {
  // `name[]=` reads better in a shared link than `name%5B%5D=` (both mean the same).
  return new URLSearchParams(searchQueryToParams(query)).toString().replace(/%5B%5D=/g, '[]=');
}

/** The filter set without the page and the order: what a selection of cards belongs to. */
export function filtersKey(query: SearchQuery): string {
  const { page: _page, per_page: _perPage, searchOrderBy: _order, ...rest } = query;
  return searchToString(rest);
}

/** GET /api/resume/search/export?format=…&<the same parameters> (mass_search; up to 1000 rows). */
export function exportHref(query: SearchQuery, format: 'csv' | 'xlsx'): string {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const params = searchToString(rest);
  return `/api/resume/search/export?format=${format}${params ? `&${params}` : ''}`;
}

/** The filters a member set, counted for the «Фильтры» button (text and order are not filters). */
export function activeFilterCount(query: SearchQuery): number {
  const lists = [
    query.search_city,
    query.subway,
    query.experience,
    query.workingType,
    query.schedule,
    query.education,
    query.drive,
    query.roleTree,
    query.resumeStatus,
    query.label,
  ];
  let count = lists.filter((list) => list.length > 0).length;
  if (query.sex) count += 1;
  if (query.age_from !== undefined || query.age_to !== undefined) count += 1;
  if (query.salary_from !== undefined || query.salary_to !== undefined) count += 1;
  if (query.lastActive) count += 1;
  if (query.relocation !== EMPTY_QUERY.relocation) count += 1;
  return count;
}

/** The query with every filter cleared; the words, the order and the page size stay. */
export function withoutFilters(query: SearchQuery): SearchQuery {
  return {
    ...EMPTY_QUERY,
    text: query.text,
    logic: query.logic,
    field: query.field,
    period: query.period,
    query: query.query,
    searchOrderBy: query.searchOrderBy,
    per_page: query.per_page,
  };
}
