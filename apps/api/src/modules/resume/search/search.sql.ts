import type { SearchFacetName } from '@hr/contract';
import { CARD_COLUMNS } from '../resume.card.ts';
import type { QueryNode } from './advanced-query.ts';
import { hasSearchableWords, wordsOf } from './stopwords.ts';

/**
 * Query building for the resume search. Everything here is pure: a `SearchSpec` (the validated
 * parameters with dictionary values already resolved) in, `{text, values}` statements out, so the
 * service, the tests and the bench run exactly the same SQL. The design and its figures:
 * docs/performance.md.
 *
 * Conventions the indexes of migrations 0003/0005 rely on: every statement says
 * `r.vacancy_id IS NULL` literally (the indexes are partial on it), the sample says
 * `r.id % 64 = 0` / `(r.id & 63) = 0` literally (its indexes are partial on them), expressions are
 * spelled as indexed (TITLE_VECTOR, SKILLS_VECTOR, RELOCATES_TO, PLACES) and orders exactly as the composite
 * indexes are (`salary_amount DESC NULLS LAST, id DESC`, …).
 */

export type Sql = { text: string; values: unknown[] };

export type TextLogic = 'all' | 'any' | 'phrase' | 'except';
export type TextField =
  | 'everywhere'
  | 'title'
  | 'education'
  | 'skills'
  | 'experience'
  | 'experience_company'
  | 'experience_position'
  | 'experience_description';
export type Order = 'relevance' | 'publication_time' | 'salary_desc' | 'salary_asc' | 'age';
export type Relocation = 'living_or_relocation' | 'living' | 'living_but_relocation' | 'relocation';

export type SearchSpec = {
  text: { text: string; logic: TextLogic; fields: TextField[]; periodFrom: string | null } | null;
  advanced: QueryNode | null;
  /** Cities resolved from search_city (regions expanded); null: anywhere. */
  cityIds: number[] | null;
  relocation: Relocation;
  stations: string[] | null;
  experience: string[];
  workingTypes: string[];
  schedules: string[];
  education: string[];
  sex: 'male' | 'female' | null;
  ageFrom: number | null;
  ageTo: number | null;
  salaryFrom: number | null;
  salaryTo: number | null;
  onlyWithSalary: boolean;
  onlyWithAge: boolean;
  onlyWithGender: boolean;
  drive: string[];
  roles: string[] | null;
  statuses: string[];
  lastActiveDays: number | null;
  /** exclude_viewed_by_me: the member's id. */
  excludeViewedBy: number | null;
  /** only_in_responses: the member's vacancies (replies to them); null: the general search. */
  vacancyIds: number[] | null;
  /** The day ages and periods count from (YYYY-MM-DD) and the moment lastActive counts back from. */
  today: string;
  now: Date;
};

/** The sample behind estimated totals and facets: resumes whose id is a multiple of this. */
export const SAMPLE_MODULUS = 64;
/**
 * The sample's two indexes say it in two ways (id % 64 = 0 for the covering btree, (id & 63) = 0 for
 * the GIN of its vectors), so that a sample with text can only take the GIN: through the covering
 * index it would detoast and check the vector of every sampled resume.
 */
const SAMPLE_TEXT = `(r.id & ${SAMPLE_MODULUS - 1}) = 0`;
/**
 * Without text the covering index answers every question of the sample, and half of it is enough:
 * 1 in 128 (still ~7 800 resumes per million), checked on top of the index's 1 in 64.
 */
const SAMPLE_COVER = `r.id % ${SAMPLE_MODULUS} = 0 AND r.id % ${SAMPLE_MODULUS * 2} = 0`;

/** By how much the sample's counts are to be multiplied for this search. */
export function sampleScale(spec: SearchSpec): number {
  return usesTextSample(buildFilters(spec, new Params())) ? SAMPLE_MODULUS : SAMPLE_MODULUS * 2;
}
const usesTextSample = (f: Filters) => !!(f.text?.rank || f.text?.highlight);
/** ts_rank_cd weights {D, C, B, A}: about, education < experience < skills < title. */
const RANK_WEIGHTS = `'{0.1, 0.2, 0.4, 1.0}'`;

