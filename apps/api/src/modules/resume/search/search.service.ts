import {
  escapeHtml,
  SEARCH_EDUCATION,
  SEARCH_EXACT_COUNT_LIMIT,
  SEARCH_EXPERIENCE,
  SEARCH_MAX_DEPTH,
  SEARCH_MSG,
  SEARCH_SCHEDULES,
  SEARCH_WORKING_TYPES,
  type SearchFacetItem,
  type SearchFacetName,
  type SearchFacets,
  type SearchQuery,
  type ResumeCard,
  type SearchResult,
} from '@hr/contract';
import { readSearchTuning, type SearchTuning } from '../../../config.ts';
import type { AppContext } from '../../../context.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { AppError, fieldError } from '../../../lib/app-error.ts';
import { type DictionaryLookup, dictionaryLookup } from '../../dictionary/dictionary.lookup.ts';
import { accessMapOf } from '../../user/user.policy.ts';
import { cardFor, type CardRow, personOfCard } from '../resume.card.ts';
import { type CandidateSight, maskGeneration, revealMarkedText, sightOf } from '../candidate-view.ts';
import { parseAdvancedQuery, pruneTerms, QuerySyntaxError } from './advanced-query.ts';
import { type PromiseCache, remember } from '../../../lib/promise-cache.ts';
import { QueryTimeout, type SqlRunner } from './search.db.ts';
import { countSql, type FacetRow, facetsSql } from './search.facets.ts';
import { yearsBefore } from './search.filters.ts';
import {
  cardsSql,
  cityOrderSql,
  compareKeys,
  FRAGMENT_BREAK,
  type KeyRow,
  MARK_END,
  MARK_START,
  type PageOptions,
  pageSql,
  type RankMode,
  WALK_SETTINGS,
  walkTierSql,
} from './search.page.ts';
import { effectiveOrder, planSearch, type SearchPlan } from './search.plan.ts';
import { type Order, Params, type SearchSpec, type Sql } from './search.spec.ts';
import { tidyFragment } from './snippet.ts';
import { hasSearchableWords } from './stopwords.ts';
import { compareSimilar, scoreSimilar, type ScoredSimilar, type SimilarRow, similarFacetRows, similarSql } from './similar.ts';
import { similarSource } from './similar.profile.ts';
import { vacancyIdsOfTeam } from '../../vacancy/vacancy.access.ts';
import { cardMarksOf } from '../signals/card-marks.ts';

type Viewer = (UserRow & { leadFlags?: string[] }) | null;

export type { SearchTuning } from '../../../config.ts';

/**
 * The search's tuning: the app's (config.ts, read once at boot), or read again from `env` (the
 * bench's and the tests' own settings) with the same defaults.
 */
export function searchTuning(ctx: Pick<AppContext, 'config'>, env?: NodeJS.ProcessEnv): SearchTuning {
  return env || !ctx.config.searchTuning ? readSearchTuning(env ?? process.env, ctx.config.isTest) : ctx.config.searchTuning;
}

// ─── parameters → spec ────────────────────────────────────────────────────────────────────────

const PERIOD_YEARS: Record<string, number> = { last_year: 1, last_three_years: 3, last_six_years: 6 };

const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * `label[]=only_in_responses`: the ids of the vacancies whose replies the member may search — the
 * member's and their team's. A visitor has none, so the label finds nothing for them.
 */
export async function responsesVacancyIds(ctx: AppContext, user: Viewer): Promise<number[]> {
  return user ? vacancyIdsOfTeam(ctx, user.id) : [];
}

/**
 * The validated parameters resolved against the dictionaries and the viewer's flags.
 * 403: several cities without `mass_search`, `query` without `spec_search`; 422: unknown values,
 * a malformed advanced query.
 */
