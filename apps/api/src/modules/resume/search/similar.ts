import { SEARCH_EDUCATION, SEARCH_SCHEDULES, SEARCH_WORKING_TYPES } from '@hr/contract';
import { allOf, EXPERIENCE_CASE, PLACES } from './search.filters.ts';
import type { FacetRow } from './search.facets.ts';
import type { SearchPlan } from './search.plan.ts';
import { type Order, Params, type Sql } from './search.spec.ts';
import type { SimilarSource, SimilarTerm } from './similar.profile.ts';

// «Похожие резюме» (`similar_to`): «more like this» over the search's own indexes, in one statement.
//
// Gathering: a few small sets of candidates, each found through a GIN index of the title or key
// skills (or the roles) and cut by a LIMIT with no order, so that a bitmap scan stops after that
// many rows whatever the word (a common word's whole list is never read from the table): the
// resumes with every word of the title, with any of its specific words (each in the source's city,
// and anywhere), with its most specific word and a shared key skill, with each of its rarest key skill words, and of its role in its city.
// Every filter of the search applies inside each gathering, so a city filter gathers in that city.
// Scoring: every gathered resume against the source's words, weighted by rarity (similar.profile.ts),
// its role, city and salary; ordered and paged in JS (a few hundred rows at most).

/** How many resumes each gathering brings (before the DISTINCT): the work per request is bounded by their sum. */
export const SIMILAR_GATHER = {
  titleInCity: 80,
  title: 60,
  titleAnyInCity: 40,
  titleAny: 30,
  titleAndSkill: 50,
  /** Per skill word, for SIMILAR_SKILL_WORDS of them. */
  skill: 25,
  roleInCity: 30,
};
/** The rarest key skill words that gather candidates of their own (all of them are scored). */
export const SIMILAR_SKILL_WORDS = 3;
/** The skill words tried together with the title's most specific word. */
const SKILLS_WITH_TITLE = 6;

/** How a resume's likeness is made (the parts the source has): title, skills, past positions, role, city, salary. */
export const SIMILAR_WEIGHTS = { title: 0.45, skills: 0.25, positions: 0.1, role: 0.08, city: 0.08, salary: 0.04 };
/** Below this share of what the title, skills, positions and role can give, a resume is not «similar». */
export const SIMILAR_MIN_RELEVANCE = 0.15;

/** A lexeme as a tsquery literal ('word', quotes doubled, backslashes escaped). */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const tsquery = (terms: SimilarTerm[], op: '&' | '|') => terms.map((t) => quoted(t.lexeme)).join(` ${op} `);

/** The row of a gathered resume that passes the filters: what ordering, facets and scoring read. */
export type SimilarRow = {
  id: number | string;
  updated_us: string;
  salary_amount: number | null;
  birth_date: string | null;
  city_id: number | null;
  exp_bucket: string | null;
  schedules: string[];
  working_types: string[];
  education_level: string | null;
  title_w: number;
  title_n: number;
  title_len: number;
  skills_w: number;
  positions_w: number;
  same_role: boolean;
  lives: boolean;
  moves: boolean;
};

/**
 * The statement: the gatherings (each with every filter of the search), then each distinct gathered
 * resume with what it shares with the source. Null when the source has nothing to gather by.
 */
