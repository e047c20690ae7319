/**
 * Which parameters of a search page's address are the search's (the rest belong to the popups).
 * Free of the contract and zod: main.tsx uses it to start the search before the app has loaded.
 */

/** Parameters of the page URL that belong to the popups, not to the search. */
const FOREIGN_KEYS = new Set(['show', 'redirect', 'email', 'pass_reset_token', 'user_token', 'e_notify', 'invite']);

const baseKey = (key: string) => (key.endsWith('[]') ? key.slice(0, -2) : key);

/** The page's own search parameters, less those in `skip`. */
export function ownParams(params: URLSearchParams, skip: ReadonlySet<string> = new Set()): URLSearchParams {
  const own = new URLSearchParams();
  params.forEach((value, key) => {
    if (!FOREIGN_KEYS.has(key) && !skip.has(baseKey(key))) own.append(key, value);
  });
  return own;
}

/** The search pages and the module each route renders. */
export const SEARCH_PATHS = ['/', '/search'] as const;

/**
 * The API address of the search this page will show first, written the way the page writes it
 * (`searchToString`: `name[]=`), or null off the search pages. An address the page writes otherwise
 * (a hand-made link) is simply not reused.
 */
export function earlySearchUrl(location: { pathname: string; search: string }): string | null {
  if (!(SEARCH_PATHS as readonly string[]).includes(location.pathname)) return null;
  const params = ownParams(new URLSearchParams(location.search))
    .toString()
    .replace(/%5B%5D=/g, '[]=');
  return `/api/resume/search${params ? `?${params}` : ''}`;
}
