import { CARD_COLUMNS } from '../resume.card.ts';
import {
  ACTIVE_DAY,
  activeDays,
  allOf,
  buildFilters,
  type Filters,
  RELOCATES_TO,
  RELOCATING,
  SALARY_BAND,
  salaryBandsUpTo,
} from './search.filters.ts';
import { effectiveOrder, type SearchPlan } from './search.plan.ts';
import { type Order, Params, type SearchSpec, type Sql } from './search.spec.ts';

// The page of a search: its ids in order (ordered walks, tiers, the people moving there) and its cards.

/**
 * How relevance is ordered: `rank` — ts_rank_cd over every match (exact; used while the matches are
 * few enough to rank); `tiered` — resumes whose title matches first, then the other matches, each
 * freshest first (two index-friendly scans, used for big result sets).
 */
export type RankMode = 'rank' | 'tiered';

/**
 * An order: `cols`/`by`/`outer` for SQL; for the parts merged in JS, `keyExpr` (exact: the update
 * time in microseconds, the birth date as text) and `notAfter(b)` — the rows not after a key value.
 */
type OrderSpec = {
  cols: string;
  by: string;
  outer: string;
  key: string;
  desc: boolean;
  keyExpr: string;
  notAfter: (b: string) => string;
  cast: string;
};
const ORDERS: Record<Exclude<Order, 'relevance'>, OrderSpec> = {
  publication_time: {
    cols: 'r.updated_at',
    by: 'r.updated_at DESC, r.id DESC',
    outer: 'updated_at DESC, id DESC',
    key: 'updated_at',
    desc: true,
    keyExpr: '(extract(epoch from r.updated_at) * 1000000)::bigint',
    cast: 'float8',
    notAfter: (b) => `r.updated_at >= to_timestamp(${b} / 1000000) - interval '1 millisecond'`,
  },
  salary_desc: {
    cols: 'r.salary_amount',
    by: 'r.salary_amount DESC NULLS LAST, r.id DESC',
    outer: 'salary_amount DESC NULLS LAST, id DESC',
    key: 'salary_amount',
    desc: true,
    keyExpr: 'r.salary_amount',
    cast: 'int',
    notAfter: (b) => `r.salary_amount >= ${b}`,
  },
  salary_asc: {
    cols: 'r.salary_amount',
    by: 'r.salary_amount ASC NULLS LAST, r.id ASC',
    outer: 'salary_amount ASC NULLS LAST, id ASC',
    key: 'salary_amount',
    desc: false,
    keyExpr: 'r.salary_amount',
    cast: 'int',
    notAfter: (b) => `r.salary_amount <= ${b}`,
  },
  age: {
    cols: 'r.birth_date',
    by: 'r.birth_date DESC NULLS LAST, r.id DESC',
    outer: 'birth_date DESC NULLS LAST, id DESC',
    key: 'birth_date',
    desc: true,
    keyExpr: 'r.birth_date::text',
    cast: 'date',
    notAfter: (b) => `r.birth_date >= ${b}`,
  },
};

export type KeyRow = { id: number | string; key: Date | string | number | null };

/**
 * Compares two rows as `ORDER BY <key> [DESC] NULLS LAST, id [DESC]` does (for merging in JS the
 * parts the service runs apart).
 */
export function compareKeys(order: Exclude<Order, 'relevance'>): (a: KeyRow, b: KeyRow) => number {
  const { desc } = ORDERS[order];
  // The update time comes as a bigint (a numeric string), the birth date as YYYY-MM-DD, salaries as numbers.
  const value = (k: KeyRow['key']) =>
    k instanceof Date ? k.getTime() : typeof k === 'string' && order === 'publication_time' ? Number(k) : k;
  return (a, b) => {
    const x = value(a.key);
    const y = value(b.key);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const c = x < y ? -1 : 1;
      return desc ? -c : c;
    }
    const c = Number(a.id) - Number(b.id);
    return desc ? -c : c;
  };
}