export function similarSql(plan: SearchPlan, source: SimilarSource): Sql | null {
  const p = new Params();
  const f = plan.filters(p);
  const self = p.add(source.id, 'bigint');
  const where = allOf([...f.base, ...Object.values(f.facet), `r.id <> ${self}`]);
  const parts: string[] = [];
  const gather = (cond: string, limit: number) =>
    parts.push(`(SELECT r.id FROM resumes r WHERE ${where}\n        AND ${cond} LIMIT ${limit})`);

  const specific = source.title.filter((t) => t.weight >= 0.5);
  const city = source.cityId !== null && !f.cityRef ? p.add([source.cityId], 'int[]') : null;
  if (source.title.length) {
    const all = `r.ts_title @@ ${p.add(tsquery(source.title, '&'), 'tsquery')}`;
    if (city) gather(`${all} AND ${PLACES} && ${city}`, SIMILAR_GATHER.titleInCity);
    gather(all, SIMILAR_GATHER.title);
  }
  // Part of the title: any of its specific words («рекрутер» for «IT-рекрутер»).
  if (specific.length > 1 || (specific.length === 1 && source.title.length > 1)) {
    const any = `r.ts_title @@ ${p.add(tsquery(specific, '|'), 'tsquery')}`;
    if (city) gather(`${any} AND ${PLACES} && ${city}`, SIMILAR_GATHER.titleAnyInCity);
    gather(any, SIMILAR_GATHER.titleAny);
  }
  const skillWords = source.skills.slice(0, SKILLS_WITH_TITLE);
  const top = specific[0] ?? null;
  if (top && skillWords.length) {
    gather(
      `r.ts_title @@ ${p.add(quoted(top.lexeme), 'tsquery')} AND r.ts_skills @@ ${p.add(tsquery(skillWords, '|'), 'tsquery')}`,
      SIMILAR_GATHER.titleAndSkill,
    );
  }
  for (const t of source.skills.slice(0, SIMILAR_SKILL_WORDS))
    gather(`r.ts_skills @@ ${p.add(quoted(t.lexeme), 'tsquery')}`, SIMILAR_GATHER.skill);
  // The role: in the source's city, or inside the cities the search asks for.
  if (source.roles.length && (city || f.cityRef)) {
    const role = `r.roles && ${p.add(source.roles, 'text[]')}`;
    gather(city ? `${role} AND ${PLACES} && ${city}` : role, SIMILAR_GATHER.roleInCity);
  }
  if (!parts.length) return null;

  const list = (terms: SimilarTerm[]) => [
    p.add(
      terms.map((t) => t.lexeme),
      'text[]',
    ),
    p.add(
      terms.map((t) => t.weight),
      'float8[]',
    ),
  ];
  const shared = (terms: SimilarTerm[], words: string) => {
    if (!terms.length) return '0::float8';
    const [l, w] = list(terms);
    return `(SELECT coalesce(sum(t.w), 0)::float8 FROM unnest(${l}, ${w}) t(l, w) WHERE t.l = ANY(${words}))`;
  };
  const titleWords = source.title.length
    ? p.add(
        source.title.map((t) => t.lexeme),
        'text[]',
      )
    : null;
  const cityOf = p.add(source.cityId, 'int');
  const text = `WITH g AS (SELECT DISTINCT id FROM (
      ${parts.join('\n      UNION ALL\n      ')}) u)
    SELECT r.id, ((extract(epoch from r.updated_at) * 1000000)::bigint)::text AS updated_us, r.salary_amount,
      r.birth_date::text AS birth_date, r.city_id, ${EXPERIENCE_CASE} AS exp_bucket, r.schedules, r.working_types, r.education_level,
      ${shared(source.title, 'v.title')} AS title_w,
      ${titleWords ? `cardinality(ARRAY(SELECT unnest(v.title) INTERSECT SELECT unnest(${titleWords})))` : '0'} AS title_n,
      cardinality(v.title) AS title_len,
      ${shared(source.skills, 'v.skills')} AS skills_w,
      ${shared(source.positions, 'v.positions')} AS positions_w,
      r.roles && ${p.add(source.roles, 'text[]')} AS same_role,
      coalesce(r.city_id = ${cityOf}, false) AS lives,
      coalesce(r.relocation <> 'no_relocation' AND ${cityOf} = ANY(r.relocation_city_ids), false) AS moves
    FROM g JOIN resumes r ON r.id = g.id
    CROSS JOIN LATERAL (SELECT tsvector_to_array(r.ts_title) AS title, tsvector_to_array(r.ts_skills) AS skills,
      tsvector_to_array(r.ts_exp_position) AS positions) v`;
  return { text, values: p.values };
}

/** A scored candidate: its row, likeness (0–1) and the share of it from the job itself (title, skills, positions, role). */
export type ScoredSimilar = { row: SimilarRow; score: number; relevance: number };

const sum = (terms: SimilarTerm[]) => terms.reduce((s, t) => s + t.weight, 0);

/**
 * A gathered resume's likeness to the source: the shared title words (by rarity, and by how much of
 * the candidate's title they are), key skill words, past positions' words, a shared role; then its
 * city (living there, or moving there for half) and how near its salary is (the same: 1, twice or
 * half: 0). Only the parts the source has count; null below SIMILAR_MIN_RELEVANCE.
 */