/** $n placeholders for one statement. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    const ref = `$${this.values.length}`;
    return cast ? `${ref}::${cast}` : ref;
  }
}

// ─── text conditions ──────────────────────────────────────────────────────────────────────────

type Target = { letter: 'A' | 'B' | 'C' | 'D'; column?: string; expPart?: 'all' | 'company' | 'position' | 'description' };
const TARGETS: Record<Exclude<TextField, 'everywhere'>, Target> = {
  title: { letter: 'A' },
  skills: { letter: 'B' },
  experience: { letter: 'C', expPart: 'all' },
  education: { letter: 'D' },
  experience_company: { letter: 'C', column: 'ts_exp_company', expPart: 'company' },
  experience_position: { letter: 'C', column: 'ts_exp_position', expPart: 'position' },
  experience_description: { letter: 'C', column: 'ts_exp_description', expPart: 'description' },
};

const plain = (p: string) => `plainto_tsquery('russian', ${p})`;
const phrase = (p: string) => `phraseto_tsquery('russian', ${p})`;
const anyOf = (p: string) => `replace(plainto_tsquery('russian', ${p})::text, ' & ', ' | ')::tsquery`;
/** The query with every lexeme restricted to the given weights ('AB' → 'word':AB). */
const weighted = (q: string, letters: string) =>
  letters ? `regexp_replace((${q})::text, '''(?:[^'']|'''')*''', '\\&:${letters}', 'g')::tsquery` : q;

const EXP_PARTS: Record<NonNullable<Target['expPart']>, string> = {
  all: `concat_ws(' ', e->>'position', e->>'company', e->>'description')`,
  company: `e->>'company'`,
  position: `e->>'position'`,
  description: `e->>'description'`,
};

/** The text of the experience entries active since `from` (an end on/after it, or current). */
const activeExperience = (part: NonNullable<Target['expPart']>, from: string) =>
  `coalesce((select string_agg(${EXP_PARTS[part]}, ' ') from jsonb_array_elements(r.experience) e where coalesce(e->>'end', '9999-12-31') >= ${from}), '')`;

/** The title's own vector: the A part of ts_all, with its own GIN index (and statistics). */
export const TITLE_VECTOR = `to_tsvector('russian', r.title)`;
/**
 * The key skills' own vector (the B part of ts_all), a stored column with its own GIN index: no
 * weights to recheck, and a recheck reads the vector instead of computing it.
 */
export const SKILLS_VECTOR = `r.ts_skills`;
const rankAll = (q: string) => `ts_rank_cd(${RANK_WEIGHTS}, r.ts_all, ${q})`;

function matchTarget(t: Target, q: string, periodFrom: string | null): string {
  if (periodFrom && t.expPart) return `to_tsvector('russian', ${activeExperience(t.expPart, periodFrom)}) @@ ${q}`;
  if (t.column) return `r.${t.column} @@ ${q}`;
  if (t.letter === 'A') return `${TITLE_VECTOR} @@ ${q}`;
  if (t.letter === 'B') return `${SKILLS_VECTOR} @@ ${q}`;
  return `r.ts_all @@ ${weighted(q, t.letter)}`;
}

/** What a text part contributes: the filter, the ranking query, the highlight query, the title tier query. */
export type TextPart = {
  where: string;
  /** The relevance of a matching resume (a ts_rank_cd expression); null: nothing to rank (`except`). */
  rank: string | null;
  /** Unweighted positive tsquery for ts_headline. */
  highlight: string | null;
  /**
   * The condition on a title (an SQL expression of the title text) that puts a resume in the first
   * relevance tier; `tierOn('r.title')` is served by the title's GIN index.
   */
  tierOn: ((title: string) => string) | null;
  /** A first-tier title already implies `where` (so the first tier's scan need not check it). */
  tierImplies?: boolean;
};

const titleMatches = (q: string) => (title: string) => `to_tsvector('russian', ${title}) @@ ${q}`;

/** The raw text of a field (entries active since `from` for experience), for exact phrases. */
function rawTarget(t: Target, from: string | null): string {
  if (t.expPart) {
    const active = from ? ` where coalesce(e->>'end', '9999-12-31') >= ${from}` : '';
    return `coalesce((select string_agg(${EXP_PARTS[t.expPart]}, ' ') from jsonb_array_elements(r.experience) e${active}), '')`;
  }
  switch (t.letter) {
    case 'A':
      return 'r.title';
    case 'B':
      return `array_to_string(r.skills, ' | ')`;
    default:
      return `coalesce((select string_agg(concat_ws(' ', e->>'name', e->>'organization', e->>'result'), ' ') from jsonb_array_elements(r.education) e), '')`;
  }
}

/**
 * The `text` + `logic` + `field[]` + `period` of PRODUCT 4. `all`/`any`/`except` match word forms
 * (morphology); `phrase` is the exact phrase: these words, in this order, these forms.
 */