/**
 * An ordered page with a city filter, in two parts the service runs one after the other and merges:
 * `cities` — the residents of the chosen cities, walked city by city along (city_id, <order>); then
 * `moving` — the people moving there (1–3 % of everyone even for Moscow: they have no index in any
 * order), limited to those who can still reach the page: not after the `depth`-th resident (`bound`,
 * a value the planner sees, so it can choose between the order index and their own).
 * Both give (id, key), at most `depth` rows. Null when the page is not such a page.
 */
export function cityOrderSql(plan: SearchPlan, o: PageOptions, part: 'cities' | 'moving', bound?: KeyRow | null): Sql | null {
  const { spec } = plan;
  const order = effectiveOrder(plan, o.order);
  if (order === 'relevance' || !spec.cityIds || spec.cityIds.length > CITY_BRANCHES) return null;
  if (spec.relocation === 'living' || spec.relocation === 'living_but_relocation') return null;
  const ord = ORDERS[order];
  const depth = o.offset + o.limit;
  const p = new Params();
  const f = plan.filters(p);
  const c = f.cityRef as string;
  const where = [
    ...f.base,
    ...Object.entries(f.facet)
      .filter(([k]) => k !== 'search_city')
      .map(([, v]) => v),
  ];
  if (part === 'cities') {
    if (spec.relocation === 'relocation') return null;
    const branches = spec.cityIds.map(
      (id) =>
        `(SELECT r.id, ${ord.cols}, ${ord.keyExpr} AS key FROM resumes r WHERE r.city_id = ${p.add(id, 'int')} AND ${allOf(where)} ORDER BY ${ord.by} LIMIT ${depth})`,
    );
    return {
      text: `SELECT id, key FROM (${branches.join('\n      UNION ALL\n      ')}) u WHERE cardinality(${c}) > 0
        ORDER BY ${ord.outer} LIMIT ${depth}`,
      values: p.values,
    };
  }
  const limitTo: string[] = [];
  if (bound && bound.key !== null) {
    // Not after the bound: better keys or the same (the id decides in JS); NULLs come after any value.
    const key = String(bound.key);
    if (order === 'publication_time') limitTo.push(updatedSince(p, key, spec.now));
    else if (order === 'salary_asc') limitTo.push(paidUpTo(p, key));
    else limitTo.push(ord.notAfter(p.add(key, ord.cast)));
  }
  return {
    text: `SELECT r.id, ${ord.keyExpr} AS key FROM resumes r
      WHERE NOT coalesce(r.city_id = ANY(${c}), false) AND ${RELOCATES_TO} && ${c} AND ${allOf([...where, ...limitTo])}
      ORDER BY ${ord.by} LIMIT ${depth}`,
    values: p.values,
  };
}

/** Past this many keys (days, salary bands), a bound is left to its btree alone: that many GIN keys cost more than they save. */
const MOVER_KEYS_MAX = 120;

/**
 * Updated no earlier than `key` (a publication_time key: microseconds since the epoch). For the
 * people moving somewhere the days are spelled as keys of resumes_movers_idx too, so that one GIN
 * scan gives the city's recent movers.
 */
function updatedSince(p: Params, key: string, now: Date): string {
  const since = ORDERS.publication_time.notAfter(p.add(key, ORDERS.publication_time.cast));
  const days = activeDays(new Date(Number(key) / 1000), now);
  return days.length <= MOVER_KEYS_MAX ? `${since} AND ${ACTIVE_DAY} && ${p.add(days, 'int[]')}` : since;
}

/** Paid no more than `key` (a salary_asc key), with the salary's bands as keys of resumes_movers_idx (as updatedSince). */
function paidUpTo(p: Params, key: string): string {
  const upTo = ORDERS.salary_asc.notAfter(p.add(key, ORDERS.salary_asc.cast));
  const bands = salaryBandsUpTo(Number(key));
  return bands.length <= MOVER_KEYS_MAX ? `${upTo} AND ${SALARY_BAND} && ${p.add(bands, 'int[]')}` : upTo;
}

export type PageOptions = { order: Order; rankMode: RankMode; limit: number; offset: number };

