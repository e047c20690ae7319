import { pageTitle } from '@hr/contract/constants';
import type { createBrowserRouter } from 'react-router';
import type { RouteHandle } from '../route-handle.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

function titleOf(router: AppRouter): string {
  const matches = router.state.matches;
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.route.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return 'Страница не найдена';
}

/** Every navigation sets `{page} — HR-клуб` (SEED 2), straight from the router's state. */
export function installDocumentTitle(router: AppRouter): () => void {
  const apply = () => {
    const next = pageTitle(titleOf(router));
    if (document.title !== next) document.title = next;
  };
  apply();
  return router.subscribe(apply);
}
