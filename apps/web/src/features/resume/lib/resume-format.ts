import dayjs from 'dayjs';
import { plural } from '@/shared/lib/format.ts';

const YEARS = ['год', 'года', 'лет'] as const;
const MONTHS = ['месяц', 'месяца', 'месяцев'] as const;
const VIEWS = ['просмотр', 'просмотра', 'просмотров'] as const;

const CURRENCY_SIGNS: Record<string, string> = { RUR: '₽', RUB: '₽', USD: '$', EUR: '€', KZT: '₸', UAH: '₴', BYR: 'Br', BYN: 'Br' };

const numberFormat = new Intl.NumberFormat('ru-RU');

/** 1234567 → «1 234 567» (a plain space, not Intl's narrow no-break one, so it wraps nowhere odd). */
export function formatNumber(value: number): string {
  return numberFormat.format(value).replace(/\u202f|\u00a0/g, '\u00a0');
}

/** «35 лет», «21 год», «42 года». */
export function formatAge(age: number | null | undefined): string {
  if (age === null || age === undefined) return '';
  return `${age}\u00a0${plural(age, YEARS)}`;
}

/** «150 000 ₽»; null when no salary is given. */
export function formatSalary(salary: { amount: number; currency: string } | null | undefined): string | null {
  if (!salary) return null;
  const sign = CURRENCY_SIGNS[salary.currency] ?? salary.currency;
  return `${formatNumber(salary.amount)}\u00a0${sign}`;
}

/** Months → «5 лет 3 месяца», «11 месяцев», «Без опыта». */
export function formatDuration(totalMonths: number): string {
  if (totalMonths <= 0) return 'меньше месяца';
  const years = Math.floor(totalMonths / 12);
  const months = totalMonths % 12;
  const parts: string[] = [];
  if (years > 0) parts.push(`${years}\u00a0${plural(years, YEARS)}`);
  if (months > 0) parts.push(`${months}\u00a0${plural(months, MONTHS)}`);
  return parts.join(' ');
}

export function formatExperience(totalMonths: number): string {
  return totalMonths > 0 ? formatDuration(totalMonths) : 'Без опыта';
}

/** «7 ноября»: made once per time zone, a formatter is cheap to call for every card. */
const dayMonthFormats = new Map<string, Intl.DateTimeFormat>();
const dayMonthFormat = (timeZone: string | undefined) => {
  const key = timeZone ?? '';
  let format = dayMonthFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', ...(timeZone ? { timeZone } : {}) });
    dayMonthFormats.set(key, format);
  }
  return format;
};
const calendarFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of a moment (year, month 0–11, day), locally or in a time zone. */
function calendarDay(date: Date, timeZone: string | undefined): [number, number, number] {
  if (!timeZone) return [date.getFullYear(), date.getMonth(), date.getDate()];
  let format = calendarFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendarFormats.set(timeZone, format);
  }
  const [y, m, d] = format.format(date).split('-').map(Number);
  return [y ?? 0, (m ?? 1) - 1, d ?? 0];
}

/** A timestamp, or a bare «2025-11-07» read as that day (as dayjs does; `new Date` would take UTC midnight). */
function parseDay(value: string): { date: Date; bare: boolean } {
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return bare
    ? { date: new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3])), bare: true }
    : { date: new Date(value), bare: false };
}

const sameDay = (a: [number, number, number], b: [number, number, number]) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/**
 * «7 ноября 2025»; «сегодня», «вчера» for the last two days — the visitor's days, or those of
 * `timeZone` (a page the server draws and the browser hydrates shows Moscow's days until it has
 * hydrated: both sides must draw the same text). Plain Date arithmetic: every card of a search page
 * shows one, and dayjs's startOf/endOf comparisons were a measurable part of drawing them.
 */
export function formatDay(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const { date, bare } = parseDay(value);
  if (Number.isNaN(date.getTime())) return '';
  // A bare day is that day wherever the reader is.
  const zone = bare ? undefined : timeZone;
  const day = calendarDay(date, zone);
  const today = calendarDay(new Date(), timeZone);
  if (sameDay(day, today)) return 'сегодня';
  const yesterday = new Date(Date.UTC(today[0], today[1], today[2] - 1));
  if (sameDay(day, [yesterday.getUTCFullYear(), yesterday.getUTCMonth(), yesterday.getUTCDate()])) return 'вчера';
  return `${dayMonthFormat(zone).format(date)} ${day[0]}`;
}

/** «Обновлено 7 ноября 2025», «Обновлено сегодня». */
export function formatUpdated(value: string | null | undefined, timeZone?: string): string {
  const day = formatDay(value, timeZone);
  return day ? `Обновлено ${day}` : '';
}

/** «12 просмотров». */
export function formatViews(count: number): string {
  return `${formatNumber(count)}\u00a0${plural(count, VIEWS)}`;
}

/** «Май 2023». */
export function formatMonth(value: string): string {
  const date = dayjs(value);
  if (!date.isValid()) return value;
  const text = date.format('MMMM YYYY');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A person's name parts joined, or the initials the server gives instead. */
export function candidateName(parts: {
  first_name?: string | null;
  last_name?: string | null;
  middle_name?: string | null;
  initials?: string;
}): string {
  const full = [parts.last_name, parts.first_name, parts.middle_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || parts.initials || '';
}

/** hh.ru language levels. */
const LANGUAGE_LEVELS: Record<string, string> = {
  a1: 'A1 — начальный',
  a2: 'A2 — элементарный',
  b1: 'B1 — средний',
  b2: 'B2 — средне-продвинутый',
  c1: 'C1 — продвинутый',
  c2: 'C2 — в совершенстве',
  l1: 'Родной',
};

export function languageLevel(level: string): string {
  return LANGUAGE_LEVELS[level.toLowerCase()] ?? level;
}