/**
 * The first `depth` ids in `ord` order among the resumes matching `where` and the city filter. With
 * a city filter the chosen cities are walked one by one along their (city_id, <order>) indexes, and
 * the people moving there separately, instead of sorting everyone the OR of both would find; inside
 * each branch the planner still chooses between walking the index and a bitmap of the other indexes.
 */
function orderedIds(spec: SearchSpec, f: Filters, where: string[], ord: OrderSpec, depth: number, p: Params): string {
  const cols = `r.id, ${ord.cols}`;
  if (!f.cityRef || !f.facet.search_city || !spec.cityIds) {
    return `SELECT ${cols} FROM resumes r
        WHERE ${allOf([...where, f.facet.search_city])}
        ORDER BY ${ord.by} LIMIT ${depth}`;
  }
  const c = f.cityRef;
  const rest = allOf(where);
  const branches: string[] = [];
  if (spec.relocation !== 'relocation') {
    const extra = spec.relocation === 'living_but_relocation' ? ` AND ${RELOCATING}` : '';
    if (spec.cityIds.length <= CITY_BRANCHES) {
      // One branch per city with the id as a value: the planner sees how big that city is.
      for (const id of spec.cityIds) {
        branches.push(`(SELECT ${cols} FROM resumes r
          WHERE r.city_id = ${p.add(id, 'int')}${extra} AND ${rest}
          ORDER BY ${ord.by} LIMIT ${depth})`);
      }
    } else {
      branches.push(`SELECT x.* FROM unnest(${c}) AS cid(id) CROSS JOIN LATERAL (
          SELECT ${cols} FROM resumes r
          WHERE r.city_id = cid.id${extra} AND ${rest}
          ORDER BY ${ord.by} LIMIT ${depth}) x`);
    }
  }
  if (spec.relocation === 'living_or_relocation' || spec.relocation === 'relocation') {
    // The people moving here (1–3 % of everyone even for Moscow) have no index in any order. Walk the
    // whole-table order index lazily for at most RELOC_WALK_ROWS resumes — cheap checks first, the
    // text only on those who would move here — and if that does not fill the page, take them all
    // by their index and sort them (bounded: a few tens of thousands at most).
    const movesHere = `NOT coalesce(r.city_id = ANY(${c}), false) AND ${RELOCATES_TO} && ${c}`;
    const textual = where.filter((w) => f.textWheres.includes(w));
    const plain = where.filter((w) => !f.textWheres.includes(w));
    const ok = textual.length
      ? `CASE WHEN ${movesHere} AND ${allOf(plain)} THEN ${allOf(textual)} ELSE false END`
      : `${movesHere} AND ${allOf(plain)}`;
    const out = cols.replace(/\br\./g, '');
    branches.push(`(WITH rw AS MATERIALIZED (
          SELECT ${out} FROM (
            SELECT ${cols}, ${ok} AS ok FROM resumes r WHERE ${f.base[0]}
            ORDER BY ${ord.by} LIMIT ${RELOC_WALK_ROWS}) x
          WHERE ok ORDER BY ${ord.outer} LIMIT ${depth})
        SELECT * FROM rw
        UNION ALL
        SELECT * FROM (SELECT ${cols} FROM resumes r
          WHERE (SELECT count(*) FROM rw) < ${depth} AND ${movesHere} AND ${allOf(where)} OFFSET 0) m
          WHERE NOT EXISTS (SELECT 1 FROM rw WHERE rw.id = m.id)
        ORDER BY ${ord.outer} LIMIT ${depth})`);
  }
  // (`cardinality(c)`: the list's parameter is used whatever the branches; folded away when planning.)
  return `SELECT * FROM (${branches.join('\n      UNION ALL\n      ')}) u WHERE cardinality(${c}) > 0 ORDER BY ${ord.outer} LIMIT ${depth}`;
}

/** Up to this many cities get a branch each in an ordered page; more are walked by a lateral join. */
const CITY_BRANCHES = 12;
/** The time-boxed walk of the first relevance tier is tried for pages this shallow. */
const WALK_MAX_DEPTH = 200;
/** The people moving to the chosen cities are first looked for among this many resumes in page order. */
const RELOC_WALK_ROWS = 3000;