export async function resolveSearch(ctx: AppContext, q: SearchQuery, user: Viewer, now = new Date()): Promise<SearchSpec> {
  const dict = await dictionaryLookup(ctx.database);
  const access = user ? accessMapOf(user) : null;

  const cityIds = resolveCities(dict, q.search_city);
  if (cityIds && cityIds.length > 1 && !access?.mass_search) throw new AppError('forbidden');
  if (q.query !== undefined && !access?.spec_search) throw new AppError('forbidden');

  const stations = q.subway.length ? q.subway.flatMap((v) => expand(dict, 'subway', v, 'subway', (s) => /^\d+\.\d+$/.test(s))) : null;
  const roles = q.roleTree.length ? q.roleTree.flatMap((v) => expand(dict, 'roleTree', v, 'roleTree', (s) => /^\d+$/.test(s))) : null;

  let advanced = null;
  if (q.query) {
    try {
      const tree = parseAdvancedQuery(q.query);
      advanced = tree && pruneTerms(tree, (t) => hasSearchableWords(t.text));
    } catch (e) {
      if (e instanceof QuerySyntaxError) throw fieldError('query', e.message);
      throw e;
    }
  }

  const today = localDay(now);
  const labels = new Set(q.label);
  const years = PERIOD_YEARS[q.period];
  return {
    text: q.text ? { text: q.text, logic: q.logic, fields: q.field, periodFrom: years ? yearsBefore(today, years) : null } : null,
    advanced,
    cityIds,
    relocation: q.relocation,
    stations: stations && [...new Set(stations)],
    experience: q.experience,
    workingTypes: q.workingType,
    schedules: q.schedule,
    education: q.education,
    sex: q.sex ?? null,
    ageFrom: q.age_from ?? null,
    ageTo: q.age_to ?? null,
    salaryFrom: q.salary_from ?? null,
    salaryTo: q.salary_to ?? null,
    onlyWithSalary: labels.has('only_with_salary'),
    onlyWithAge: labels.has('only_with_age'),
    onlyWithGender: labels.has('only_with_gender'),
    drive: q.drive,
    roles: roles && [...new Set(roles)],
    statuses: q.resumeStatus,
    lastActiveDays: q.lastActive ? Number(q.lastActive) : null,
    // A visitor cannot open resumes, so has viewed none: the label changes nothing for them.
    excludeViewedBy: labels.has('exclude_viewed_by_me') && user ? user.id : null,
    vacancyIds: labels.has('only_in_responses') ? await responsesVacancyIds(ctx, user) : null,
    similar: q.similar_to ? await similarSource(ctx, q.similar_to, user?.id ?? null) : null,
    today,
    now,
  };
}

function resolveCities(dict: DictionaryLookup, values: string[]): number[] | null {
  if (!values.length) return null;
  const ids = new Set<number>();
  for (const v of values) {
    if (/^\d+$/.test(v)) {
      if (!dict.has('search_city', v)) throw fieldError('search_city', SEARCH_MSG.unknownValue(v));
      ids.add(Number(v));
    } else {
      if (!dict.has('searchCityTree', v)) throw fieldError('search_city', SEARCH_MSG.unknownValue(v));
      for (const leaf of dict.leavesUnder('searchCityTree', v)) if (/^\d+$/.test(leaf)) ids.add(Number(leaf));
    }
  }
  return [...ids];
}

function expand(
  dict: DictionaryLookup,
  name: 'subway' | 'roleTree',
  value: string,
  field: string,
  isLeaf: (v: string) => boolean,
): string[] {
  if (!dict.has(name, value)) throw fieldError(field, SEARCH_MSG.unknownValue(value));
  return isLeaf(value) ? [value] : dict.leavesUnder(name, value).filter(isLeaf);
}

// ─── running ──────────────────────────────────────────────────────────────────────────────────

/** What one filter set gives, whatever the page or order: cached for `cacheTtlMs`. */
export type SearchStats = {
  total: number;
  totalCapped: boolean;
  totalIsEstimate: boolean;
  /** The estimated number of matches (decides how relevance is ranked). */
  estimatedMatches: number;
  /** Facet counts (estimates already scaled and rounded). */
  facetRows: FacetRow[];
  /** The facets whose counts are estimates from the sample. */
  estimatedFacets: SearchFacetName[];
};

/** Round an estimate to 2 significant digits (1 234 → 1 200, 153 472 → 150 000). */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / magnitude) * magnitude;
}

