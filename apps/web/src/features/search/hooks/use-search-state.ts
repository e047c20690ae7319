import { use, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { hasSearchParams, loadSearchSchema, parseSearchParams, type SearchQuery, searchSchemaLoaded, searchToString } from '../lib/search-url.ts';

type ApplyOptions = { keepPage?: boolean; replace?: boolean };

/**
 * The search lives in the URL (PRODUCT 4): it is read from the address and every change is a new
 * history entry, so a search can be shared and Back restores the previous one.
 *
 * A change shows at once (the ticked box, the new search on its way) before the router has
 * rendered the new address: the router renders it in a transition, which may wait (for the
 * schema that reads it), and the page must not wait with it.
 */
export function useSearchState() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = params.toString();
  // A URL with parameters waits (Suspense) for the schema; the bare home page does not, and loads
  // it at the visitor's first touch (before a search can be typed) or after a while, never in the
  // way of the first results.
  // (Once loaded it is read at once: a page the server drew must not suspend while it hydrates.)
  if (hasSearchParams(params) && !searchSchemaLoaded()) use(loadSearchSchema());
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

  // The search just asked for, until the address it went to is the one rendered (any other
  // address — Back, a link — wins over it).
  const [pending, setPending] = useState<{ query: SearchQuery; over: string } | null>(null);
  // Once the address has moved on it is done with (coming Back to the same address must not revive it).
  if (pending && pending.over !== raw) setPending(null);
  const query = pending && pending.over === raw ? pending.query : parsed.query;

  const commit = useCallback(
    (next: SearchQuery, options: { replace?: boolean } = {}) => {
      const search = searchToString(next);
      if (search === window.location.search.replace(/^\?/, '')) return;
      setPending({ query: next, over: raw });
      // The page stays where it is (a filter far down the panel must not jump to the top).
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: options.replace, preventScrollReset: true });
    },
    [navigate, location.pathname, raw],
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

  return { query, issues: query === parsed.query ? parsed.issues : {}, apiParams: searchToString(query), apply, commit };
}
