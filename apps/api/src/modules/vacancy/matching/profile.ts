import { exactPhrasePattern } from '../../resume/search/search.service.ts';
import { CONCEPTS, type Concept, GENERIC_WORDS, isStopWord, phraseAt, wordsIn } from './vocabulary.ts';

// What a vacancy asks, as the text-search terms a resume's title and key skills are checked for.

/**
 * What a resume's title and skills are checked for: `plain` — these words in any form
 * (plainto_tsquery); `prefix` — word beginnings (`w:* & …`); `word` — this whole word in the raw
 * text, for an abbreviation the text search drops as a stop word («IT»). Only the first two gather.
 */
export type Term = { kind: 'plain' | 'prefix' | 'word'; text: string };
/** A term that stands for part of the vacancy less exactly: `strength` of 1 is the same thing. */
export type Near = { term: number; strength: number; label: string };

/** A part of the vacancy's title: a concept («подбор персонала»), a word («Python») or a generic word («менеджер»). */
export type TitleSlot = { label: string; weight: number; generic: boolean; own: number; near: Near[] };
/** One of the vacancy's key skills. */
export type SkillSlot = { skill: string; own: number; near: Near[] };

export type MatchProfile = {
  terms: Term[];
  title: TitleSlot[];
  skills: SkillSlot[];
  role: { value: string; title: string; near: Near[] } | null;
  cityId: number | null;
  cityName: string | null;
  experience: string | null;
  salaryTo: number | null;
};

export type VacancyAsks = {
  title: string;
  skills: string[];
  role: string | null;
  roleTitle: string | null;
  cityId: number | null;
  cityName: string | null;
  experience: string | null;
  salaryTo: number | null;
};

const GENERIC_WEIGHT = 0.2;
const isAbbreviation = (word: string) => word.length >= 2 && word === word.toUpperCase() && word !== word.toLowerCase();
/** A word in brackets, «(IT)», qualifies the job rather than names it. */
const QUALIFIER_WEIGHT = 0.5;

/** The indexes of the words of `title` that stand inside brackets. */
function bracketed(title: string): Set<number> {
  const inside = new Set<number>();
  let depth = 0;
  let n = 0;
  for (const token of title.match(/[\p{L}\p{N}]+|[()]/gu) ?? []) {
    if (token === '(') depth++;
    else if (token === ')') depth = Math.max(0, depth - 1);
    else {
      if (depth > 0) inside.add(n);
      n++;
    }
  }
  return inside;
}

/** The concepts a text names plainly (a phrase of strength 1), with the words that name them. */
function conceptsIn(words: string[]): { concept: Concept; at: number[] }[] {
  const found: { concept: Concept; at: number[] }[] = [];
  const taken = new Set<number>();
  for (const concept of CONCEPTS) {
    const at = new Set<number>();
    for (const phrase of concept.phrases) {
      if (phrase.strength < 1) continue;
      for (const i of phraseAt(phrase, words) ?? []) at.add(i);
    }
    // A concept needs a word of its own: «менеджер по подбору персонала» is recruiting, not also
    // «менеджер по персоналу» (its «персонала» already recruiting's, «менеджер» generic).
    const own = [...at].filter((i) => !taken.has(i) && !GENERIC_WORDS.has(words[i] ?? ''));
    if (!own.length) continue;
    for (const i of at) taken.add(i);
    found.push({ concept, at: [...at].sort((a, b) => a - b) });
  }
  return found;
}

/** The vacancy as terms and slots (pure: the SQL and the scoring both read it). */
export function matchProfile(v: VacancyAsks): MatchProfile {
  const terms: Term[] = [];
  const index = new Map<string, number>();
  const term = (kind: Term['kind'], text: string): number => {
    const key = `${kind}:${text}`;
    let i = index.get(key);
    if (i === undefined) {
      i = terms.push({ kind, text }) - 1;
      index.set(key, i);
    }
    return i;
  };
  const nearOf = (concepts: Concept[], scale = 1): Near[] =>
    concepts.flatMap((c) =>
      c.phrases.map((ph) => ({ term: term('prefix', ph.words.join(' ')), strength: ph.strength * scale, label: ph.label })),
    );

  // Title: each concept it names is one slot; every other word its own.
  const original = v.title.match(/[\p{L}\p{N}]+/gu) ?? [];
  const words = wordsIn(v.title);
  const inBrackets = bracketed(v.title);
  const found = conceptsIn(words);
  const covered = new Set(found.flatMap((f) => f.at));
  const title: TitleSlot[] = found.map(({ concept, at }) => ({
    label: concept.label,
    weight: at.some((i) => !inBrackets.has(i)) ? 1 : QUALIFIER_WEIGHT,
    generic: false,
    own: term('plain', at.map((i) => words[i]).join(' ')),
    near: nearOf([concept]),
  }));
  const seen = new Set<string>();
  words.forEach((w, i) => {
    if (covered.has(i) || seen.has(w)) return;
    // A stop word in capitals is an abbreviation («IT»): checked as a word, not searched.
    const abbreviation = isStopWord(w) && isAbbreviation(original[i] ?? '');
    if (isStopWord(w) && !abbreviation) return;
    seen.add(w);
    const generic = GENERIC_WORDS.has(w);
    title.push({
      label: original[i] ?? w,
      weight: generic ? GENERIC_WEIGHT : inBrackets.has(i) ? QUALIFIER_WEIGHT : 1,
      generic,
      own: term(abbreviation ? 'word' : 'plain', w),
      near: [],
    });
  });

  const skills: SkillSlot[] = [];
  for (const skill of v.skills) {
    const sw = wordsIn(skill).filter((w) => !isStopWord(w));
    if (!sw.length) continue;
    skills.push({ skill, own: term('plain', sw.join(' ')), near: nearOf(conceptsIn(sw).map((f) => f.concept)) });
  }

  const role =
    v.role && v.roleTitle
      ? { value: v.role, title: v.roleTitle, near: nearOf(conceptsIn(wordsIn(v.roleTitle)).map((f) => f.concept)) }
      : null;

  return { terms, title, skills, role, cityId: v.cityId, cityName: v.cityName, experience: v.experience, salaryTo: v.salaryTo };
}

/** The source of a term: for plainto_tsquery / to_tsquery (`russian`), or a `~*` pattern for a `word`. */
export function termQuery(t: Term): string {
  if (t.kind === 'plain') return t.text;
  if (t.kind === 'word') return exactPhrasePattern(t.text);
  // Only letters and digits reach to_tsquery: the vocabulary is ours, but a query's syntax must not be.
  return (t.text.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => `${w}:*`).join(' & ');
}
