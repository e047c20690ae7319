import { AUTOSEARCH_MSG, AUTOSEARCH_PROBLEM, type SearchQuery, searchQueryInput, searchQueryToParams } from '@hr/contract';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { resolveSearch } from '../resume/search/search.service.ts';
import { accessMapOf } from '../user/user.policy.ts';

/**
 * A saved search keeps the search page's query string. These turn it back into the search's own
 * parameters and plan, so the list's counts, the results page and the digests run the very search
 * the member saved, with the viewer rules of the search (resolveSearch: options, dictionaries).
 */

type Owner = UserRow & { leadFlags?: string[] };
/** The search's plan (search.spec.ts), as resolveSearch gives it. */
export type SearchSpec = Awaited<ReturnType<typeof resolveSearch>>;

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

/**
 * Why the search does not run for its owner, in Russian, when `err` is the search's own refusal
 * (403: an option lost; 422: a value gone); null for any other failure.
 */
export function problemOf(err: unknown, q: SearchQuery, owner: Owner): string | null {
  if (!(err instanceof AppError)) return null;
  if (err.kind === 'forbidden') {
    return q.query !== undefined && !accessMapOf(owner).spec_search ? AUTOSEARCH_PROBLEM.specSearch : AUTOSEARCH_PROBLEM.massSearch;
  }
  if (err.kind === 'validation') {
    const detail = Object.values(err.extra.errors ?? {})[0]?.[0] ?? err.message;
    return AUTOSEARCH_PROBLEM.outdated(detail);
  }
  return null;
}

/**
 * A query string a member saves, checked as the search checks it for them: its stored (canonical)
 * form. Refusals come under the field `query`: 422 when it does not parse or a value is unknown,
 * 403 when it needs an option the member lacks — as the search itself would answer.
 */
export async function checkedQuery(ctx: AppContext, query: string, owner: Owner): Promise<string> {
  const parsed = searchQueryInput.safeParse(new URLSearchParams(query.replace(/^\?/, '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]?.message;
    throw fieldError(
      'query',
      issue ? `${AUTOSEARCH_MSG.queryInvalid}: ${issue.charAt(0).toLowerCase()}${issue.slice(1)}` : AUTOSEARCH_MSG.queryInvalid,
    );
  }
  try {
    await resolveSearch(ctx, parsed.data, owner);
  } catch (err) {
    const problem = problemOf(err, parsed.data, owner);
    if (problem === null) throw err;
    if ((err as AppError).kind === 'forbidden') throw new AppError('forbidden', problem, { errors: { query: [problem] } });
    const detail = Object.values((err as AppError).extra.errors ?? {})[0]?.[0] ?? (err as AppError).message;
    throw fieldError('query', detail);
  }
  return canonicalQuery(parsed.data);
}
