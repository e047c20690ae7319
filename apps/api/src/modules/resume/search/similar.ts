import { SEARCH_EDUCATION, SEARCH_SCHEDULES, SEARCH_WORKING_TYPES } from '@hr/contract';
import { CARD_COLUMNS, type CardRow } from '../resume.card.ts';
import { allOf, EXPERIENCE_CASE, PLACES } from './search.filters.ts';
import type { FacetRow } from './search.facets.ts';
import type { SearchPlan } from './search.plan.ts';
import { type Order, Params, type Sql } from './search.spec.ts';
import type { SimilarSource, SimilarTerm } from './similar.profile.ts';

// «Похожие резюме» (`similar_to`): «more like this» over the search's own indexes, in one statement.
//
// Gathering, every filter of the search applied inside each step (a city filter gathers in that
// city), each step bounded by a LIMIT, later steps only while the earlier found few:
// 1. the same title words in the source's city (or each city asked for), freshest first, straight
//    off resumes_similar_title_idx (migration 0025);
// 2. titles with any of its rarest specific words, in its city (the title's GIN index with the
//    cities as its second column), then anywhere;
// 3. its rarest key skill words (the skills' GIN index), for an unusual title.
// A common word never gathers (its index entries cost more than it tells); no step reads more rows
// of the table than its LIMIT. Scoring (scoreSimilar): every gathered resume against the source's
// title, skill and past-position words weighted by rarity (similar.profile.ts), its role, city and
// salary; ordered, counted and paged in JS (a couple of hundred rows at most).

/** How many resumes each gathering brings (before the DISTINCT): the work per request is bounded by their sum. */
export const SIMILAR_GATHER = {
  /** The same title words, in the source's city (or each city asked for), freshest first (resumes_similar_title_idx). */
  sameTitle: 60,
  /** Any specific word of the title, in the source's city, then anywhere (the title's GIN index, no order). */
  titleWordInCity: 40,
  /** The same title in other cities, when its own city has few. */
  sameTitleElsewhere: 40,
  titleWord: 30,
  /** Per key skill word, for SIMILAR_SKILL_WORDS of them, only when the title found fewer than SKILLS_WHEN_FEWER. */
  skill: 30,
};
/** The rarest key skill words that gather candidates of their own (every word is scored). */
export const SIMILAR_SKILL_WORDS = 2;
const SKILLS_WHEN_FEWER = 40;
/** The title's words are looked for outside the source's city only while fewer than this were found in it. */
const WIDER_WHEN_FEWER = 60;
/**
 * A word in more resumes than this share does not gather: its GIN entries cost more to read than
 * it tells (the same title or the rarer words bring those resumes anyway).
 */
const GATHER_MAX_SHARE = 0.02;
/**
 * Outside a city (the second column of the GIN indexes, which narrows what is read) a word gathers
 * only when this rare: half a percent is 5 000 index entries at a million resumes.
 */
const RARE_SHARE = 0.005;
/** The title words that gather together: at most this many, and at most GATHER_MAX_SHARE of resumes between them. */
const GATHER_WORDS = 3;
/** Up to this many cities asked for, the same title is walked city by city (freshest first). */
const SAME_TITLE_CITIES = 3;

/** How a resume's likeness is made (the parts the source has): title, skills, past positions, role, city, salary. */
export const SIMILAR_WEIGHTS = { title: 0.45, skills: 0.25, positions: 0.1, role: 0.08, city: 0.08, salary: 0.04 };
/** Below this share of what the title, skills, positions and role can give, a resume is not «similar». */
export const SIMILAR_MIN_RELEVANCE = 0.15;

/** A lexeme as a tsquery literal ('word', quotes doubled, backslashes escaped). */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const tsquery = (terms: SimilarTerm[], op: '&' | '|') => terms.map((t) => quoted(t.lexeme)).join(` ${op} `);
const gathers = (t: SimilarTerm, maxShare: number) => !t.generic && (t.share === null || t.share <= maxShare);