/** The ids of one page, in order, as `(id, n)`. */
function pageIds(spec: SearchSpec, f: Filters, o: PageOptions, p: Params): string {
  const facets = Object.entries(f.facet)
    .filter(([k]) => k !== 'search_city')
    .map(([, v]) => v);
  const where = [...f.base, ...facets];
  const depth = o.offset + o.limit;
  const text = f.text;
  const order: Order = o.order === 'relevance' && !text?.rank ? 'publication_time' : o.order;
  const page = `LIMIT ${o.limit} OFFSET ${o.offset}`;

  if (order === 'relevance' && text?.rank && o.rankMode === 'rank') {
    return `SELECT id, row_number() OVER (ORDER BY rank DESC, updated_at DESC, id DESC) AS n FROM (
      SELECT r.id, r.updated_at, ${text.rank} AS rank
      FROM resumes r
      WHERE ${allOf([...where, f.facet.search_city])}
      ORDER BY rank DESC, r.updated_at DESC, r.id DESC
      ${page}) q`;
  }
  if (order === 'relevance' && text) {
    // Tiers: resumes with the words in the title, freshest first; then the other matches, freshest
    // first — scanned only when the first tier cannot fill the page.
    const tier = text.tierOn ? text.tierOn('r') : 'false';
    const ord = ORDERS.publication_time;
    const nonText = where.filter((w) => !f.textWheres.includes(w));
    const t1Where = [...(f.tierImplies ? nonText : where), tier];
    const t2Where = [`(SELECT count(*) FROM t1) < ${depth}`, ...where, `NOT coalesce(${tier}, false)`];
    const t1 = orderedIds(spec, f, t1Where, ord, depth, p);
    return `SELECT id, row_number() OVER (ORDER BY tier, updated_at DESC, id DESC) AS n FROM (
      WITH t1 AS MATERIALIZED (${t1}),
      t2 AS MATERIALIZED (${orderedIds(spec, f, t2Where, ord, depth, p)})
      SELECT id, updated_at, 1 AS tier FROM t1 UNION ALL SELECT id, updated_at, 2 FROM t2
      ORDER BY tier, updated_at DESC, id DESC
      ${page}) q`;
  }
  const ord = ORDERS[order as Exclude<Order, 'relevance'>];
  return `SELECT id, row_number() OVER (ORDER BY ${ord.outer}) AS n FROM (
      SELECT * FROM (${orderedIds(spec, f, where, ord, depth, p)}) o
      ORDER BY ${ord.outer}
      ${page}) q`;
}

/** Control characters around matches and between fragments; HTML-escaped and replaced in JS. */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';
export const FRAGMENT_BREAK = '\u0003';
const stripMarks = (expr: string) => `translate(${expr}, E'\\x01\\x02\\x03', '')`;
const FRAGMENT_DOC = `concat_ws('. ', array_to_string(r.skills, ', '),
      (SELECT string_agg(concat_ws(' — ', e->>'position', e->>'company', e->>'description'), '. ') FROM jsonb_array_elements(r.experience) e))`;

/** One page of cards (CARD_COLUMNS, plus the raw highlights when there is text), in order. */
export function pageSql(plan: SearchPlan, o: PageOptions): Sql {
  const { spec } = plan;
  const p = new Params();
  const f = plan.filters(p);
  return withCards(pageIds(spec, f, o, p), f, p);
}

/**
 * The first relevance tier of a big result set, found without the title index: the planner cannot
 * choose well here — it estimates how many titles hold all the words by multiplying the words'
 * frequencies, which are far from independent, and then prefers a bitmap of the title index that
 * reads tens of thousands of rows. So the service (executeSearch) runs, at once:
 * - `walk`: the resumes of the chosen cities (or of everyone), freshest first along
 *   (city_id, updated_at) / (updated_at), each title checked (and the rest of the text, when the
 *   title does not imply it, on title matches only) until `depth` are found — with bitmap scans and
 *   sorts switched off and a time limit (WALK_SETTINGS);
 * - `reloc`: the first-tier people moving to the chosen cities, few enough for their indexes and a sort;
 * and merges the two in JS. Both return (id, key: the update time in µs), freshest first, at most `depth` rows. Null
 * when the search has no first tier or the page is too deep to walk to.
 */