type PageResult = { stats: SearchStats; rows: PageRow[] };
const cacheFor = (ctx: AppContext, tuning: SearchTuning) => ctx.search.cache<SearchStats>('stats', tuning.cacheTtlMs, tuning.cacheEntries);
const pageCacheFor = (ctx: AppContext, tuning: SearchTuning) =>
  ctx.search.cache<PageResult>('page', tuning.pageCacheTtlMs, tuning.cacheEntries);

/** The filter set as a cache key: everything but the page, the order and the clock. */
export function statsKey(spec: SearchSpec): string {
  const { now: _now, similar, ...rest } = spec;
  return JSON.stringify(similar ? { ...rest, similar: similar.hash } : rest);
}

const pick = (rows: FacetRow[], facet: FacetRow['facet']) => rows.find((r) => r.facet === facet)?.n ?? 0;

/** A statement the search ran (collected for the bench's EXPLAIN). */
export type Traced = { name: 'sample' | 'facets' | 'count' | 'walk' | 'reloc' | 'cities' | 'moving' | 'page' | 'similar'; sql: Sql };

function traced<T>(run: SqlRunner, trace: Traced[] | undefined, name: Traced['name'], sql: Sql): Promise<T[]> {
  trace?.push({ name, sql });
  return run.query<T>(sql);
}

/** An exact statement under `exactTimeoutMs`; null when it ran out of time. */
async function boxed<T>(
  run: SqlRunner,
  tuning: SearchTuning,
  trace: Traced[] | undefined,
  name: Traced['name'],
  sql: Sql,
): Promise<T[] | null> {
  if (tuning.exactTimeoutMs <= 0) return traced<T>(run, trace, name, sql);
  trace?.push({ name, sql });
  return run.queryWith<T>(sql, { settings: [], timeoutMs: tuning.exactTimeoutMs }).catch((e) => {
    if (e instanceof QueryTimeout) return null;
    throw e;
  });
}

const HEAVY_TEXT_WEIGHT = 5;
const ALL_FACETS: SearchFacetName[] = ['search_city', 'experience', 'schedule', 'workingType', 'education'];
const scaled = (rows: FacetRow[], scale: number): FacetRow[] => rows.map((r) => ({ ...r, n: roundEstimate(r.n * scale) }));

/**
 * Counts and facets from the sample's rows, doing exact work only where it is cheap:
 * - the whole facet pool is small → every facet and the total exactly (one pass);
 * - the pool inside the chosen cities is small → the total and every facet but search_city exactly,
 *   the city facet from the sample;
 * - otherwise the facets from the sample, the total exactly (capped) if the sample says it is small,
 *   else the sample's estimate;
 * - an exact statement past `exactTimeoutMs` gives way to the sample's estimates.
 */