export function textPart(spec: NonNullable<SearchSpec['text']>, p: Params): TextPart | null {
  if (!hasSearchableWords(spec.text)) return null;
  const t = p.add(spec.text, 'text');
  const q = spec.logic === 'phrase' ? phrase(t) : spec.logic === 'all' ? plain(t) : anyOf(t);
  const fields = new Set(spec.fields.length ? spec.fields : ['everywhere']);
  const exactPhrase = () => p.add(exactPhrasePattern(spec.text), 'text');
  if (fields.has('everywhere')) {
    if (spec.logic === 'except') return { where: `NOT (r.ts_all @@ ${q})`, rank: null, highlight: null, tierOn: null };
    if (spec.logic === 'phrase') {
      const pattern = exactPhrase();
      return {
        where: `r.ts_all @@ ${q} AND ${rawText('everywhere')} ~* ${pattern}`,
        rank: rankAll(q),
        highlight: q,
        // The exact phrase in the title is the exact phrase in the resume (the pattern, cheaper, first).
        tierOn: (title) => `${title} ~* ${pattern} AND ${titleMatches(q)(title)}`,
        tierImplies: true,
      };
    }
    return { where: `r.ts_all @@ ${q}`, rank: rankAll(q), highlight: q, tierOn: titleMatches(q), tierImplies: true };
  }
  if (fields.has('experience'))
    for (const f of ['experience_company', 'experience_position', 'experience_description'] as const) fields.delete(f);
  const targets = [...fields].map((f) => TARGETS[f as Exclude<TextField, 'everywhere'>]);
  const letters = [...new Set(targets.map((x) => x.letter))].sort().join('');
  const from = spec.periodFrom && targets.some((x) => x.expPart) ? p.add(spec.periodFrom, 'text') : null;
  // One field with a vector of its own (title, skills): its index, no weights to recheck.
  const only = fields.size === 1 ? (fields.has('title') ? TITLE_VECTOR : fields.has('skills') ? SKILLS_VECTOR : null) : null;
  const tier = fields.has('title') ? titleMatches(q) : null;
  const rank = only ? `ts_rank_cd(${only}, ${q})` : rankAll(weighted(q, letters));
  const anyTarget = (query: string) => `(${targets.map((x) => matchTarget(x, query, from)).join(' OR ')})`;
  if (spec.logic === 'except') return { where: `NOT ${anyTarget(q)}`, rank: null, highlight: null, tierOn: null };
  if (spec.logic === 'phrase') {
    const pattern = exactPhrase();
    const prefilter = only ? `${only} @@ ${q}` : `r.ts_all @@ ${weighted(q, letters)}`;
    const where = `${prefilter} AND (${targets.map((x) => `${rawTarget(x, from)} ~* ${pattern}`).join(' OR ')})`;
    const tierOn = fields.has('title') ? (title: string) => `${title} ~* ${pattern} AND ${titleMatches(q)(title)}` : null;
    return { where, rank, highlight: q, tierOn, tierImplies: fields.has('title') };
  }
  if (only) return { where: `${only} @@ ${q}`, rank, highlight: q, tierOn: tier, tierImplies: !!tier };
  // Title and key skills together (a vacancy's «Подходящие кандидаты»): both have vectors and indexes
  // of their own, so a match in either needs no weights rechecked in ts_all — that reads the whole
  // toasted vector of every candidate, seconds for common words in a big city.
  if (from === null && fields.size === 2 && fields.has('title') && fields.has('skills')) {
    const either = (query: string) => `(${TITLE_VECTOR} @@ ${query} OR ${SKILLS_VECTOR} @@ ${query})`;
    const words = spec.logic === 'all' ? wordsOf(spec.text).filter((w) => hasSearchableWords(w)) : [];
    // Every word in either field: any of them finds the candidates through the indexes, each word then says.
    const where =
      spec.logic === 'all' && words.length > 1
        ? [either(anyOf(t)), ...words.map((w) => either(plain(p.add(w, 'text'))))].join(' AND ')
        : either(q);
    return { where, rank, highlight: q, tierOn: tier, tierImplies: true };
  }
  if (from === null && !targets.some((x) => x.column))
    return { where: `r.ts_all @@ ${weighted(q, letters)}`, rank, highlight: q, tierOn: tier, tierImplies: !!tier };
  // Rechecks: the unweighted match finds the candidates through the index, each field then says.
  let exact: string;
  if (spec.logic === 'all') {
    // Every word somewhere in the chosen fields (not necessarily all in the same one).
    const words = wordsOf(spec.text).filter((w) => hasSearchableWords(w));
    exact = words.map((w) => anyTarget(plain(p.add(w, 'text')))).join(' AND ') || 'true';
  } else {
    exact = anyTarget(q);
  }
  return { where: `r.ts_all @@ ${q} AND ${exact}`, rank, highlight: q, tierOn: tier, tierImplies: !!tier };
}

