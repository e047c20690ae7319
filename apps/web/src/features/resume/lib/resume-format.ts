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

/** «7 ноября»: made once, a formatter is cheap to call for every card. */
const dayMonthFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });

/** A timestamp, or a bare «2025-11-07» read as that local day (as dayjs does; `new Date` would take UTC midnight). */
function parseDay(value: string): Date {
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return bare ? new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3])) : new Date(value);
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * «7 ноября 2025»; «сегодня», «вчера» for the last two days. Plain Date arithmetic: every card of a
 * search page shows one, and dayjs's startOf/endOf comparisons were a measurable part of drawing them.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseDay(value);
  if (Number.isNaN(date.getTime())) return '';
  const today = new Date();
  if (sameDay(date, today)) return 'сегодня';
  if (sameDay(date, new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1))) return 'вчера';
  return `${dayMonthFormat.format(date)} ${date.getFullYear()}`;
}

/** «Обновлено 7 ноября 2025», «Обновлено сегодня». */
export function formatUpdated(value: string | null | undefined): string {
  const day = formatDay(value);
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