async function finishStats(
  run: SqlRunner,
  plan: SearchPlan,
  tuning: SearchTuning,
  sample: FacetRow[],
  trace?: Traced[],
): Promise<SearchStats> {
  // Rechecking the raw text costs several times a plain match: exact counts on smaller sets then.
  const weight = plan.heavyText ? HEAVY_TEXT_WEIGHT : 1;
  const scale = plan.sampleScale;
  const estPool = pick(sample, 'pool') * scale * weight;
  const estLocal = pick(sample, 'pool_local') * scale * weight;
  const estTotal = pick(sample, 'total') * scale * weight;
  const exact = (rows: FacetRow[], estimatedFacets: SearchFacetName[]): SearchStats => {
    const total = pick(rows, 'total');
    return {
      total,
      totalCapped: total > SEARCH_EXACT_COUNT_LIMIT,
      totalIsEstimate: false,
      estimatedMatches: total,
      facetRows: rows,
      estimatedFacets,
    };
  };
  // An exact statement that ran out of time says the next would too: estimates from then on.
  let outOfTime = false;
  if (estPool <= tuning.exactFacetsLimit) {
    const rows = await boxed<FacetRow>(run, tuning, trace, 'facets', facetsSql(plan, 'exact'));
    if (rows) return exact(rows, []);
    outOfTime = true;
  } else if (plan.spec.cityIds && estLocal <= tuning.exactFacetsLimit) {
    const rows = await boxed<FacetRow>(run, tuning, trace, 'facets', facetsSql(plan, 'local'));
    outOfTime = !rows;
    if (rows)
      return exact(
        [
          ...rows,
          ...scaled(
            sample.filter((r) => r.facet === 'search_city'),
            scale,
          ),
        ],
        ['search_city'],
      );
  }
  const facetRows = scaled(
    sample.filter((r) => ALL_FACETS.includes(r.facet as SearchFacetName)),
    scale,
  );
  const base = { facetRows, estimatedFacets: ALL_FACETS };
  if (estTotal <= tuning.countCheckLimit && !outOfTime) {
    const counted = await boxed<{ n: number }>(run, tuning, trace, 'count', countSql(plan, SEARCH_EXACT_COUNT_LIMIT + 1));
    const n = counted?.[0]?.n ?? 0;
    if (counted && n <= SEARCH_EXACT_COUNT_LIMIT)
      return { total: n, totalCapped: false, totalIsEstimate: false, estimatedMatches: n, ...base };
    if (!counted) {
      const est = roundEstimate(estTotal / weight);
      return { total: est, totalCapped: est > SEARCH_EXACT_COUNT_LIMIT, totalIsEstimate: true, estimatedMatches: est, ...base };
    }
    const est = Math.max(SEARCH_EXACT_COUNT_LIMIT + 1, roundEstimate(estTotal / weight));
    return { total: est, totalCapped: true, totalIsEstimate: true, estimatedMatches: est, ...base };
  }
  const est = roundEstimate(estTotal / weight);
  return { total: est, totalCapped: est > SEARCH_EXACT_COUNT_LIMIT, totalIsEstimate: true, estimatedMatches: est, ...base };
}

export function pageOptions(q: Pick<SearchQuery, 'searchOrderBy' | 'page' | 'per_page'>, rankMode: RankMode): PageOptions {
  return { order: q.searchOrderBy as Order, rankMode, limit: q.per_page, offset: (q.page - 1) * q.per_page };
}

export const rankModeFor = (estimatedMatches: number, tuning: SearchTuning): RankMode =>
  estimatedMatches <= tuning.rankExactLimit ? 'rank' : 'tiered';

export type PageRow = CardRow & { hl_title?: string | null; hl_fragments?: string | null };

/**
 * The database part of a search: the sample of the filter set (unless its stats are cached) and the
 * page at once; then, if cheap, exact facets or an exact count. A relevance-ordered text search
 * waits for the sample's estimate to choose how to rank. Independent statements run at once on
 * separate pool connections.
 */
export async function executeSearch(
  run: SqlRunner,
  spec: SearchSpec,
  q: Pick<SearchQuery, 'searchOrderBy' | 'page' | 'per_page'>,
  tuning: SearchTuning,
  cache: PromiseCache<SearchStats> | null,
  trace?: Traced[],
): Promise<{ stats: SearchStats; rows: PageRow[] }> {
  // One plan for every statement of this request.
  const plan = planSearch(spec);
  if (spec.similar) return executeSimilar(run, plan, spec.similar, q, trace);
  const key = statsKey(spec);
  let stats = cache?.get(key);
  let estimate: Promise<number>;
  if (stats) {
    estimate = stats.then((s) => s.estimatedMatches);
  } else {
    const sample = traced<FacetRow>(run, trace, 'sample', facetsSql(plan, 'sample'));
    stats = sample.then((rows) => finishStats(run, plan, tuning, rows, trace));
    if (cache) remember(cache, key, stats);
    const weight = plan.heavyText ? HEAVY_TEXT_WEIGHT : 1;
    estimate = sample.then((rows) => pick(rows, 'total') * plan.sampleScale * weight);
    // Awaited only for a relevance order; a failed sample is answered through `stats` either way,
    // and an unhandled rejection would end the process.
    estimate.catch(() => {});
  }
  const needsEstimate = q.searchOrderBy === 'relevance' && !!(spec.text || spec.advanced);
  const page = (async () => {
    const mode = needsEstimate ? rankModeFor(await estimate, tuning) : 'rank';
    const o = pageOptions(q, mode);
    const walked = tuning.walkTimeoutMs > 0 ? await walkTier(run, plan, o, tuning, trace) : null;
    if (walked) return traced<PageRow>(run, trace, 'page', cardsSql(plan, walked));
    const split = await cityOrderPage(run, plan, o, trace);
    if (split) return traced<PageRow>(run, trace, 'page', cardsSql(plan, split));
    return traced<PageRow>(run, trace, 'page', pageSql(plan, o));
  })();
  const [s, rows] = await Promise.all([stats, page]);
  // The page is read live; the total can fall below what it holds: an estimate (the sample's, when
  // an exact count ran out of time: a small result set is often absent from the 1-in-64 sample), or
  // a cached count from before resumes arrived one by one (only imports drop the caches).
  const seen = rows.length ? (q.page - 1) * q.per_page + rows.length : 0;
  if (s.total < seen) return { stats: { ...s, total: seen, totalCapped: seen > SEARCH_EXACT_COUNT_LIMIT }, rows };
  return { stats: s, rows };
}

