import { PHONE_REPEATED_DIGIT_LIMIT } from './constants.ts';
import { MSG } from './messages.ts';

/** The ten digits after +7, or null when the input cannot be a Russian mobile/landline number. */
export function phoneDigits(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

const PHONE_AREA_STARTS = /^[3489]/;
const REPEATED = new RegExp(`(\\d)\\1{${PHONE_REPEATED_DIGIT_LIMIT - 1},}`);

/** How many digits the person gave after the country code (what a half-typed mask shows counts too). */
function digitsAfterCountry(trimmed: string): string {
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+7')) return digits.slice(1);
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return digits.slice(1);
  return digits;
}

/**
 * SEED 5's phone rule, with what exactly is wrong: +7, ten digits, an area code starting with 3, 4,
 * 8 or 9, never 7 equal digits in a row. Null when the number is fine. The text starts with SEED's
 * «Ошибка заполнения данных» and says after it what to fix (one rule for the forms and the server).
 */
export function phoneProblem(input: string): string | null {
  const trimmed = input.trim();
  const detail = (text: string) => `${MSG.fillError}: ${text}`;
  if (!/^\+?[\d\s()-]+$/.test(trimmed)) return detail('в номере могут быть только цифры, +, скобки и дефисы');
  const digits = digitsAfterCountry(trimmed);
  if (digits.length < 10) return detail(`не хватает цифр — после +7 нужно 10, введено ${digits.length}`);
  if (digits.length > 10) return detail(`лишние цифры — после +7 нужно 10, введено ${digits.length}`);
  if (!PHONE_AREA_STARTS.test(digits)) {
    return detail('не российский номер: после +7 код начинается с 9 (мобильный) или с 3, 4, 8 (городской)');
  }
  if (REPEATED.test(`7${digits}`)) return detail(`${PHONE_REPEATED_DIGIT_LIMIT} одинаковых цифр подряд — проверьте номер`);
  return null;
}

/** SEED 5: +7, area code starting with 3, 4, 8 or 9, never 7 equal digits in a row. */
export function isValidPhone(input: string): boolean {
  return phoneProblem(input) === null;
}

/**
 * For a zod `.refine(isValidPhone, PHONE_REFINE)`: the message says what is wrong with this number
 * (the input is the refined string).
 */
export const PHONE_REFINE = {
  error: (issue: { input?: unknown }) => phoneProblem(String(issue.input ?? '')) ?? MSG.fillError,
};

/** +7 (XXX) XXX-XX-XX */
export function formatPhone(digits10: string): string {
  const d = digits10;
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8, 10)}`;
}

/**
 * A stored phone as people read it: «+7 903 555-11-22». Takes the ten digits or any stored form
 * (+79035551122, 8 903 …); what is not a Russian number comes back as it was.
 */
export function displayPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const d = phoneDigits(stored);
  if (!d) return stored.trim();
  return `+7 ${d.slice(0, 3)} ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8, 10)}`;
}

/** +7 (9**) ***-**-12 — enough to recognise one's own number, not to call it. */
export function maskPhone(digits10: string): string {
  const d = digits10;
  return `+7 (${d.slice(0, 1)}**) ***-**-${d.slice(8, 10)}`;
}

export const PHONE_MASK = '+7 (000) 000-00-00';

/**
 * Digits typed before the mask came alive («9770609447», «8 977 060», «+7977…») as the mask shows
 * them: «+7 (977) 060-94-47», or as far as they go («+7 (977) 06»).
 */
export function phoneIntoMask(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (typed.trim().startsWith('+7') || (digits.length === 11 && /^[78]/.test(digits))) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  let out = '';
  let next = 0;
  for (const ch of PHONE_MASK) {
    if (next >= digits.length) break;
    out += ch === '0' ? digits[next++] : ch;
  }
  return out;
}