export function walkTierSql(
  plan: SearchPlan,
  o: PageOptions,
  /** The recent movers a bounded `reloc` checks row by row before it gives way to the text index. */
  recentRows: number,
): { walk: Sql; reloc: ((bound: KeyRow | null, textFirst?: boolean) => Sql | null) | null } | null {
  const { spec } = plan;
  const depth = o.offset + o.limit;
  if (o.order !== 'relevance' || o.rankMode !== 'tiered' || depth > WALK_MAX_DEPTH) return null;
  if (spec.cityIds && spec.cityIds.length > CITY_BRANCHES) return null;
  const build = (part: 'walk' | 'reloc', bound: KeyRow | null = null, textFirst = false): Sql | null => {
    const p = new Params();
    const f = plan.filters(p);
    const text = f.text;
    if (!text?.rank) return null;
    const facets = Object.entries(f.facet)
      .filter(([k]) => k !== 'search_city')
      .map(([, v]) => v);
    const nonText = [...f.base, ...facets].filter((w) => !f.textWheres.includes(w));
    // Without a title tier (text only in, say, the skills) the whole match is the tier.
    const tierOn = text.tierOn ?? (() => 'true');
    const implied = !!text.tierOn && f.tierImplies;
    const recheck = (alias: string) =>
      implied ? 'true' : `EXISTS (SELECT 1 FROM resumes r WHERE r.id = ${alias}.id AND ${allOf(f.textWheres)})`;
    const cols = 'r.id, r.updated_at, r.title, r.ts_title';
    if (part === 'reloc') {
      if (!f.cityRef || spec.relocation === 'living' || spec.relocation === 'living_but_relocation') return null;
      const c = f.cityRef;
      const movers = `NOT coalesce(r.city_id = ANY(${c}), false) AND ${RELOCATES_TO} && ${c} AND ${allOf(nonText)}`;
      const key = ORDERS.publication_time.keyExpr.replace(/\br\./g, 'm.');
      // Movers updated before the walk's last resident cannot reach the page.
      const recent = bound && bound.key !== null ? updatedSince(p, String(bound.key), spec.now) : 'true';
      if (recent !== 'true' && !textFirst) {
        // The recent movers come from the update-time index and the city's, the text is checked on
        // them row by row: a common word's whole posting list is not read. Past `recentRows`
        // candidates a last row without an id says so (the service then asks with the text first).
        const check = text.tierOn ? `${tierOn('m')} AND ${recheck('m')}` : recheck('m');
        return {
          text: `WITH m AS MATERIALIZED (
              SELECT r.id, r.updated_at, r.title, r.ts_title FROM resumes r WHERE ${movers} AND ${recent} LIMIT ${recentRows + 1})
            (SELECT id, ${key} AS key FROM m WHERE ${check} ORDER BY updated_at DESC, id DESC LIMIT ${depth})
            UNION ALL SELECT NULL, NULL WHERE (SELECT count(*) FROM m) > ${recentRows}`,
          values: p.values,
        };
      }
      return {
        text: `SELECT id, ${key} AS key FROM (
            SELECT r.id, r.updated_at FROM resumes r
            WHERE ${movers} AND ${recent} AND ${tierOn('r')}
              AND ${text.tierOn ? 'true' : allOf(f.textWheres)}
            OFFSET 0) m
          WHERE ${text.tierOn ? recheck('m') : 'true'}
          ORDER BY updated_at DESC, id DESC LIMIT ${depth}`,
        values: p.values,
      };
    }
    let stream: string;
    if (!f.cityRef || !spec.cityIds) {
      stream = `SELECT ${cols} FROM resumes r WHERE ${allOf(nonText)} ORDER BY r.updated_at DESC, r.id DESC`;
    } else if (spec.relocation === 'relocation') {
      return { text: `SELECT NULL::bigint AS id, NULL::bigint AS key WHERE cardinality(${f.cityRef}) < 0`, values: p.values };
    } else {
      const extra = spec.relocation === 'living_but_relocation' ? ` AND ${RELOCATING}` : '';
      const branches = spec.cityIds.map(
        (id) =>
          `(SELECT ${cols} FROM resumes r WHERE r.city_id = ${p.add(id, 'int')}${extra} AND ${allOf(nonText)} ORDER BY r.updated_at DESC, r.id DESC)`,
      );
      stream = `SELECT * FROM (${branches.join('\n      UNION ALL\n      ')}) u WHERE cardinality(${f.cityRef}) > 0 ORDER BY updated_at DESC, id DESC`;
    }
    // (`OFFSET 0`: the title check stays above the merge of the cities, so each city's walk only
    // goes as far as the merged order needs.)
    return {
      text: `SELECT id, ${ORDERS.publication_time.keyExpr.replace(/\br\./g, 'w.')} AS key FROM (${stream} OFFSET 0) w
        WHERE CASE WHEN ${tierOn('w')} THEN ${recheck('w')} ELSE false END
        ORDER BY updated_at DESC, id DESC LIMIT ${depth}`,
      values: p.values,
    };
  };
  const walk = build('walk');
  if (!walk) return null;
  return { walk, reloc: build('reloc') ? (bound, textFirst) => build('reloc', bound, textFirst) : null };
}