// ─── the advanced query (spec_search) ─────────────────────────────────────────────────────────

type Term = Extract<QueryNode, { kind: 'term' }>;
const TERM_TARGET: Record<Term['field'], Target | null> = {
  everywhere: null,
  title: { letter: 'A' },
  skill: { letter: 'B' },
  company: { letter: 'C', column: 'ts_exp_company', expPart: 'company' },
  position: { letter: 'C', column: 'ts_exp_position', expPart: 'position' },
};

const regexEscape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
/** Whole words in this order, any punctuation or spaces between them, case-insensitive. */
export function exactPhrasePattern(text: string): string {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return `(^|[^[:alnum:]])${words.map(regexEscape).join('[^[:alnum:]]+')}($|[^[:alnum:]])`;
}

/** The raw text of a field, for exact phrase matching. */
function rawText(field: Term['field']): string {
  const exp = (part: string, column = 'r.experience') =>
    `coalesce((select string_agg(${part}, ' ') from jsonb_array_elements(${column}) e), '')`;
  switch (field) {
    case 'title':
      return 'r.title';
    case 'skill':
      return `array_to_string(r.skills, ' | ')`;
    case 'company':
      return exp(`e->>'company'`);
    case 'position':
      return exp(`e->>'position'`);
    default:
      // The JSON text of experience and education: one cast instead of unpacking every entry. Keys
      // and quotes between two values break a phrase, as field boundaries should.
      return `concat_ws(' | ', r.title, array_to_string(r.skills, ' | '), r.experience::text, r.education::text, r.about)`;
  }
}

type Compiled = {
  /** The exact condition. */
  sql: string;
  /** A tsquery every match satisfies (weighted), or null when none can be said (under a NOT). */
  pre: string | null;
  /** The same without weights, for highlighting and the title tier. */
  preBare: string | null;
  /** Whether `r.ts_all @@ pre` alone is the exact condition (no rechecks below). */
  pure: boolean;
  /** Whether the node can only match with some positive term (an index can find it). */
  positive: boolean;
};

function compileNode(node: QueryNode, p: Params): Compiled {
  switch (node.kind) {
    case 'term': {
      const ref = p.add(node.text, 'text');
      const q = node.exact ? phrase(ref) : plain(ref);
      const target = TERM_TARGET[node.field];
      const pre = target ? weighted(q, target.letter) : q;
      const parts = [`r.ts_all @@ ${pre}`];
      if (target?.column) parts.push(`r.${target.column} @@ ${q}`);
      if (node.exact) parts.push(`${rawText(node.field)} ~* ${p.add(exactPhrasePattern(node.text), 'text')}`);
      return {
        sql: parts.length > 1 ? `(${parts.join(' AND ')})` : (parts[0] as string),
        pre,
        preBare: q,
        pure: parts.length === 1,
        positive: true,
      };
    }
    case 'not': {
      const c = compileNode(node.child, p);
      return {
        sql: `NOT (${c.sql})`,
        pre: c.pure && c.pre ? `!!(${c.pre})` : null,
        preBare: null,
        pure: c.pure,
        positive: false,
      };
    }
    case 'and': {
      const cs = node.children.map((c) => compileNode(c, p));
      const pres = cs.filter((c) => c.pre !== null && (c.positive || c.pure)).map((c) => c.pre as string);
      const bare = cs.filter((c) => c.preBare !== null).map((c) => c.preBare as string);
      const positive = cs.some((c) => c.positive);
      return {
        sql: `(${cs.map((c) => c.sql).join(' AND ')})`,
        pre: positive && pres.length ? `(${pres.join(' && ')})` : null,
        preBare: bare.length ? `(${bare.join(' && ')})` : null,
        pure: cs.every((c) => c.pure),
        positive,
      };
    }
    case 'or': {
      const cs = node.children.map((c) => compileNode(c, p));
      const all = cs.every((c) => c.pre !== null && c.positive);
      const bare = cs.filter((c) => c.preBare !== null).map((c) => c.preBare as string);
      return {
        sql: `(${cs.map((c) => c.sql).join(' OR ')})`,
        pre: all ? `(${cs.map((c) => c.pre).join(' || ')})` : null,
        preBare: bare.length ? `(${bare.join(' || ')})` : null,
        pure: cs.every((c) => c.pure),
        positive: cs.every((c) => c.positive),
      };
    }
  }
}

