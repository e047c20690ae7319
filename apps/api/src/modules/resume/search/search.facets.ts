import { SEARCH_SCHEDULES, SEARCH_WORKING_TYPES, type SearchFacetName } from '@hr/contract';
import { allOf, EXPERIENCE_CASE } from './search.filters.ts';
import type { SearchPlan } from './search.plan.ts';
import { Params, SAMPLE_COVER, SAMPLE_TEXT, type Sql } from './search.spec.ts';

// Counts and facets: exactly, or over the 1-in-64 sample.

/** The exact number of matches, counting no further than `cap`. */
export function countSql(plan: SearchPlan, cap: number): Sql {
  const p = new Params();
  const f = plan.filters(p);
  const text = `SELECT count(*)::int AS n FROM (
      SELECT 1 FROM resumes r
      WHERE ${allOf([...f.base, ...Object.values(f.facet)])}
      LIMIT ${cap}) s`;
  return { text, values: p.values };
}

/** The array facets: their column and the values they list (the contract's dictionaries; plain words, written into the SQL). */
const ARRAY_FACETS: [SearchFacetName, string, readonly string[]][] = [
  ['schedule', 'schedules', SEARCH_SCHEDULES],
  ['workingType', 'working_types', SEARCH_WORKING_TYPES],
];
for (const [, , values] of ARRAY_FACETS) for (const v of values) if (!/^[A-Za-z]+$/.test(v)) throw new Error(`facet value ${v}`);

export type FacetRow = { facet: SearchFacetName | 'total' | 'pool' | 'pool_local'; value: string | null; n: number };

/**
 * How facets are counted: `sample` — over the 1-in-SAMPLE_MODULUS sample (to be scaled); `exact` —
 * every facet exactly; `local` — exactly, but only the facets other than search_city (their pool
 * stays inside the chosen cities, so it is small when the city facet's is not).
 */
export type FacetMode = 'sample' | 'exact' | 'local';

/**
 * Every facet and the total in one pass. The pool is every resume that passes the non-facet filters
 * and fails at most one facet filter (materialised once, with a flag per facet filter); each facet
 * then counts the pool rows that pass all the other facet filters, grouped by its own value.
 * Rows: ('total', null, matches), ('pool', null, pool size), ('pool_local', null, the pool of the
 * facets other than search_city), (facet, value, count).
 */
export function facetsSql(plan: SearchPlan, mode: FacetMode): Sql {
  const p = new Params();
  const f = plan.filters(p);
  const names = Object.keys(f.facet) as SearchFacetName[];
  const flag = (n: SearchFacetName) => `f_${n}`;
  const cond = (n: SearchFacetName) => `coalesce(${f.facet[n]}, false)`;
  const failing = (list: SearchFacetName[]) => list.map((n) => `(NOT ${cond(n)})::int`).join(' + ') || '0';
  const where = [...f.base];
  if (mode === 'sample') where.push(plan.textSample ? SAMPLE_TEXT : SAMPLE_COVER);
  const local = mode === 'local' && names.includes('search_city');
  const others = names.filter((n) => n !== 'search_city');
  if (local) {
    where.push(f.facet.search_city as string); // as is (not coalesced): the city indexes can serve it
    if (others.length >= 2) where.push(`(${failing(others)}) <= 1`);
  } else if (names.length >= 2) where.push(`(${failing(names)}) <= 1`);
  const passing = (self: SearchFacetName | null) =>
    names
      .filter((n) => n !== self)
      .map(flag)
      .join(' AND ') || 'true';
  const flags = names.map((n) => `${cond(n)} AS ${flag(n)}`);
  const localPool = names.includes('search_city')
    ? `${flag('search_city')} AND (${others.map((n) => `(NOT ${flag(n)})::int`).join(' + ') || '0'}) <= 1`
    : 'true';
  // Two passes over the pool: one row of counts (the three totals, and each value of the two array
  // facets as `value = ANY(column)`: ten checks a row cost less than unnesting every array and
  // grouping the elements); then the scalar facets in one GROUPING SETS pass (each set with its own
  // «all the other filters» count). Array values outside the dictionary are not counted: the
  // facets list only the dictionary's values.
  const sets: [SearchFacetName, string][] = [
    ...(local ? [] : [['search_city', 'city_id'] as [SearchFacetName, string]]),
    ['experience', 'exp_bucket'],
    ['education', 'education_level'],
  ];
  const facetOf = sets.map(([name, col]) => `WHEN GROUPING(${col}) = 0 THEN '${name}'`).join(' ');
  const valueCase = sets.map(([, col]) => `WHEN GROUPING(${col}) = 0 THEN ${col}::text`).join(' ');
  const countOf = sets.map(([name, col]) => `WHEN GROUPING(${col}) = 0 THEN count(*) FILTER (WHERE ${passing(name)})`).join(' ');
  const counters: { facet: string; value: string | null; count: string }[] = [
    { facet: 'total', value: null, count: `count(*) FILTER (WHERE ${passing(null)})` },
    { facet: 'pool', value: null, count: 'count(*)' },
    { facet: 'pool_local', value: null, count: `count(*) FILTER (WHERE ${localPool})` },
    ...ARRAY_FACETS.flatMap(([name, col, values]) =>
      values.map((value) => ({ facet: name, value, count: `count(*) FILTER (WHERE ${passing(name)} AND '${value}' = ANY(u.${col}))` })),
    ),
  ];
  const literal = (value: string | null) => (value === null ? 'NULL::text' : `'${value}'`);
  const parts = [
    `SELECT v.facet, v.value, v.n FROM (
        SELECT ${counters.map((c, i) => `${c.count}::int AS c${i}`).join(', ')} FROM u) a
      CROSS JOIN LATERAL (VALUES ${counters.map((c, i) => `('${c.facet}', ${literal(c.value)}, a.c${i})`).join(', ')}) v(facet, value, n)
      WHERE v.value IS NULL OR v.n > 0`,
    `SELECT facet, value, n FROM (
        SELECT CASE ${facetOf} END AS facet, CASE ${valueCase} END AS value, (CASE ${countOf} END)::int AS n
        FROM u GROUP BY GROUPING SETS (${sets.map(([, col]) => `(${col})`).join(', ')})) g
      WHERE value IS NOT NULL AND n > 0`,
  ];
  const text = `WITH u AS MATERIALIZED (
      SELECT r.city_id, ${EXPERIENCE_CASE} AS exp_bucket, r.schedules, r.working_types, r.education_level${flags.length ? `, ${flags.join(', ')}` : ''}
      FROM resumes r
      WHERE ${allOf(where)})
    ${parts.join('\n    UNION ALL ')}`;
  return { text, values: p.values };
}
