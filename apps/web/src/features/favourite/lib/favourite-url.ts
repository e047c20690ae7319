/** What the favourites list is narrowed by: the search text and a folder (kept in the page's address). */
export type FavouriteFilter = { q?: string; folder?: number };

/** The filter from `?q=&folder=`; a folder that is not a positive number is ignored. */
export function filterFromParams(params: URLSearchParams): FavouriteFilter {
  const q = params.get('q')?.trim() || undefined;
  const folder = Number(params.get('folder'));
  return { q, folder: Number.isInteger(folder) && folder > 0 ? folder : undefined };
}

/** The page's address parameters for a filter and a page (page 1 and empty values left out). */
export function paramsOf(filter: FavouriteFilter, page = 1): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.q) out.q = filter.q;
  if (filter.folder) out.folder = String(filter.folder);
  if (page > 1) out.page = String(page);
  return out;
}

/** GET /api/favourite/export?format=…&q=&folder= — what the list shows, as a file. */
export function exportHref(filter: FavouriteFilter, format: 'csv' | 'xlsx'): string {
  const params = new URLSearchParams({ format, ...paramsOf(filter) });
  return `/api/favourite/export?${params.toString()}`;
}