/**
 * «Похожие резюме»: the gathered candidates that pass every filter, scored and ordered in JS, then
 * the page's cards. The total and the facets count what was gathered (exactly: a few hundred rows).
 */
async function executeSimilar(
  run: SqlRunner,
  plan: SearchPlan,
  source: NonNullable<SearchSpec['similar']>,
  q: Pick<SearchQuery, 'searchOrderBy' | 'page' | 'per_page'>,
  trace?: Traced[],
): Promise<{ stats: SearchStats; rows: PageRow[] }> {
  const statement = similarSql(plan, source);
  const found = statement ? await traced<SimilarRow>(run, trace, 'similar', statement) : [];
  const scored = found.map((row) => scoreSimilar(source, row)).filter((s): s is ScoredSimilar => s !== null);
  scored.sort(compareSimilar(q.searchOrderBy as Order));
  const offset = (q.page - 1) * q.per_page;
  const ids = scored.slice(offset, offset + q.per_page).map((s) => Number(s.row.id));
  // The gathered rows carry their cards; with text the page's highlights are the cards statement's.
  const highlighted = !!plan.filters(new Params()).text?.highlight;
  const rows: PageRow[] = !ids.length
    ? []
    : highlighted
      ? await traced<PageRow>(run, trace, 'page', cardsSql(plan, ids))
      : scored.slice(offset, offset + q.per_page).map((s) => s.row);
  const stats: SearchStats = {
    total: scored.length,
    totalCapped: false,
    totalIsEstimate: false,
    estimatedMatches: scored.length,
    facetRows: similarFacetRows(scored.map((s) => s.row)),
    estimatedFacets: [],
  };
  return { stats, rows };
}

/**
 * An ordered page with a city filter and people moving there (cityOrderSql): the residents first,
 * then the movers that can still reach the page, merged. The ids of the page, or null when the page
 * is not such a page.
 */
async function cityOrderPage(run: SqlRunner, plan: SearchPlan, o: PageOptions, trace?: Traced[]): Promise<number[] | null> {
  const order = effectiveOrder(plan, o.order);
  if (order === 'relevance') return null;
  const citiesSql = cityOrderSql(plan, o, 'cities');
  if (!citiesSql && !cityOrderSql(plan, o, 'moving')) return null;
  const depth = o.offset + o.limit;
  const cities = citiesSql ? await traced<KeyRow>(run, trace, 'cities', citiesSql) : [];
  const bound = cities.length >= depth ? (cities[depth - 1] as KeyRow) : null;
  const movingSql = cityOrderSql(plan, o, 'moving', bound) as Sql;
  const moving = await traced<KeyRow>(run, trace, 'moving', movingSql);
  return [...cities, ...moving]
    .sort(compareKeys(order))
    .slice(o.offset, depth)
    .map((r) => Number(r.id));
}

/**
 * The page of a big relevance-ordered result from its first tier without the title index
 * (walkTierSql): the walk of the chosen cities under a time limit, then the people moving there who
 * were updated no earlier than the walk's last resident (the rest cannot reach the page), merged.
 * The ids of the page, or null when that does not decide it (the walk ran out of time, or the
 * first tier has fewer resumes than the page needs) and pageSql has to.
 */
