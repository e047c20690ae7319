import type { MainInfo } from '@hr/contract';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { type FirstScreenData, readFirstScreenData } from './first-screen-data.ts';

/**
 * The answers a page came with (plugins/first-screen.ts), put in the query cache before the app's
 * first render: the hooks find their data under their own keys and ask for none of it again.
 */

/** The session (main_info) the page came with: the user, or null for a visitor (a 401). */
export const PAGE_SESSION_KEY = ['page', 'main_info'] as const;

/** How long what came with the page counts as just fetched (an early GET's answer is kept as long). */
const PAGE_FRESH_MS = 15_000;
/** queryHash → when it was put in the cache. */
const fromPage = new Map<string, number>();

/** Puts the page's answers in the cache, as fetched now (the page is never kept by the browser). */
export function hydratePageState(client: QueryClient, carried: FirstScreenData | null = readFirstScreenData()): void {
  if (!carried) return;
  const at = Date.now();
  const queries = carried.state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: at } }));
  hydrate(client, { ...carried.state, queries });
  for (const query of queries) fromPage.set(query.queryHash, at);
}

/**
 * Data that came with the page a moment ago and has not been fetched since: a hook that asks again
 * on every mount (refetchOnMount) takes it instead, as it took an early GET's answer.
 */
export function cameWithPage(query: { queryHash: string; state: { dataUpdatedAt: number } }): boolean {
  const at = fromPage.get(query.queryHash);
  return at !== undefined && query.state.dataUpdatedAt === at && Date.now() - at <= PAGE_FRESH_MS;
}

/** The session the page came with, taken out of the cache (undefined when it came without one). */
export function takePageSession(client: QueryClient): MainInfo | null | undefined {
  const session = client.getQueryData<MainInfo | null>(PAGE_SESSION_KEY);
  client.removeQueries({ queryKey: PAGE_SESSION_KEY, exact: true });
  return session;
}