/** The advanced query as a condition: an indexable `ts_all @@ …` prefilter plus the exact rechecks. */
export function advancedPart(node: QueryNode, p: Params): TextPart {
  const c = compileNode(node, p);
  let where: string;
  if (c.pure && c.positive && c.pre) where = `r.ts_all @@ ${c.pre}`;
  else if (c.pre && c.positive) where = `r.ts_all @@ ${c.pre} AND ${c.sql}`;
  else where = c.sql;
  return {
    where,
    rank: c.positive && c.pre ? rankAll(c.pre) : null,
    highlight: c.preBare,
    tierOn: c.positive && c.preBare ? titleMatches(c.preBare) : null,
  };
}

// ─── filters ──────────────────────────────────────────────────────────────────────────────────

/** Text and advanced query together: both must match; rank and highlight by both. */
function combineText(a: TextPart | null, b: TextPart | null): TextPart | null {
  if (!a || !b) return a ?? b;
  const both = (x: string | null, y: string | null, op: string) => (x && y ? `(${x} ${op} ${y})` : (x ?? y));
  return {
    where: `${a.where} AND ${b.where}`,
    rank: both(a.rank, b.rank, '+'),
    highlight: both(a.highlight, b.highlight, '||'),
    tierOn: a.tierOn ?? b.tierOn,
  };
}

const RELOCATING = `r.relocation <> 'no_relocation'`;
/** The cities a resume is ready to move to (NULL when not ready): indexed as is (resumes_relocates_to_idx). */
const RELOCATES_TO = `(CASE WHEN r.relocation <> 'no_relocation' THEN r.relocation_city_ids END)`;

/**
 * The cities of a resume for the search: where the candidate lives and, when ready to move, where
 * to. The second column of the text indexes (resumes_*_places_idx, migration 0014), so that a text
 * and a city are intersected inside one GIN index instead of ANDing two big bitmaps.
 */
export const PLACES = `(CASE WHEN r.relocation <> 'no_relocation' THEN ARRAY[r.city_id] || r.relocation_city_ids ELSE ARRAY[r.city_id] END)`;

/**
 * The city condition of search_city + relocation (hh's four modes), on the city ids parameter `c`:
 * PLACES (what the indexes serve) narrowed to the mode.
 */
function cityCondition(spec: SearchSpec, c: string): string {
  const lives = `r.city_id = ANY(${c})`;
  const places = `${PLACES} && ${c}`;
  switch (spec.relocation) {
    case 'living':
      return `(${places} AND ${lives})`;
    case 'living_but_relocation':
      return `(${places} AND ${lives} AND ${RELOCATING})`;
    case 'relocation':
      return `(${places} AND NOT coalesce(${lives}, false))`;
    default:
      return places;
  }
}

export const EXPERIENCE_BUCKETS: Record<string, [number, number | null]> = {
  noExperience: [0, 0],
  between1And3: [12, 35],
  between3And6: [36, 71],
  moreThan6: [72, null],
};
const EXPERIENCE_CASE = `CASE WHEN r.total_experience_months = 0 THEN 'noExperience'
    WHEN r.total_experience_months BETWEEN 12 AND 35 THEN 'between1And3'
    WHEN r.total_experience_months BETWEEN 36 AND 71 THEN 'between3And6'
    WHEN r.total_experience_months >= 72 THEN 'moreThan6' END`;

/**
 * The experience buckets. The broad ones (a fifth to a third of all resumes each) are written so that
 * no index serves them (`+ 0`): a bitmap of 200 000 entries costs more than checking the rows the
 * other conditions find, but the planner keeps taking it to thin out what it underestimates.
 */
