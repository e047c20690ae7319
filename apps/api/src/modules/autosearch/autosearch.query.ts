import { type SearchQuery, searchQueryInput, searchQueryToParams } from '@hr/contract';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { resolveSearch } from '../resume/search/search.service.ts';
import type { SearchSpec } from '../resume/search/search.spec.ts';

/**
 * A saved search keeps the search page's query string. These turn it back into the search's own
 * parameters and plan, so the list's counts, the results page and the digests run the very search
 * the member saved, with the viewer rules of the search (resolveSearch: options, dictionaries).
 */

/** The stored form: the search's parameters without the page and its size, in a stable order. */
export function canonicalQuery(q: SearchQuery): string {
  const { page: _page, per_page: _perPage, ...rest } = q;
  return new URLSearchParams(searchQueryToParams(rest)).toString();
}

/** The query string (with or without «?») → the search's parameters; null when it does not parse. */
export function parseSavedQuery(query: string): SearchQuery | null {
  const parsed = searchQueryInput.safeParse(new URLSearchParams(query.replace(/^\?/, '')));
  return parsed.success ? parsed.data : null;
}

/**
 * The plan of a saved search for its owner now. Throws what resolveSearch throws: AppError 403 when
 * the owner lost an option the search needs, a 422 field error when a dictionary value is gone.
 */
export async function specOfSavedSearch(ctx: AppContext, q: SearchQuery, owner: UserRow, now = new Date()): Promise<SearchSpec> {
  return resolveSearch(ctx, q, owner, now);
}
