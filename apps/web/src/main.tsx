import { FIRST_SCREEN_ATTRIBUTE } from '@hr/contract/constants';
import { installErrorReporting } from './features/errors/lib/install-error-reporting.ts';
import { vacancyDataUrl } from './app/vacancy-page-url.ts';
import { earlySearchUrl } from './features/search/lib/page-params.ts';
import { startEarlyGet } from './shared/api/early-requests.ts';
import { pageAnswers, SESSION_URL } from './shared/lib/first-screen-data.ts';

// This entry is small on purpose: it starts what the first screen waits for (the session and, on
// the search pages, the results) at once, then loads the app beside them. A page the server
// prepared brings those answers with it (boot puts them in the query cache): they are not asked again.
installErrorReporting();
const early = (url: string) => {
  if (!pageAnswers(url)) startEarlyGet(url);
};
early(SESSION_URL);
const search = earlySearchUrl(window.location);
if (search) {
  early(search);
  // A search in the address is read with the contract's schema: it loads beside the rest.
  if (search.includes('?')) void import('@hr/contract/search');
}
const vacancy = vacancyDataUrl(window.location);
if (vacancy) early(vacancy);
const start = () => {
  // A vacancy's own chunk, beside the app's (the router would ask for it only once the app runs).
  if (vacancy) void import('./features/vacancy/pages/vacancy-view-page.tsx');
  void import('./app/boot.tsx').then((app) => app.boot());
};
// A member's page carries its answers but nothing drawn: nothing to let the browser paint first.
if (document.getElementById('root')?.hasAttribute(FIRST_SCREEN_ATTRIBUTE)) afterFirstFrame(start);
else start();

/**
 * A page the server drew is shown before the app runs: its first frame comes first (started at
 * once, the app's modules and hydration held the main thread ~0.5 s before the browser painted
 * anything on a slow machine). Its files are not preloaded either (plugins/first-screen.ts): on a
 * slow connection they held back the styles the first frame waits for.
 */
function afterFirstFrame(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  // A hidden tab draws no frames.
  setTimeout(once, 300);
}
