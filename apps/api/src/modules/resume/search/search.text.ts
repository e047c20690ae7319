import type { QueryNode } from './advanced-query.ts';
import type { Params, SearchSpec, TextField } from './search.spec.ts';
import { hasSearchableWords, wordsOf } from './stopwords.ts';

// The words of `text` (hh's logic and fields) and the advanced query (spec_search) as conditions.

/** ts_rank_cd weights {D, C, B, A}: about, education < experience < skills < title. */
const RANK_WEIGHTS = `'{0.1, 0.2, 0.4, 1.0}'`;

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

/**
 * The title's own vector (the A part of ts_all), a stored column with its own GIN index (and
 * statistics): the first tier's walk checks it on every resume it passes, read instead of computed.
 */
export const TITLE_VECTOR = `r.ts_title`;
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
   * The condition that puts a resume in the first relevance tier, on the `title` and `ts_title` of
   * the row aliased `row`; `tierOn('r')` is served by the title's GIN index.
   */
  tierOn: ((row: string) => string) | null;
  /** A first-tier title already implies `where` (so the first tier's scan need not check it). */
  tierImplies?: boolean;
};

const titleMatches = (q: string) => (row: string) => `${row}.ts_title @@ ${q}`;
/** The exact phrase in the title (the pattern, cheaper, first). */
const titleHasPhrase = (q: string, pattern: string) => (row: string) => `${row}.title ~* ${pattern} AND ${titleMatches(q)(row)}`;

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
        // The exact phrase in the title is the exact phrase in the resume.
        tierOn: titleHasPhrase(q, pattern),
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
    const tierOn = fields.has('title') ? titleHasPhrase(q, pattern) : null;
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