async function walkTier(
  run: SqlRunner,
  plan: SearchPlan,
  o: PageOptions,
  tuning: SearchTuning,
  trace?: Traced[],
): Promise<number[] | null> {
  const parts = walkTierSql(plan, o, tuning.relocRecentRows);
  if (!parts) return null;
  trace?.push({ name: 'walk', sql: parts.walk });
  const walked = await run.queryWith<KeyRow>(parts.walk, { settings: WALK_SETTINGS, timeoutMs: tuning.walkTimeoutMs }).catch((e) => {
    if (e instanceof QueryTimeout) return null;
    throw e;
  });
  if (!walked) return null;
  const depth = o.offset + o.limit;
  const residents = walked.filter((r) => r.id !== null);
  const bound = residents.length >= depth ? (residents[depth - 1] as KeyRow) : null;
  const relocSql = parts.reloc?.(bound);
  let movers = relocSql ? await traced<KeyRow>(run, trace, 'reloc', relocSql) : [];
  // A row without an id: too many recent movers to check one by one; the text index first then.
  if (bound && movers.some((r) => r.id === null)) movers = await traced<KeyRow>(run, trace, 'reloc', parts.reloc?.(bound, true) as Sql);
  const merged = [...residents, ...movers.filter((r) => r.id !== null)].sort(compareKeys('publication_time')).slice(0, depth);
  if (merged.length < depth) return null;
  return merged.slice(o.offset).map((r) => Number(r.id));
}

/**
 * GET /api/resume/search: the page of cards, the counts and the facets. Counts and facets of a
 * filter set are cached for a minute (pages never are).
 */
export async function searchResumes(ctx: AppContext, q: SearchQuery, user: Viewer, tuning = searchTuning(ctx)): Promise<SearchResult> {
  return searchResumesOf(ctx, await resolveSearch(ctx, q, user), q, user, tuning);
}

/**
 * The exact number of matches of a resolved search, counting no further than `cap`, under
 * `timeoutMs` (QueryTimeout past it): Автопоиск's «new since» counts with `changedSince`.
 */
export async function countSearchMatches(ctx: AppContext, spec: SearchSpec, cap: number, timeoutMs: number): Promise<number> {
  if (spec.vacancyIds && !spec.vacancyIds.length) return 0;
  // «Похожие резюме» count what their own statement gathers (a few hundred at most), not the filters alone.
  if (spec.similar) {
    const first = { searchOrderBy: 'relevance', page: 1, per_page: 20 } as const;
    // Each of its statements under the same time limit as the plain count.
    const base = ctx.search.runner();
    const limited: SqlRunner = { ...base, query: (s) => base.queryWith(s, { settings: [], timeoutMs }) };
    return Math.min(cap, (await executeSearch(limited, spec, first, searchTuning(ctx), null)).stats.total);
  }
  const rows = await ctx.search.runner().queryWith<{ n: number }>(countSql(planSearch(spec), cap), { settings: [], timeoutMs });
  return Number(rows[0]?.n ?? 0);
}

/** searchResumes for an already resolved plan (Автопоиск runs a saved search, with `changedSince` for its new results). */
export async function searchResumesOf(
  ctx: AppContext,
  spec: SearchSpec,
  q: SearchQuery,
  user: Viewer,
  tuning = searchTuning(ctx),
  /** `fresh`: no cached counts or pages (a saved search's results must show what has just arrived). */
  opts: { fresh?: boolean } = {},
): Promise<SearchResult> {
  // Before any row is read: a page read before a deletion on request leaves no masked text behind.
  const readAt = maskGeneration();
  const dict = await dictionaryLookup(ctx.database);
  if (spec.vacancyIds && !spec.vacancyIds.length) return emptyResult(q, dict, spec);

  const found = opts.fresh ? await executeSearch(ctx.search.runner(), spec, q, tuning, null) : await cachedPage(ctx, spec, q, tuning);
  const { stats, rows } = found;
  // Members see the club's opinions and signals («уже в работе у коллег») on the cards: one
  // prepared statement for the whole page.
  const { opinions, signals } = user
    ? await cardMarksOf(
        ctx.database,
        user.id,
        rows.map((r) => Number(r.id)),
      )
    : { opinions: new Map(), signals: new Map() };
  const shown = shownPage(ctx, found, user, dict, spec, readAt);
  return {
    per_page: q.per_page,
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(Math.min(stats.total, SEARCH_MAX_DEPTH) / q.per_page)),
    total: stats.total,
    data: shown.cards.map((shared, i) => {
      const id = Number(rows[i]?.id);
      const summary = opinions.get(id);
      const badge = signals.get(id);
      if (!summary && !badge) return shared;
      // The viewer's own marks go on a copy: the shared card is served to others too.
      const card = { ...shared };
      if (summary) card.opinions_summary = summary;
      if (badge) card.signals = badge;
      return card;
    }),
    facets: shown.facets,
    total_capped: stats.totalCapped,
    total_is_estimate: stats.totalIsEstimate,
    facets_are_estimates: stats.estimatedFacets.length > 0,
    estimated_facets: stats.estimatedFacets,
  };
}

