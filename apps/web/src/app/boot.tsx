import { FIRST_SCREEN_ATTRIBUTE } from '@hr/contract/constants';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reportReactError } from '@/features/errors/lib/install-error-reporting.ts';
import { earlySearchUrl } from '@/features/search/lib/page-params.ts';
import { hasSearchParams, loadSearchSchema } from '@/features/search/lib/search-url.ts';
import { PHONE_LAYOUT_QUERY } from '@/features/search/pages/search-page.tsx';
import { seedFirstResults, seedMemberLayout } from './first-results.ts';
import { seedFirstVacancy } from './first-vacancy.ts';
import { AppProviders } from './provider.tsx';
import { createAppRouter } from './router.tsx';
import { keepTypedBeforeHydration } from '@/shared/lib/typed-before-hydration.ts';
import { hydratePageState } from '@/shared/lib/page-state.ts';
import { queryClient } from './query-client.ts';
import { installSessionCleanup, loadFirstSession } from './session/session-actions.ts';

/** How long the first screen may wait for the session's answer (usually already there). */
const SESSION_WAIT_MS = 300;
/** …and then for the first results, drawn in the same first render when they come in time. */
const RESULTS_WAIT_MS = 300;
/**
 * …and a member's search options (usually in the page already): the member's layout is drawn from
 * the first frame rather than the visitor's and then the member's.
 */
const MEMBER_LAYOUT_WAIT_MS = 1500;

/**
 * Renders the app into #root (main.tsx loads this after starting the page's first requests). A page
 * the server drew (FIRST_SCREEN_ATTRIBUTE on #root, its answers beside it) is hydrated: the app starts
 * from the same answers (the query cache hydrated from the page's state first), so its first render
 * is the server's and the visitor keeps what is on screen.
 */
export async function boot(): Promise<void> {
  hydratePageState(queryClient);
  installSessionCleanup();
  // Drawn once the session is known (a visitor's page has more lines than a member's: drawing it
  // before would move everything below when the answer comes), unless the answer is late.
  await Promise.race([loadFirstSession(), new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS))]);
  await Promise.all([seedFirstResults(RESULTS_WAIT_MS), seedMemberLayout(MEMBER_LAYOUT_WAIT_MS), seedFirstVacancy(RESULTS_WAIT_MS)]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing in index.html');
  if (container.hasAttribute(FIRST_SCREEN_ATTRIBUTE)) keepTypedBeforeHydration(container);
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
  const options = { onUncaughtError: reportReactError, onCaughtError: reportReactError };
  // The server draws the search in the layout of the device that asked (a phone's: filters in a
  // drawer); should the screen disagree (a tablet held wide), the app draws itself over what the
  // server drew instead of hydrating it. A vacancy's page is the same at every width (its layout is CSS).
  const searchPage = earlySearchUrl(window.location) !== null;
  const drawnForPhone = container.getAttribute(FIRST_SCREEN_ATTRIBUTE) === 'phone';
  const hydrate =
    container.hasAttribute(FIRST_SCREEN_ATTRIBUTE) && !(searchPage && window.matchMedia(PHONE_LAYOUT_QUERY).matches !== drawnForPhone);
  // The server read the address's search with the schema before drawing; so does the first render here.
  if (hydrate && searchPage && hasSearchParams(new URLSearchParams(window.location.search))) await loadSearchSchema();
  // Hydrated as a transition: React hydrates in slices and lets the browser breathe between them,
  // instead of one task of the whole page (most of a slow phone's blocking time). The page the
  // server drew is on the screen meanwhile, and a click on it hydrates its part first.
  if (hydrate)
    startTransition(() => {
      hydrateRoot(container, app, { ...options, onRecoverableError });
    });
  else if (container.hasAttribute(FIRST_SCREEN_ATTRIBUTE)) {
    // Drawn over what the server drew, which stays on the screen meanwhile: in slices, so a slow
    // phone's main thread is never held for the whole page at once (Lighthouse's blocking time).
    const root = createRoot(container, options);
    startTransition(() => root.render(app));
  } else createRoot(container, options).render(app);
}

/**
 * What the server left for the browser is no error: the parts below the first screen (the header's
 * menus, the footer, the club's pitch, the filters' heavy inputs) wait for the browser by design, and
 * React reports each such boundary (error 419) while it draws them. Anything else is a real mismatch.
 */
function onRecoverableError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (/#419\b|could not finish this Suspense boundary/.test(message)) return;
  console.error(error);
}