function experienceCondition(values: string[]): string | null {
  if (!values.length) return null;
  const parts = values.map((v) => {
    const [lo, hi] = EXPERIENCE_BUCKETS[v] as [number, number | null];
    if (lo === 0 && hi === 0) return 'r.total_experience_months = 0';
    return hi === null ? `r.total_experience_months + 0 >= ${lo}` : `r.total_experience_months + 0 BETWEEN ${lo} AND ${hi}`;
  });
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`;
}

/** `YYYY-MM-DD` minus n years; 29 February becomes the 28th. */
export function yearsBefore(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - n, m, 0)).getUTCDate();
  return `${String(y - n).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export type Filters = {
  /** Conditions every statement applies (the resume pool, text, non-facet filters). */
  base: string[];
  /** The conditions of the filters that have a facet; absent when the filter is not set. */
  facet: Partial<Record<SearchFacetName, string>>;
  text: TextPart | null;
  /** The text conditions (text, query) as they stand in `base`. */
  textWheres: string[];
  /** Whether a first-tier title implies all of them. */
  tierImplies: boolean;
  /** The parameter holding the city ids (when search_city is set). */
  cityRef: string | null;
};

/** The WHERE parts of a search, with their parameters in `p`. */
/**
 * Whether matching the text needs more than the indexes (an exact phrase against the raw text,
 * per-field or per-period rechecks): each candidate then costs detoasting and parsing, so exact
 * counts are attempted on smaller result sets.
 */
export function isHeavyText(spec: SearchSpec): boolean {
  const f = buildFilters(spec, new Params());
  return f.textWheres.some((w) => /~\*|jsonb_array_elements|ts_exp_/.test(w));
}

export function buildFilters(spec: SearchSpec, p: Params): Filters {
  const base: string[] = [];
  if (spec.vacancyIds) base.push(`r.vacancy_id = ANY(${p.add(spec.vacancyIds, 'bigint[]')})`);
  else base.push('r.vacancy_id IS NULL');

  const fromText = spec.text ? textPart(spec.text, p) : null;
  const fromQuery = spec.advanced ? advancedPart(spec.advanced, p) : null;
  if (fromText) base.push(fromText.where);
  if (fromQuery) base.push(fromQuery.where);
  const text = combineText(fromText, fromQuery);

  if (spec.stations) base.push(`r.metro && ${p.add(spec.stations, 'text[]')}`);
  if (spec.sex)
    base.push(spec.onlyWithGender ? `r.sex = ${p.add(spec.sex, 'text')}` : `(r.sex = ${p.add(spec.sex, 'text')} OR r.sex IS NULL)`);
  else if (spec.onlyWithGender) base.push('r.sex IS NOT NULL');

  const ageParts: string[] = [];
  if (spec.ageFrom !== null) ageParts.push(`r.birth_date <= ${p.add(yearsBefore(spec.today, spec.ageFrom), 'date')}`);
  if (spec.ageTo !== null) ageParts.push(`r.birth_date >= ${p.add(dayAfter(yearsBefore(spec.today, spec.ageTo + 1)), 'date')}`);
  if (ageParts.length) base.push(spec.onlyWithAge ? ageParts.join(' AND ') : `(r.birth_date IS NULL OR (${ageParts.join(' AND ')}))`);
  else if (spec.onlyWithAge) base.push('r.birth_date IS NOT NULL');

  const salaryParts: string[] = [];
  if (spec.salaryFrom !== null) salaryParts.push(`r.salary_amount >= ${p.add(spec.salaryFrom, 'int')}`);
  if (spec.salaryTo !== null) salaryParts.push(`r.salary_amount <= ${p.add(spec.salaryTo, 'int')}`);
  if (salaryParts.length)
    base.push(spec.onlyWithSalary ? salaryParts.join(' AND ') : `(r.salary_amount IS NULL OR (${salaryParts.join(' AND ')}))`);
  else if (spec.onlyWithSalary) base.push('r.salary_amount IS NOT NULL');

  if (spec.drive.length) base.push(`r.drive @> ${p.add(spec.drive, 'text[]')}`);
  if (spec.roles) base.push(`r.roles && ${p.add(spec.roles, 'text[]')}`);
  if (spec.statuses.length) base.push(`r.job_status = ANY(${p.add(spec.statuses, 'text[]')})`);
  if (spec.lastActiveDays !== null) {
    base.push(`r.updated_at >= ${p.add(new Date(spec.now.getTime() - spec.lastActiveDays * 86_400_000).toISOString(), 'timestamptz')}`);
  }
  if (spec.excludeViewedBy !== null) {
    base.push(`NOT EXISTS (SELECT 1 FROM resume_views v WHERE v.user_id = ${p.add(spec.excludeViewedBy, 'int')} AND v.resume_id = r.id)`);
  }

  const facet: Filters['facet'] = {};
  const cityRef = spec.cityIds ? p.add(spec.cityIds, 'int[]') : null;
  if (cityRef) facet.search_city = cityCondition(spec, cityRef);
  const exp = experienceCondition(spec.experience);
  if (exp) facet.experience = exp;
  if (spec.schedules.length) facet.schedule = `r.schedules && ${p.add(spec.schedules, 'text[]')}`;
  if (spec.workingTypes.length) facet.workingType = `r.working_types && ${p.add(spec.workingTypes, 'text[]')}`;
  if (spec.education.length) facet.education = `r.education_level = ANY(${p.add(spec.education, 'text[]')})`;
  const textWheres = [fromText?.where, fromQuery?.where].filter((w): w is string => !!w);
  const tierImplies = !!fromText?.tierImplies && !fromQuery;
  return { base, facet, text, textWheres, tierImplies, cityRef };
}

const allOf = (parts: (string | null | undefined)[]) => parts.filter((s): s is string => !!s).join('\n    AND ') || 'true';

// ─── the page ─────────────────────────────────────────────────────────────────────────────────

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

/** The order a page of this search is in (relevance without text is the freshest first). */
export function effectiveOrder(spec: SearchSpec, o: PageOptions): Order {
  if (o.order !== 'relevance') return o.order;
  const f = buildFilters(spec, new Params());
  return f.text?.rank ? 'relevance' : 'publication_time';
}

/** A row of an ordered part: the id and the order's key (named `key`). */
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
export function cityOrderSql(spec: SearchSpec, o: PageOptions, part: 'cities' | 'moving', bound?: KeyRow | null): Sql | null {
  const order = effectiveOrder(spec, o);
  if (order === 'relevance' || !spec.cityIds || spec.cityIds.length > CITY_BRANCHES) return null;
  if (spec.relocation === 'living' || spec.relocation === 'living_but_relocation') return null;
  const ord = ORDERS[order];
  const depth = o.offset + o.limit;
  const p = new Params();
  const f = buildFilters(spec, p);
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
    limitTo.push(ord.notAfter(p.add(String(bound.key), ord.cast)));
  }
  return {
    text: `SELECT r.id, ${ord.keyExpr} AS key FROM resumes r
      WHERE NOT coalesce(r.city_id = ANY(${c}), false) AND ${RELOCATES_TO} && ${c} AND ${allOf([...where, ...limitTo])}
      ORDER BY ${ord.by} LIMIT ${depth}`,
    values: p.values,
  };
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
/** The recent movers a bounded `reloc` checks row by row before it gives way to the text index. */
export const RELOC_RECENT_ROWS = 2000;

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
    const tier = text.tierOn ? text.tierOn('r.title') : 'false';
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
export function pageSql(spec: SearchSpec, o: PageOptions): Sql {
  const p = new Params();
  const f = buildFilters(spec, p);
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
  spec: SearchSpec,
  o: PageOptions,
  recentRows = RELOC_RECENT_ROWS,
): { walk: Sql; reloc: ((bound: KeyRow | null, textFirst?: boolean) => Sql | null) | null } | null {
  const depth = o.offset + o.limit;
  if (o.order !== 'relevance' || o.rankMode !== 'tiered' || depth > WALK_MAX_DEPTH) return null;
  if (spec.cityIds && spec.cityIds.length > CITY_BRANCHES) return null;
  const build = (part: 'walk' | 'reloc', bound: KeyRow | null = null, textFirst = false): Sql | null => {
    const p = new Params();
    const f = buildFilters(spec, p);
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
    const cols = 'r.id, r.updated_at, r.title';
    if (part === 'reloc') {
      if (!f.cityRef || spec.relocation === 'living' || spec.relocation === 'living_but_relocation') return null;
      const c = f.cityRef;
      const movers = `NOT coalesce(r.city_id = ANY(${c}), false) AND ${RELOCATES_TO} && ${c} AND ${allOf(nonText)}`;
      const key = ORDERS.publication_time.keyExpr.replace(/\br\./g, 'm.');
      // Movers updated before the walk's last resident cannot reach the page.
      const recent =
        bound && bound.key !== null ? ORDERS.publication_time.notAfter(p.add(String(bound.key), ORDERS.publication_time.cast)) : 'true';
      if (recent !== 'true' && !textFirst) {
        // The recent movers come from the update-time index and the city's, the text is checked on
        // them row by row: a common word's whole posting list is not read. Past `recentRows`
        // candidates a last row without an id says so (the service then asks with the text first).
        const check = text.tierOn ? `${tierOn('m.title')} AND ${recheck('m')}` : recheck('m');
        return {
          text: `WITH m AS MATERIALIZED (
              SELECT r.id, r.updated_at, r.title FROM resumes r WHERE ${movers} AND ${recent} LIMIT ${recentRows + 1})
            (SELECT id, ${key} AS key FROM m WHERE ${check} ORDER BY updated_at DESC, id DESC LIMIT ${depth})
            UNION ALL SELECT NULL, NULL WHERE (SELECT count(*) FROM m) > ${recentRows}`,
          values: p.values,
        };
      }
      return {
        text: `SELECT id, ${key} AS key FROM (
            SELECT r.id, r.updated_at FROM resumes r
            WHERE ${movers} AND ${recent} AND ${tierOn('r.title')}
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
        WHERE CASE WHEN ${tierOn('w.title')} THEN ${recheck('w')} ELSE false END
        ORDER BY updated_at DESC, id DESC LIMIT ${depth}`,
      values: p.values,
    };
  };
  const walk = build('walk');
  if (!walk) return null;
  return { walk, reloc: build('reloc') ? (bound, textFirst) => build('reloc', bound, textFirst) : null };
}

/** The cards of these resumes, in this order (with the raw highlights when there is text). */
export function cardsSql(spec: SearchSpec, ids: number[]): Sql {
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

// ─── counts and facets ────────────────────────────────────────────────────────────────────────

/** The exact number of matches, counting no further than `cap`. */
export function countSql(spec: SearchSpec, cap: number): Sql {
  const p = new Params();
  const f = buildFilters(spec, p);
  const text = `SELECT count(*)::int AS n FROM (
      SELECT 1 FROM resumes r
      WHERE ${allOf([...f.base, ...Object.values(f.facet)])}
      LIMIT ${cap}) s`;
  return { text, values: p.values };
}

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
export function facetsSql(spec: SearchSpec, mode: FacetMode): Sql {
  const p = new Params();
  const f = buildFilters(spec, p);
  const names = Object.keys(f.facet) as SearchFacetName[];
  const flag = (n: SearchFacetName) => `f_${n}`;
  const cond = (n: SearchFacetName) => `coalesce(${f.facet[n]}, false)`;
  const failing = (list: SearchFacetName[]) => list.map((n) => `(NOT ${cond(n)})::int`).join(' + ') || '0';
  const where = [...f.base];
  if (mode === 'sample') where.push(usesTextSample(f) ? SAMPLE_TEXT : SAMPLE_COVER);
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
  // Four passes over the pool: the three counts; the scalar facets in one GROUPING SETS pass (each
  // set with its own «all the other filters» count); the two array facets.
  const sets: [SearchFacetName, string][] = [
    ...(local ? [] : [['search_city', 'city_id'] as [SearchFacetName, string]]),
    ['experience', 'exp_bucket'],
    ['education', 'education_level'],
  ];
  const facetOf = sets.map(([name, col]) => `WHEN GROUPING(${col}) = 0 THEN '${name}'`).join(' ');
  const valueCase = sets.map(([, col]) => `WHEN GROUPING(${col}) = 0 THEN ${col}::text`).join(' ');
  const countOf = sets.map(([name, col]) => `WHEN GROUPING(${col}) = 0 THEN count(*) FILTER (WHERE ${passing(name)})`).join(' ');
  const parts = [
    `SELECT v.facet, NULL::text AS value, v.n FROM (
        SELECT count(*) FILTER (WHERE ${passing(null)})::int AS total, count(*)::int AS pool, count(*) FILTER (WHERE ${localPool})::int AS pool_local FROM u) a
      CROSS JOIN LATERAL (VALUES ('total', a.total), ('pool', a.pool), ('pool_local', a.pool_local)) v(facet, n)`,
    `SELECT facet, value, n FROM (
        SELECT CASE ${facetOf} END AS facet, CASE ${valueCase} END AS value, (CASE ${countOf} END)::int AS n
        FROM u GROUP BY GROUPING SETS (${sets.map(([, col]) => `(${col})`).join(', ')})) g
      WHERE value IS NOT NULL AND n > 0`,
    `SELECT 'schedule', s, count(*)::int FROM u CROSS JOIN LATERAL unnest(u.schedules) s WHERE ${passing('schedule')} GROUP BY s`,
    `SELECT 'workingType', w, count(*)::int FROM u CROSS JOIN LATERAL unnest(u.working_types) w WHERE ${passing('workingType')} GROUP BY w`,
  ];
  const text = `WITH u AS MATERIALIZED (
      SELECT r.city_id, ${EXPERIENCE_CASE} AS exp_bucket, r.schedules, r.working_types, r.education_level${flags.length ? `, ${flags.join(', ')}` : ''}
      FROM resumes r
      WHERE ${allOf(where)})
    ${parts.join('\n    UNION ALL ')}`;
  return { text, values: p.values };
}