type Shown = { cards: ResumeCard[]; facets: SearchFacets };

/**
 * The part of an answer that is the same for every viewer of one sight: the cards (names, masked
 * text, highlights) and the facets of a page. Kept with the page itself, so an answer from the page
 * cache (the same search a moment ago) is drawn once per sight and local day (ages), while the page
 * lives; the viewer's own marks are added per request.
 */
const shownPages = new WeakMap<PageResult, Map<string, Shown & { dict: DictionaryLookup }>>();

function shownPage(ctx: AppContext, page: PageResult, user: Viewer, dict: DictionaryLookup, spec: SearchSpec, readAt: number): Shown {
  const sight = sightOf(user);
  const isMember = !!user;
  const key = `${isMember ? 'm' : 'v'}${sight.names ? 'n' : ''}${sight.contacts ? 'c' : ''}|${localDay(new Date())}`;
  let bySight = shownPages.get(page);
  const hit = bySight?.get(key);
  if (hit && hit.dict === dict) return hit;
  const cards = page.rows.map((row) => {
    const card = cardFor(row, sight, isMember, readAt);
    if (row.hl_title !== undefined) card.highlight = highlightOf(row, sight, readAt);
    return card;
  });
  const shown = { cards, facets: facetsOf(page.stats, dict, spec), dict };
  // Served as they are to every viewer of this sight: outside production a change made for one of
  // them throws instead of reaching the others (their own marks go on copies).
  const nodeEnv = ctx.config.nodeEnv;
  if (nodeEnv && nodeEnv !== 'production') {
    deepFreeze(shown.cards);
    deepFreeze(shown.facets);
  }
  // A page read before a deletion on request is already out of the page cache: nothing kept with it.
  if (readAt !== maskGeneration()) return shown;
  if (!bySight) {
    bySight = new Map();
    shownPages.set(page, bySight);
  }
  bySight.set(key, shown);
  return shown;
}

/** Freezes `value` and every object and array it holds. */
function deepFreeze(value: object): void {
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object') deepFreeze(inner);
  Object.freeze(value);
}

/** executeSearch, or the same page of an identical search a moment ago (see `pageCacheTtlMs`). */
function cachedPage(ctx: AppContext, spec: SearchSpec, q: SearchQuery, tuning: SearchTuning): Promise<PageResult> {
  const run = () => executeSearch(ctx.search.runner(), spec, q, tuning, cacheFor(ctx, tuning));
  const personal = spec.excludeViewedBy !== null || spec.vacancyIds !== null;
  const pages = personal ? null : pageCacheFor(ctx, tuning);
  if (!pages) return run();
  const key = `${statsKey(spec)}|${q.searchOrderBy}|${q.page}|${q.per_page}`;
  const hit = pages.get(key);
  if (hit) return hit;
  return remember(pages, key, run());
}

// ─── answer pieces ────────────────────────────────────────────────────────────────────────────

/** HTML-escapes the text, then turns the match markers into <mark>…</mark>. */
export function markedHtml(raw: string): string {
  return escapeHtml(raw).split(MARK_START).join('<mark>').split(MARK_END).join('</mark>');
}

