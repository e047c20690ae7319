import { PHONE_REPEATED_DIGIT_LIMIT } from './constants.ts';

/** The ten digits after +7, or null when the input cannot be a Russian mobile/landline number. */
export function phoneDigits(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/** SEED 5: +7, area code starting with 3, 4, 8 or 9, never 7 equal digits in a row. */
export function isValidPhone(input: string): boolean {
  const trimmed = input.trim();
  if (!/^\+?[\d\s()-]+$/.test(trimmed)) return false;
  const digits = phoneDigits(trimmed);
  if (!digits) return false;
  if (!/^[3489]/.test(digits)) return false;
  const full = `7${digits}`;
  const repeated = new RegExp(`(\\d)\\1{${PHONE_REPEATED_DIGIT_LIMIT - 1},}`);
  return !repeated.test(full);
}

/** +7 (XXX) XXX-XX-XX */
export function formatPhone(digits10: string): string {
  const d = digits10;
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8, 10)}`;
}

/** +7 (9**) ***-**-12 — enough to recognise one's own number, not to call it. */
export function maskPhone(digits10: string): string {
  const d = digits10;
  return `+7 (${d.slice(0, 1)}**) ***-**-${d.slice(8, 10)}`;
}

export const PHONE_MASK = '+7 (000) 000-00-00';