export function scoreSimilar(source: SimilarSource, row: SimilarRow): ScoredSimilar | null {
  const W = SIMILAR_WEIGHTS;
  const titleTotal = sum(source.title);
  const skillsTotal = sum(source.skills);
  const positionsTotal = sum(source.positions);
  const parts: [number, number][] = [];
  if (titleTotal > 0) {
    const focus = Number(row.title_n) / Math.max(Number(row.title_len), source.title.length, 1);
    parts.push([W.title, (Number(row.title_w) / titleTotal) * (0.7 + 0.3 * focus)]);
  }
  if (skillsTotal > 0) parts.push([W.skills, Number(row.skills_w) / skillsTotal]);
  if (positionsTotal > 0) parts.push([W.positions, Number(row.positions_w) / positionsTotal]);
  if (source.roles.length) parts.push([W.role, row.same_role ? 1 : 0]);
  const jobWeight = parts.reduce((s, [w]) => s + w, 0);
  if (jobWeight === 0) return null;
  const job = parts.reduce((s, [w, x]) => s + w * x, 0);
  const relevance = job / jobWeight;
  if (relevance < SIMILAR_MIN_RELEVANCE) return null;
  let extra = 0;
  let extraWeight = 0;
  if (source.cityId !== null) {
    extraWeight += W.city;
    extra += W.city * (row.lives ? 1 : row.moves ? 0.5 : 0);
  }
  if (source.salary !== null && source.salary > 0) {
    extraWeight += W.salary;
    const s = row.salary_amount;
    if (s !== null && s > 0) extra += W.salary * Math.max(0, 1 - Math.abs(Math.log(s / source.salary)) / Math.LN2);
  }
  return { row, score: (job + extra) / (jobWeight + extraWeight), relevance };
}

/** The order of a page of similar resumes: likeness for relevance, else the search's own orders (NULLs last, then the freshest). */
export function compareSimilar(order: Order): (a: ScoredSimilar, b: ScoredSimilar) => number {
  const fresh = (a: ScoredSimilar, b: ScoredSimilar) =>
    Number(BigInt(b.row.updated_us) - BigInt(a.row.updated_us)) || Number(b.row.id) - Number(a.row.id);
  const nullsLast = <T>(x: T | null, y: T | null, cmp: (x: T, y: T) => number) =>
    x === y ? 0 : x === null ? 1 : y === null ? -1 : cmp(x, y);
  switch (order) {
    case 'relevance':
      return (a, b) => b.score - a.score || fresh(a, b);
    case 'publication_time':
      return fresh;
    case 'salary_desc':
      return (a, b) => nullsLast(a.row.salary_amount, b.row.salary_amount, (x, y) => y - x) || fresh(a, b);
    case 'salary_asc':
      return (a, b) => nullsLast(a.row.salary_amount, b.row.salary_amount, (x, y) => x - y) || fresh(a, b);
    case 'age':
      // The youngest first, as the search's `age` order (birth date descending).
      return (a, b) => nullsLast(a.row.birth_date, b.row.birth_date, (x, y) => (x < y ? 1 : x > y ? -1 : 0)) || fresh(a, b);
  }
}

/**
 * The counts of the similar resumes found (every filter applied): the total and each facet's values.
 * Exact for what was gathered; a facet's other values are not counted (they were filtered out).
 */
export function similarFacetRows(rows: SimilarRow[]): FacetRow[] {
  const counts = new Map<string, FacetRow>([['total', { facet: 'total', value: null, n: rows.length }]]);
  const add = (facet: FacetRow['facet'], value: string | null) => {
    const key = `${facet}\u0000${value}`;
    const row = counts.get(key);
    if (row) row.n++;
    else counts.set(key, { facet, value, n: 1 });
  };
  const schedules = new Set<string>(SEARCH_SCHEDULES);
  const workingTypes = new Set<string>(SEARCH_WORKING_TYPES);
  const education = new Set<string>(SEARCH_EDUCATION);
  for (const r of rows) {
    if (r.city_id !== null) add('search_city', String(r.city_id));
    if (r.exp_bucket) add('experience', r.exp_bucket);
    for (const s of new Set(r.schedules)) if (schedules.has(s)) add('schedule', s);
    for (const w of new Set(r.working_types)) if (workingTypes.has(w)) add('workingType', w);
    if (r.education_level && education.has(r.education_level)) add('education', r.education_level);
  }
  return [...counts.values()];
}
