import { installErrorReporting } from './features/errors/lib/install-error-reporting.ts';
import { earlySearchUrl } from './features/search/lib/page-params.ts';
import { startEarlyGet } from './shared/api/early-requests.ts';

// This entry is small on purpose: it starts what the first screen waits for (the session and, on
// the search pages, the results) at once, then loads the app beside them.
installErrorReporting();
startEarlyGet('/api/user/main_info');
const search = earlySearchUrl(window.location);
if (search) {
  startEarlyGet(search);
  // A search in the address is read with the contract's schema: it loads beside the rest.
  if (search.includes('?')) void import('@hr/contract/search');
}
void import('./app/boot.tsx').then((app) => app.boot());
