// The server's entry (built by `vite build --ssr` into dist-ssr/, imported by the API): the first
// screen of a search page or of a public vacancy drawn with the app's own components, for the
// browser to hydrate.
import type { PageAnswer } from '@hr/contract/constants';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { accessFlagUrl, firstResultsKey, MEMBER_LAYOUT_FLAGS } from '@/app/first-results.ts';
import { PUBLIC_VACANCY_PATH, vacancyDataUrl } from '@/app/vacancy-page-url.ts';
import { AppProviders } from '@/app/provider.tsx';
import { queryClient } from '@/app/query-client.ts';
import type { RouteHandle } from '@/app/route-handle.ts';
import { routes } from '@/app/router.tsx';
import { earlySearchUrl } from '@/features/search/lib/page-params.ts';
import { hasSearchParams, loadSearchSchema } from '@/features/search/lib/search-url.ts';
import { vacancyKeys } from '@/features/vacancy/api/keys.ts';
import { VacancyViewPage } from '@/features/vacancy/pages/vacancy-view-page.tsx';
import { SESSION_URL } from '@/shared/lib/first-screen-data.ts';
import { setServerLayout } from '@/shared/lib/first-screen-layout.ts';
import { setServerRichTextParser } from '@/shared/lib/rich-text.ts';
import { sessionStore } from '@/shared/session/session-store.ts';
import { successOf } from './page-state.ts';
import { parseRichTextOnServer } from './rich-text-parser.ts';

export { pageState } from './page-state.ts';

// A vacancy's description is rich text: parsed here without the browser's DOMParser.
setServerRichTextParser(parseRichTextOnServer);

/** The API's answers a page's first screen is drawn from: who is asking, and the page's own data. */
export type FirstScreenAnswers = { session: PageAnswer; data: PageAnswer };

export type FirstScreenRequests = {
  session: string;
  /** The page's own GET: the search, or the vacancy. */
  data: string;
  /** A member's page also carries these (their search options: boot.tsx puts them in place first). */
  forMember: string[];
  /** The same drawing for every visitor (the search), or asked for each (a vacancy counts its views). */
  shared: boolean;
  /** The client's source modules the drawn page shows, whose code and styles the page links. */
  modules: string[];
};

/**
 * The GETs whose answers this page's first screen needs — the ones main.tsx would start — or null
 * when the page has no first screen drawn on the server (the search pages and a vacancy's page have).
 */
export function firstScreenRequests(url: URL): FirstScreenRequests | null {
  const session = SESSION_URL;
  const search = earlySearchUrl(url);
  if (search) return { session, data: search, forMember: MEMBER_LAYOUT_FLAGS.map(accessFlagUrl), shared: true, modules: [] };
  const vacancy = vacancyDataUrl(url);
  if (vacancy) return { session, data: vacancy, forMember: [], shared: false, modules: [VACANCY_PAGE_MODULE] };
  return null;
}

const VACANCY_PAGE_MODULE = 'src/features/vacancy/pages/vacancy-view-page.tsx';


/**
 * The browser loads the vacancy's page with its own chunk (router.tsx); here it is drawn at once:
 * the browser keeps what was drawn until that chunk has come, then hydrates it.
 */
function withEagerPages(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const name = (route.handle as RouteHandle | undefined)?.name;
    const children = route.children ? withEagerPages(route.children) : undefined;
    const eager = name === 'vacancy_view' ? { Component: VacancyViewPage } : {};
    return { ...route, ...eager, ...(children ? { children } : {}) } as RouteObject;
  });
}

let handler: ReturnType<typeof createStaticHandler> | undefined;

/**
 * The HTML of #root for this page, drawn from these answers exactly as the browser's first render
 * will draw it (boot.tsx: the session, then the page's data in the query cache), in the layout of
 * the device that asked; null when the answers give nothing to show (an error is the browser's to
 * show, with its dialog).
 */
export async function renderFirstScreen(url: URL, answers: FirstScreenAnswers, layout: 'phone' | 'wide' = 'wide'): Promise<string | null> {
  const data = successOf(answers.data);
  if (data === undefined) return null;
  const vacancyId = PUBLIC_VACANCY_PATH.exec(url.pathname)?.[1];
  // A search in the address is read with the contract's schema: loaded before, or the page would wait for it.
  if (!vacancyId && hasSearchParams(url.searchParams)) await loadSearchSchema();
  handler ??= createStaticHandler(withEagerPages(routes));
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The stores are the app's own (module state): set, drawn and cleared without an `await` between,
  // so no other page's render can see them.
  const user = successOf(answers.session) as Parameters<typeof sessionStore.setUser>[0] | undefined;
  if (user) sessionStore.setUser(user);
  else sessionStore.clear();
  setServerLayout(layout);
  if (vacancyId) queryClient.setQueryData(vacancyKeys.one(Number(vacancyId)), data);
  else queryClient.setQueryData(firstResultsKey(answers.data.url, user?.id ?? null), data);
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
