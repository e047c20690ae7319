import { searchQueryInput } from '@hr/contract';
import type { AppContext } from '../../../context.ts';
import { executeSearch, resolveSearch, searchTuning, type Traced } from './search.service.ts';
import { WALK_SETTINGS } from './search.page.ts';

/**
 * Searches whose statements use what most searches use: the text indexes with the cities, a city's
 * walk and the people moving there, each order, the sample, exact and local facets, the highlights.
 */
const WARM_SEARCHES = [
  'text=администратор&search_city[]=1070',
  'text=оператор&search_city[]=889&searchOrderBy=publication_time&lastActive=7',
  'text=логистика&field[]=skills&search_city[]=1069',
  'text=маркетолог',
  'text=склад&logic=phrase',
  'search_city[]=1069&searchOrderBy=salary_asc',
  'search_city[]=1070&searchOrderBy=salary_desc&experience[]=between1And3',
  'search_city[]=722&searchOrderBy=age&schedule[]=remote',
  '',
];

/**
 * Runs WARM_SEARCHES once to collect their statements, then runs those on every session of the
 * search pool (PostgreSQL only; see SEARCH_POOL_WARM for why). Returns the time it took, or null
 * when there is no pool to warm.
 */
export async function warmSearchSessions(ctx: AppContext): Promise<number | null> {
  if (!ctx.search.pool()) return null;
  const started = performance.now();
  const tuning = { ...searchTuning(ctx), cacheTtlMs: 0, pageCacheTtlMs: 0 };
  const trace: Traced[] = [];
  for (const qs of WARM_SEARCHES) {
    const q = searchQueryInput.parse(new URLSearchParams(qs));
    await executeSearch(ctx.search.runner(), await resolveSearch(ctx, q, null), q, tuning, null, trace);
  }
  // Each statement as the search runs it: a walk with its settings and time limit, the rest with the
  // time limit of an exact count (a warm-up never waits long on one statement).
  const limit = Math.max(tuning.exactTimeoutMs, 1000);
  await ctx.search.warm(
    trace.map((t) =>
      t.name === 'walk'
        ? { sql: t.sql, settings: WALK_SETTINGS, timeoutMs: tuning.walkTimeoutMs }
        : { sql: t.sql, settings: [], timeoutMs: limit },
    ),
  );
  return performance.now() - started;
}