/** The matched words of a card, with what the viewer may not read masked (candidate-view.ts) before the HTML is made. */
function highlightOf(row: PageRow, sight: CandidateSight, readAt: number): { title: string; fragments: string[] } {
  const person = personOfCard(row);
  const cardSight = { names: sight.names, contacts: false };
  const reveal = (text: string, cut: boolean) =>
    revealMarkedText(text, person, cardSight, { open: MARK_START, close: MARK_END, cut }, readAt);
  const title = markedHtml(reveal(row.hl_title ?? row.title, false));
  const fragments = (row.hl_fragments ?? '')
    .split(FRAGMENT_BREAK)
    .map(tidyFragment)
    .filter((f) => f.includes(MARK_START))
    .slice(0, 2)
    .map((f) => markedHtml(reveal(f, true)));
  return { title, fragments };
}

const FACET_VALUES: Record<
  Exclude<SearchFacetName, 'search_city'>,
  { dict: 'experience' | 'schedule' | 'workingType' | 'education'; values: readonly string[] }
> = {
  experience: { dict: 'experience', values: SEARCH_EXPERIENCE },
  schedule: { dict: 'schedule', values: SEARCH_SCHEDULES },
  workingType: { dict: 'workingType', values: SEARCH_WORKING_TYPES },
  education: { dict: 'education', values: SEARCH_EDUCATION },
};
/** The city facet lists the cities with most matches (and the chosen ones). */
export const CITY_FACET_SIZE = 30;

function facetsOf(stats: SearchStats, dict: DictionaryLookup, spec: SearchSpec): SearchFacets {
  const rows = stats.facetRows;
  const count = (n: number) => n;
  const of = (facet: SearchFacetName) => new Map(rows.filter((r) => r.facet === facet).map((r) => [r.value as string, r.n]));
  const out = {} as SearchFacets;
  for (const [facet, { dict: name, values }] of Object.entries(FACET_VALUES) as [
    keyof typeof FACET_VALUES,
    (typeof FACET_VALUES)[keyof typeof FACET_VALUES],
  ][]) {
    const counts = of(facet);
    out[facet] = values.map((value) => ({ value, title: dict.option(name, value).title, count: count(counts.get(value) ?? 0) }));
  }
  const cities = of('search_city');
  const chosen = new Set((spec.cityIds ?? []).map(String));
  const top = [...cities].sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0])).slice(0, CITY_FACET_SIZE);
  for (const id of chosen) if (!top.some(([v]) => v === id)) top.push([id, cities.get(id) ?? 0]);
  out.search_city = top
    .filter(([value]) => dict.has('search_city', value))
    .map(([value, n]): SearchFacetItem => ({ value, title: dict.option('search_city', value).title, count: count(n) }));
  return out;
}

function emptyResult(q: SearchQuery, dict: DictionaryLookup, spec: SearchSpec): SearchResult {
  const stats: SearchStats = {
    total: 0,
    totalCapped: false,
    totalIsEstimate: false,
    estimatedMatches: 0,
    facetRows: [],
    estimatedFacets: [],
  };
  return {
    per_page: q.per_page,
    current_page: q.page,
    last_page: 1,
    total: 0,
    data: [],
    facets: facetsOf(stats, dict, spec),
    total_capped: false,
    total_is_estimate: false,
    facets_are_estimates: false,
    estimated_facets: [],
  };
}

// The search's building blocks that the vacancy's matching composes into its own statement
// (same vectors, same places and experience buckets, same stop words), so both read resumes alike.
export { EXPERIENCE_BUCKETS, PLACES } from './search.filters.ts';
export { Params, type Sql } from './search.spec.ts';
export { exactPhrasePattern, SKILLS_VECTOR, TITLE_VECTOR } from './search.text.ts';
export { STOP_WORDS } from './stopwords.ts';
// A statement past its time limit (Автопоиск's results answer it as the search page does: 503).
export { QueryTimeout } from './search.db.ts';

// Автопоиск's digests: which of the resumes changed since a saved search's last run it finds (one plan, one set of rules).
export { matchedIds, matchingIdsSql } from './search.match.ts';
