import { HIDDEN_FOR_VISITORS } from '@hr/contract/resume-visitor';
import { LRUCache } from 'lru-cache';
import type { ResumeRow } from '../../db/schema/index.ts';

/**
 * What a viewer may see of a candidate: their names, their contacts. Decided by candidate-view.ts
 * (sightOf); declared here, beside the masking that reads it, so the two files import one way only.
 */
export type CandidateSight = { names: boolean; contacts: boolean };

// What a viewer must not read in a resume's free text unless entitled to it (PRODUCT 9): contacts
// typed into any text, and the candidate's own names. Used only through candidate-view.ts.

/** Who the candidate is, as far as free text can tell: the names and the contacts on file. */
export type CandidatePerson = Pick<ResumeRow, 'firstName' | 'lastName' | 'middleName'> &
  Partial<Pick<ResumeRow, 'phone' | 'email' | 'telegram'>>;

type Range = [start: number, end: number];

const EMAIL = /[\p{L}\p{N}._%+-]+\s*(?:@|[([]\s*(?:at|собака)\s*[)\]]|\s(?:at|собака)\s)\s*[\p{L}\p{N}-]+(?:\s*(?:\.|[([]\s*(?:dot|точка)\s*[)\]])\s*[\p{L}\p{N}-]+)+/giu;
/** A link, without the punctuation that ends the sentence around it. */
const LINK =
  /(?:(?:https?:\/\/|www\.)|(?<![\p{L}\p{N}_])(?:t\.me|telegram\.me|tg:\/\/|vk\.com|vk\.ru|wa\.me|api\.whatsapp\.com|ok\.ru|instagram\.com|facebook\.com|fb\.com|linkedin\.com|github\.com|gitlab\.com|habr\.com\/ru\/users|hh\.ru\/resume|skype:)\/?)(?:\S*[^\s.,;:!?)»"'])?/giu;
const HANDLE = /(?<![\p{L}\p{N}_.])@[A-Za-z0-9_]{3,}/gu;
/** «Telegram: ivan_petrov», «тг — ivanpetrov», «skype ivan.petrov»: the word after a messenger's name. */
const MESSENGER_ID =
  /(?<![\p{L}\p{N}_])(?:telegram|телеграмм?|телега|tg|тг|whats\s?app|ватсапп?|вацапп?|viber|вайбер|skype|скайп|vk|вк|вконтакте|instagram|инстаграмм?|инста|insta|discord|дискорд|icq|аська)\s*(?:[:\-–—=]\s*|\s+)(?=[A-Za-z0-9_.@+]*[A-Za-z0-9])([A-Za-z0-9_.@+-]{2,}[A-Za-z0-9_])/giu;
/** A run of digits and the separators phones are written with. */
const DIGIT_RUN = /\+?\d[\d\s().\u2010-\u2015-]{5,}\d/gu;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const word = (core: string, flags: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${core}(?![\\p{L}\\p{N}_])`, flags);

/**
 * Whether a run of digits reads as a phone: a Russian number in any common spelling (+7 / 8 and
 * ten digits, or the ten digits alone with a mobile or area code), an international one after «+»,
 * a city number «555-44-33», or the candidate's own phone inside a longer run. Years («2015-2020»),
 * sums («1 500 000») and salary ranges stay.
 */
function isPhone(run: string, ownPhone: string | null): boolean {
  const digits = run.replace(/\D/g, '');
  if (ownPhone && ownPhone.length >= 7 && digits.includes(ownPhone)) return true;
  if (run.startsWith('+')) return digits.length >= 10 && digits.length <= 15;
  if (digits.length === 11) return /^[78][3489]/.test(digits);
  if (digits.length === 10) return /^[3489]/.test(digits) && !/^\d{4}\D+\d{4}/.test(run);
  if (digits.length === 7) return /^\d{3}[\s.-]\d{2}[\s.-]\d{2}$/.test(run.trim());
  return false;
}

/** The candidate's own names as words: the family and middle name with Russian case endings, the first name capitalised. */
function nameRanges(text: string, person: CandidatePerson, add: (r: Range) => void): void {
  const lower = text.toLowerCase();
  const patterns: RegExp[] = [];
  for (const name of [person.lastName, person.middleName]) {
    const value = name?.trim();
    if (value && value.length >= 3) {
      // «Иванова» → «Ивановой», «Засекреченная» → «Засекреченной»: the stem without its final vowels, then up to three letters.
      const trimmed = value.replace(/[аеиоуыяьй]{1,2}$/iu, '');
      const stem = trimmed.length >= 4 ? trimmed : value;
      // A pattern is compiled only for a name whose stem the text holds: ~1 ms each, and every card has other names.
      if (lower.includes(stem.toLowerCase())) patterns.push(word(`${escapeRegExp(stem)}\\p{L}{0,3}`, 'giu'));
    }
  }
  const first = person.firstName?.trim();
  if (first && first.length >= 2 && text.includes(first)) patterns.push(word(`${escapeRegExp(first)}\\p{L}{0,2}`, 'gu'));
  for (const p of patterns) for (const m of text.matchAll(p)) add([m.index, m.index + m[0].length]);
}

/** At the cut edge of a fragment: the rest of a phone («… 916 555») or of an e-mail («ivan@mai…»). */
const CUT_START = /^[\s…]*[\d\s().\u2010-\u2015-]*\d/u;
const CUT_END =
  /(?:\+?\d[\d\s().\u2010-\u2015-]*\d{2}[\s().\u2010-\u2015-]*|[\p{L}\p{N}._%+-]+\s*(?:@|[([]\s*(?:at|собака)\s*[)\]]?|\s(?:at|собака)(?=\s|$))[\s\p{L}\p{N}.()[\]-]*)[\s…]*$/iu;
/** …or the rest of an e-mail's domain («example [dot] ru», «mail.ru»). */
const CUT_START_DOMAIN = /^[\s…]*(?:[\p{L}\p{N}._%+-]*\s*(?:@|[([]\s*(?:at|собака)\s*[)\]])\s*)?[A-Za-z0-9-]+(?:\s*(?:\.|[([]\s*(?:dot|точка)\s*[)\]])\s*[A-Za-z0-9-]+)+/iu;

/**
 * What a text holds that some contact pattern needs (a digit, «@», a Latin letter…): each pattern
 * below runs only on a text that has what every match of it must contain, so most titles and
 * fragments (Cyrillic words, no digits) skip them all. A skip never changes the answer.
 */
const HAS_DIGIT = /\d/u;
const HAS_LATIN = /[A-Za-z]/u;
/** EMAIL's «@» or its spelled-out «at» / «собака» (the same case folding as EMAIL's). */
const HAS_AT_WORD = /@|at|собака/iu;
/** EMAIL's and CUT_START_DOMAIN's dot, spelled «.» or bracketed «(dot)» / «[точка]». */
const HAS_DOT_OR_BRACKET = /[.([]/u;
/** Every LINK alternative has a «.» or a «:». */
const HAS_DOT_OR_COLON = /[.:]/u;

function contactRanges(text: string, person: CandidatePerson, add: (r: Range) => void, cut: boolean, checks: boolean): void {
  const digit = !checks || HAS_DIGIT.test(text);
  const atWord = !checks || HAS_AT_WORD.test(text);
  const dotOrBracket = !checks || HAS_DOT_OR_BRACKET.test(text);
  if (cut) {
    // Five digits or more (a year or a year range stays).
    const isRest = (run: string) => run.replace(/\D/g, '').length >= 5 && !/^\D*\d{4}\D+\d{4}\D*$/u.test(run);
    const head = digit ? CUT_START.exec(text) : null;
    if (head && isRest(head[0])) add([0, head[0].length]);
    const tail = digit || atWord ? CUT_END.exec(text) : null;
    if (tail && (/[^\d\s().\u2010-\u2015+-]/u.test(tail[0]) || isRest(tail[0]))) add([tail.index, text.length]);
    const domain = dotOrBracket ? CUT_START_DOMAIN.exec(text) : null;
    if (domain) add([0, domain[0].length]);
  }
  const patterns: RegExp[] = [];
  if (atWord && dotOrBracket) patterns.push(EMAIL);
  if (!checks || HAS_DOT_OR_COLON.test(text)) patterns.push(LINK);
  if (!checks || text.includes('@')) patterns.push(HANDLE);
  for (const re of patterns) for (const m of text.matchAll(re)) add([m.index, m.index + m[0].length]);
  if (!checks || HAS_LATIN.test(text)) {
    for (const m of text.matchAll(MESSENGER_ID)) {
      const id = m[1] as string;
      // «тг канал» or «vk 2020» are not handles: a handle has a Latin letter.
      if (/[A-Za-z]/.test(id)) add([m.index + m[0].length - id.length, m.index + m[0].length]);
    }
  }
  if (digit) {
    const ownPhone = person.phone ? person.phone.replace(/\D/g, '').slice(-10) : null;
    for (const m of text.matchAll(DIGIT_RUN)) if (isPhone(m[0], ownPhone)) add([m.index, m.index + m[0].length]);
  }
  // The contacts on file, however they were typed into the text («ivan_petrov» without the «@»).
  const lower = text.toLowerCase();
  for (const own of [person.email, person.telegram?.replace(/^@/, '')]) {
    const value = own?.trim().toLowerCase();
    if (!value || value.length < 4) continue;
    for (let at = lower.indexOf(value); at >= 0; at = lower.indexOf(value, at + value.length)) add([at, at + value.length]);
  }
}

/**
 * The spans of `text` the viewer may not read, sorted and merged. `checks: false` runs every pattern
 * whatever the text holds (the test that the pre-checks never change the answer compares both).
 */
export function hiddenRanges(text: string, person: CandidatePerson, sight: CandidateSight, cut = false, checks = true): Range[] {
  const ranges: Range[] = [];
  const add = (r: Range) => ranges.push(r);
  if (!sight.contacts) contactRanges(text, person, add, cut, checks);
  if (!sight.names) nameRanges(text, person, add);
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/**
 * The masked texts already made: the masking is a pure function of its inputs, and the same cards
 * and pages are shown over and over (a search page to every member who runs it). The key is every
 * input itself — the text, the candidate's names and contacts on file, the sight, the marks and the
 * cut — so an entry can only ever answer the very same call. Bounded by the characters it holds, and
 * by time: whatever a deletion on request could not reach is gone within MEMO_TTL_MS.
 */
const MEMO_TTL_MS = 10 * 60_000;
/** lru-cache's clock, which the tests move forward (`shift`). */
const memoClock = { shift: 0, now: () => performance.now() + memoClock.shift };
const masked = new LRUCache<string, string>({
  max: 50_000,
  maxSize: 8_000_000,
  sizeCalculation: (value, key) => key.length + value.length + 64,
  ttl: MEMO_TTL_MS,
  perf: memoClock,
});

/**
 * A text masked from rows read before a forget must not be kept: it may be of the person just
 * deleted. A door hands the generation it took before reading its rows (`maskGeneration()`), and
 * nothing is kept under an older one. A door that hands none is trusted only once its rows cannot
 * predate the forget: longer than a statement may run (DB_STATEMENT_TIMEOUT_MS, 30 s by default).
 */
let generation = 0;
let forgottenAt = Number.NEGATIVE_INFINITY;
const UNSURE_AFTER_FORGET_MS = 60_000;

/** The memo's generation now: taken before reading the rows a request will mask. */
export function maskGeneration(): number {
  return generation;
}

/** Forgets every masked text (a person's data deleted on request: no copy of their text stays in memory). */
export function forgetMaskedTexts(): void {
  generation++;
  forgottenAt = memoClock.now();
  masked.clear();
}

/** For tests: whether any kept entry was made from `part` (a text, a name, a contact), and the memo's clock. */
export const maskMemoForTests = {
  holds: (part: string) => [...masked.keys()].some((key) => key.includes(part)),
  advance: (ms: number) => {
    memoClock.shift += ms;
  },
};

/** Each part prefixed by its length: two different calls never make the same key. */
function maskKey(parts: readonly (string | null | undefined)[]): string {
  let key = '';
  for (const part of parts) key += part == null ? '~' : `${part.length}:${part}`;
  return key;
}

const personParts = (p: CandidatePerson) => [p.firstName, p.lastName, p.middleName, p.phone, p.email, p.telegram];

function remembered(key: string, readAt: number | undefined, make: () => string): string {
  const hit = masked.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  const current = readAt === undefined ? memoClock.now() - forgottenAt >= UNSURE_AFTER_FORGET_MS : readAt === generation;
  if (current) masked.set(key, value);
  return value;
}

/**
 * Free text with what the viewer may not read replaced by «[скрыто]». `readAt`: the generation
 * taken before the person was read (maskGeneration).
 */
export function maskText(text: string, person: CandidatePerson, sight: CandidateSight, readAt?: number): string {
  if (sight.contacts && sight.names) return text;
  if (!text) return text;
  const key = maskKey(['t', sight.names ? '1' : '0', sight.contacts ? '1' : '0', ...personParts(person), text]);
  return remembered(key, readAt, () => maskTextNow(text, person, sight));
}

function maskTextNow(text: string, person: CandidatePerson, sight: CandidateSight): string {
  let out = '';
  let at = 0;
  for (const [start, end] of hiddenRanges(text, person, sight)) {
    out += text.slice(at, start) + HIDDEN_FOR_VISITORS;
    at = end;
  }
  return out + text.slice(at);
}

/**
 * maskText for a search highlight: `open`/`close` are the one-character match markers around
 * matched words. The spans are found in the text without markers (a phone split by a marker is
 * still a phone); a marker inside a hidden span goes, and the marks stay balanced. `cut`: the text
 * is a fragment cut out of a longer one, so a number or an address at its edges may be the rest of
 * a contact and is masked too.
 */
export function maskMarkedText(
  marked: string,
  person: CandidatePerson,
  sight: CandidateSight,
  marks: { open: string; close: string; cut?: boolean },
  readAt?: number,
): string {
  const { open, close } = marks;
  if (sight.contacts && sight.names) return marked;
  if (!marked) return marked;
  const cut = marks.cut ? '1' : '0';
  const key = maskKey(['m', sight.names ? '1' : '0', sight.contacts ? '1' : '0', open, close, cut, ...personParts(person), marked]);
  return remembered(key, readAt, () => maskMarkedTextNow(marked, person, sight, marks));
}

function maskMarkedTextNow(
  marked: string,
  person: CandidatePerson,
  sight: CandidateSight,
  marks: { open: string; close: string; cut?: boolean },
): string {
  const { open, close } = marks;
  let plain = '';
  const origin: number[] = [];
  for (let i = 0; i < marked.length; i++) {
    const ch = marked[i] as string;
    if (ch === open || ch === close) continue;
    origin.push(i);
    plain += ch;
  }
  const ranges = hiddenRanges(plain, person, sight, marks.cut);
  if (!ranges.length) return marked;
  let out = '';
  let at = 0;
  let inMark = false;
  const copy = (to: number) => {
    for (; at < to; at++) {
      const ch = marked[at] as string;
      if (ch === open) inMark = true;
      else if (ch === close) inMark = false;
      out += ch;
    }
  };
  for (const [start, end] of ranges) {
    copy(origin[start] as number);
    const wasMarked = inMark;
    const stop = end < origin.length ? (origin[end] as number) : marked.length;
    for (; at < stop; at++) {
      const ch = marked[at];
      if (ch === open) inMark = true;
      else if (ch === close) inMark = false;
    }
    // A hidden span is marked as a whole when its first character was.
    if (wasMarked && !inMark) out += HIDDEN_FOR_VISITORS + close;
    else if (!wasMarked && inMark) out += HIDDEN_FOR_VISITORS + open;
    else out += HIDDEN_FOR_VISITORS;
  }
  copy(marked.length);
  return out;
}