/** The rarest specific words whose index entries together stay within `maxShare` of resumes (the terms come rarest first). */
function gatheringWords(terms: SimilarTerm[], maxShare: number): SimilarTerm[] {
  const out: SimilarTerm[] = [];
  let share = 0;
  for (const t of terms.filter((t) => gathers(t, maxShare))) {
    if (out.length >= GATHER_WORDS || share + (t.share ?? 0) > maxShare) break;
    out.push(t);
    share += t.share ?? 0;
  }
  return out;
}

/** The title's words without positions and their hash, spelled as resumes_similar_title_idx (migration 0025) indexes them. */
export const TITLE_KEY = 'hashtext(strip(r.ts_title)::text)';

/** The row of a gathered resume that passes the filters: its card, and what ordering, facets and scoring read. */
export type SimilarRow = CardRow & {
  updated_us: string;
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

/** What a gathering carries of each resume (so that nothing is read twice). */
const GATHERED = `r.id, r.hash, r.title, r.updated_at, r.salary_amount, r.salary_currency, r.birth_date, r.sex, r.city_id,
      r.total_experience_months, r.last_company, r.last_position, r.first_name, r.last_name, r.middle_name, r.phone, r.email, r.telegram,
      r.schedules, r.working_types, r.education_level, r.roles, r.relocation, r.relocation_city_ids, r.ts_title, r.ts_skills, r.ts_exp_position`;

/**
 * The statement: the gatherings (each with every filter of the search), then each distinct gathered
 * resume with what it shares with the source. Null when the source has nothing to gather by.
 *
 * A gathering by a word is a MATERIALIZED CTE read under a LIMIT: planned for all its rows, it is a
 * bitmap scan of the GIN index (the planner would otherwise walk an index in some order, checking
 * row after row, thousands of rows for a word in 1 %), and read lazily, it stops after the LIMIT.
 * The later gatherings run only while the earlier ones found few: `(SELECT count(*) …) < n` is
 * decided once, before their scan starts. `from`: the table the candidates are read from —
 * `resumes`, or a digest session's copy of the changed ones (search.match.ts).
 */
export function similarSql(plan: SearchPlan, source: SimilarSource, from = 'resumes'): Sql | null {
  const p = new Params();
  const f = plan.filters(p);
  const self = p.add(source.id, 'bigint');
  const where = allOf([...f.base, ...Object.values(f.facet), `r.id <> ${self}`]);
  const select = (cond: string) => `SELECT ${GATHERED} FROM ${from} r WHERE ${where}\n        AND ${cond}`;
  const ctes: string[] = [];
  /** The gathered so far: the CTE that holds them (each step adds to the last). */
  let sofar: string | null = null;
  let n = 0;
  /** A step: its rows (a statement of GATHERED columns), added to what was gathered before. */
  const step = (rows: string) => {
    const name = `s${n++}`;
    ctes.push(`${name} AS MATERIALIZED (${sofar ? `SELECT * FROM ${sofar}\n      UNION ALL ` : ''}${rows})`);
    sofar = name;
  };
  /** A gathering by a word: all its matches as a CTE (bitmap), `limit` of them read; only while fewer than `whenFewer` were gathered. */
  const byWord = (cond: string, limit: number, whenFewer?: number) => {
    const gate = sofar && whenFewer !== undefined ? `(SELECT count(*) FROM ${sofar}) < ${whenFewer} AND ` : '';
    const name = `w${n++}`;
    ctes.push(`${name} AS MATERIALIZED (${select(gate + cond)})`);
    step(`(SELECT * FROM ${name} LIMIT ${limit})`);
  };

  const asked = plan.spec.cityIds;
  const cities = asked ? (asked.length <= SAME_TITLE_CITIES ? asked : []) : source.cityId !== null ? [source.cityId] : [];
  const same = source.title.length
    ? `${TITLE_KEY} = ${p.add(source.titleKey, 'int')} AND strip(r.ts_title) = ${p.add(source.titleVector, 'tsvector')}`
    : null;
  if (same) {
    // The same title: straight off resumes_similar_title_idx, freshest first in each city.
    const fresh = ' ORDER BY r.updated_at DESC, r.id DESC';
    const branches = cities.length
      ? cities.map((id) => `(${select(`${same} AND r.city_id = ${p.add(id, 'int')}`)}${fresh} LIMIT ${SIMILAR_GATHER.sameTitle})`)
      : [`(${select(same)} LIMIT ${SIMILAR_GATHER.sameTitle})`];
    step(branches.join('\n      UNION ALL '));
  }
  // Titles sharing a specific word with it («рекрутер»: «IT-рекрутер», «Старший рекрутер») in its
  // city (the title's GIN index has the cities as its second column: the rarer of the two is read).
  const words = gatheringWords(source.title, GATHER_MAX_SHARE);
  const anyOf = (terms: SimilarTerm[]) => `r.ts_title @@ ${p.add(tsquery(terms, '|'), 'tsquery')}`;
  if (words.length && source.cityId !== null && !asked)
    byWord(`${anyOf(words)} AND ${PLACES} && ${p.add([source.cityId], 'int[]')}`, SIMILAR_GATHER.titleWordInCity);
  if (asked) {
    // Inside the cities asked for (the filter is in every step).
    if (words.length) byWord(anyOf(words), SIMILAR_GATHER.titleWord);
  } else {
    // Few in its city (a small town): the same title elsewhere (the index's order, no sort), and
    // titles with its rare words anywhere.
    if (same && cities.length) {
      const gate = sofar ? `(SELECT count(*) FROM ${sofar}) < ${WIDER_WHEN_FEWER} AND ` : '';
      step(`(${select(gate + same)} LIMIT ${SIMILAR_GATHER.sameTitleElsewhere})`);
    }
    const rare = gatheringWords(source.title, RARE_SHARE);
    if (rare.length) byWord(anyOf(rare), SIMILAR_GATHER.titleWord, WIDER_WHEN_FEWER);
  }
  // Key skills, only when the title found few (an unusual title).
  const skillShare = asked ? GATHER_MAX_SHARE : RARE_SHARE;
  for (const t of source.skills.filter((t) => gathers(t, skillShare)).slice(0, SIMILAR_SKILL_WORDS))
    byWord(`r.ts_skills @@ ${p.add(quoted(t.lexeme), 'tsquery')}`, SIMILAR_GATHER.skill, SKILLS_WHEN_FEWER);
  if (!sofar) return null;

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
  // (`OFFSET 0`: each vector is unpacked once per resume, not once per word it is compared with.)
  const text = `WITH ${ctes.join(',\n    ')},
    g AS (SELECT DISTINCT ON (id) * FROM ${sofar} ORDER BY id)
    SELECT ${CARD_COLUMNS}, ((extract(epoch from r.updated_at) * 1000000)::bigint)::text AS updated_us, ${EXPERIENCE_CASE} AS exp_bucket, r.schedules, r.working_types, r.education_level,
      ${shared(source.title, 'v.title')} AS title_w,
      ${titleWords ? `cardinality(ARRAY(SELECT unnest(v.title) INTERSECT SELECT unnest(${titleWords})))` : '0'} AS title_n,
      cardinality(v.title) AS title_len,
      ${shared(source.skills, 'v.skills')} AS skills_w,
      ${shared(source.positions, 'v.positions')} AS positions_w,
      r.roles && ${p.add(source.roles, 'text[]')} AS same_role,
      coalesce(r.city_id = ${cityOf}, false) AS lives,
      coalesce(r.relocation <> 'no_relocation' AND ${cityOf} = ANY(r.relocation_city_ids), false) AS moves
    FROM g r LEFT JOIN cities c ON c.id = r.city_id
    CROSS JOIN LATERAL (SELECT tsvector_to_array(r.ts_title) AS title, tsvector_to_array(r.ts_skills) AS skills,
      tsvector_to_array(r.ts_exp_position) AS positions OFFSET 0) v`;
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
