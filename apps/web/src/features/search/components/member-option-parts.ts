import { type ComponentType, lazy } from 'react';

/**
 * A part of the search page only some members have, in a chunk of its own: loaded lazily, or ahead
 * of the page's first render (boot.tsx, for a member with the option) so the page is drawn whole
 * from the first frame instead of growing under the member's eyes. Before, the advanced query field
 * moved the whole page down by 60–180 px and the bulk bar moved the results by 68 px.
 */
function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  /** The part itself once loaded (drawn at once), else its lazy stand-in (drawn when it comes). */
  const current = (): ComponentType<P> => loaded ?? Lazy;
  return { preload, current };
}

/** spec_search: «Расширенный запрос». */
export const advancedQueryField = preloadable(() => import('./advanced-query-field.tsx').then((m) => m.AdvancedQueryField));
/** mass_search: the bar above the results (select, add to favourites, export). */
export const massActions = preloadable(() => import('./mass-actions.tsx').then((m) => m.MassActions));