/** The cards of these resumes, in this order (with the raw highlights when there is text). */
export function cardsSql(plan: SearchPlan, ids: number[]): Sql {
  const { spec } = plan;
  const textOnly: SearchSpec = {
    ...spec,
    cityIds: null,
    stations: null,
    experience: [],
    workingTypes: [],
    schedules: [],
    education: [],
    sex: null,
    ageFrom: null,
    ageTo: null,
    salaryFrom: null,
    salaryTo: null,
    onlyWithSalary: false,
    onlyWithAge: false,
    onlyWithGender: false,
    drive: [],
    roles: null,
    statuses: [],
    lastActiveDays: null,
    excludeViewedBy: null,
    vacancyIds: null,
    // Not conditions of the cards either (a parameter the statement does not use is an error).
    changedSince: null,
    onlyIds: null,
  };
  const p = new Params();
  const f = buildFilters(textOnly, p);
  const list = p.add(ids.map(String), 'bigint[]');
  // Every parameter has to appear in the statement; `… OR true` is folded away when planning.
  const used = f.textWheres.length ? `WHERE (${allOf(f.textWheres)}) OR true` : '';
  return withCards(`SELECT x.id, x.n FROM unnest(${list}) WITH ORDINALITY AS x(id, n) JOIN resumes r ON r.id = x.id ${used}`, f, p);
}

/** The cards of the page `ids` (id, n), with the raw highlights when there is text. */
function withCards(ids: string, f: Filters, p: Params): Sql {
  let highlight = '';
  if (f.text?.highlight) {
    const titleOpts = p.add(`StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`, 'text');
    const fragOpts = p.add(
      `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=2, MinWords=4, MaxWords=14, FragmentDelimiter=${FRAGMENT_BREAK}`,
      'text',
    );
    highlight = `,
      ts_headline('russian', ${stripMarks('r.title')}, ${f.text.highlight}, ${titleOpts}) AS hl_title,
      ts_headline('russian', ${stripMarks(FRAGMENT_DOC)}, ${f.text.highlight}, ${fragOpts}) AS hl_fragments`;
  }
  const text = `WITH p AS (${ids})
    SELECT ${CARD_COLUMNS}${highlight}
    FROM p JOIN resumes r ON r.id = p.id LEFT JOIN cities c ON c.id = r.city_id
    ORDER BY p.n`;
  return { text, values: p.values };
}

/** The session settings under which the walk of walkTierSql runs: index order or nothing. */
export const WALK_SETTINGS = ['enable_bitmapscan = off', 'enable_sort = off', 'max_parallel_workers_per_gather = 0'];
