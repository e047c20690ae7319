import { HIDDEN_FOR_VISITORS } from '@hr/contract/resume-visitor';
import type { ResumeRow } from '../../db/schema/index.ts';

// What a visitor must not read in a resume's free text (PRODUCT 9): used by the visitor's resume
// page and by the search cards a visitor gets.

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** A link, without the punctuation that ends the sentence around it. */
const LINK =
  /(?:(?:https?:\/\/|www\.)|(?<![\p{L}\p{N}_])(?:t\.me|telegram\.me|vk\.com|wa\.me|linkedin\.com|hh\.ru\/resume)\/)(?:\S*[^\s.,;:!?)»"'])?/giu;
const HANDLE = /(?<![\p{L}\p{N}_.])@[A-Za-z0-9_]{4,}/gu;
/** A run of digits and the separators phones are written with; masked when it holds 10–15 digits (years like «2015-2020» stay). */
const DIGIT_RUN = /\+?\d[\d\s().\u2010-\u2015-]{8,}\d/gu;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The candidate's own names as words in `text`: the family and middle name with Russian case
 * endings, the first name capitalised. A pattern is built only for a name whose stem the text
 * contains: a regular expression with Unicode classes costs ~1 ms to compile, and every card of a
 * visitor's search page has other names.
 */
function namePatterns(text: string, row: Pick<ResumeRow, 'firstName' | 'lastName' | 'middleName'>): RegExp[] {
  const word = (core: string, flags: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${core}(?![\\p{L}\\p{N}_])`, flags);
  const lower = text.toLowerCase();
  const patterns: RegExp[] = [];
  for (const name of [row.lastName, row.middleName]) {
    const value = name?.trim();
    if (value && value.length >= 3) {
      // «Иванова» → «Ивановой», «Засекреченная» → «Засекреченной»: the stem without its final vowels, then up to three letters.
      const trimmed = value.replace(/[аеиоуыяьй]{1,2}$/iu, '');
      const stem = trimmed.length >= 4 ? trimmed : value;
      if (lower.includes(stem.toLowerCase())) patterns.push(word(`${escapeRegExp(stem)}\\p{L}{0,3}`, 'giu'));
    }
  }
  const first = row.firstName?.trim();
  if (first && first.length >= 2 && text.includes(first)) patterns.push(word(`${escapeRegExp(first)}\\p{L}{0,2}`, 'gu'));
  return patterns;
}

/**
 * Free text a visitor reads, with what would tell who the candidate is or how to reach them
 * replaced by «[скрыто]»: e-mails, links, Telegram handles, phone numbers and the candidate's
 * own names (names and contacts never reach visitors).
 */
export function maskForVisitor(text: string, row: Pick<ResumeRow, 'firstName' | 'lastName' | 'middleName'>): string {
  let out = text.replace(EMAIL, HIDDEN_FOR_VISITORS).replace(LINK, HIDDEN_FOR_VISITORS).replace(HANDLE, HIDDEN_FOR_VISITORS);
  out = out.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/\D/g, '').length;
    return digits >= 10 && digits <= 15 ? HIDDEN_FOR_VISITORS : run;
  });
  for (const pattern of namePatterns(out, row)) out = out.replace(pattern, HIDDEN_FOR_VISITORS);
  return out;
}
