import { use, useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { hasSearchParams, loadSearchSchema, parseSearchParams, type SearchQuery, searchToString } from '../lib/search-url.ts';

type ApplyOptions = { keepPage?: boolean; replace?: boolean };

/**
 * The search lives in the URL (PRODUCT 4): it is read from the address and every change is a new
 * history entry, so a search can be shared and Back restores the previous one.
 */
export function useSearchState() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = params.toString();
  // A URL with parameters waits (Suspense) for the schema; the bare home page does not, and loads
  // it at the visitor's first touch (before a search can be typed) or after a while, never in the
  // way of the first results.
  if (hasSearchParams(params)) use(loadSearchSchema());
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const start = () => {
      for (const e of events) window.removeEventListener(e, start, true);
      void loadSearchSchema();
    };
    for (const e of events) window.addEventListener(e, start, true);
    const timer = window.setTimeout(start, 10_000);
    return () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, start, true);
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parameters' text is their identity
  const parsed = useMemo(() => parseSearchParams(params), [raw]);
  const { query } = parsed;

  const commit = useCallback(
    (next: SearchQuery, options: { replace?: boolean } = {}) => {
      const search = searchToString(next);
      if (search === window.location.search.replace(/^\?/, '')) return;
      // The page stays where it is (a filter far down the panel must not jump to the top).
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: options.replace, preventScrollReset: true });
    },
    [navigate, location.pathname],
  );

  /** Changes some parameters; the page goes back to 1 unless asked otherwise. */
  const apply = useCallback(
    (changes: Partial<SearchQuery>, options: ApplyOptions = {}) => {
      const next: SearchQuery = { ...query, ...changes };
      if (!options.keepPage && changes.page === undefined) next.page = 1;
      commit(next, options);
    },
    [query, commit],
  );

  return { query, issues: parsed.issues, apiParams: searchToString(query), apply, commit };
}
