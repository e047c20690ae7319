// The server's entry (built by `vite build --ssr` into dist-ssr/, imported by the API): the first
// screen of a search page drawn with the app's own components, for the browser to hydrate.
import type { PageAnswer } from '@hr/contract/constants';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { firstResultsKey } from '@/app/first-results.ts';
import { AppProviders } from '@/app/provider.tsx';
import { queryClient } from '@/app/query-client.ts';
import { routes } from '@/app/router.tsx';
import { earlySearchUrl } from '@/features/search/lib/page-params.ts';
import { hasSearchParams, loadSearchSchema } from '@/features/search/lib/search-url.ts';
import { sessionStore } from '@/shared/session/session-store.ts';

/** The API's answers a page's first screen is drawn from. */
export type FirstScreenAnswers = { session: PageAnswer; search: PageAnswer };

/**
 * The GETs whose answers this page's first screen needs — the ones main.tsx would start — or null
 * when the page has no first screen drawn on the server (only the search pages have one).
 */
export function firstScreenRequests(url: URL): { session: string; search: string } | null {
  const search = earlySearchUrl(url);
  return search ? { session: '/api/user/main_info', search } : null;
}

type Envelope = { status?: string; res?: unknown };
const successOf = (answer: PageAnswer): unknown =>
  answer.status === 200 && (answer.body as Envelope)?.status === 'success' ? (answer.body as Envelope).res : undefined;

let handler: ReturnType<typeof createStaticHandler> | undefined;

/**
 * The HTML of #root for this page, drawn from these answers exactly as the browser's first render
 * will draw it (boot.tsx: the session, then the first results in the query cache); null when the
 * answers give no results to show (an error is the browser's to show, with its dialog).
 */
export async function renderFirstScreen(url: URL, answers: FirstScreenAnswers): Promise<string | null> {
  const results = successOf(answers.search);
  if (results === undefined) return null;
  // A search in the address is read with the contract's schema: loaded before, or the page would wait for it.
  if (hasSearchParams(url.searchParams)) await loadSearchSchema();
  handler ??= createStaticHandler(routes);
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The stores are the app's own (module state): set, drawn and cleared without an `await` between,
  // so no other page's render can see them.
  const user = successOf(answers.session) as Parameters<typeof sessionStore.setUser>[0] | undefined;
  if (user) sessionStore.setUser(user);
  else sessionStore.clear();
  queryClient.setQueryData(firstResultsKey(answers.search.url, user?.id ?? null), results);
  try {
    return renderToString(
      <StrictMode>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    queryClient.clear();
  }
}
