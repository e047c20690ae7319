/**
 * Russian month names in the two cases a date needs. «май 2021» stands alone (nominative); after
 * «с», «до», «от» and after a day number the month is in the genitive: «с января 2026», «до мая
 * 2021». Written out here rather than taken from a locale: Intl and dayjs give the nominative for
 * a month with a year and no day.
 */
const NOMINATIVE = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];
const GENITIVE = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

export type MonthCase = 'nominative' | 'genitive';

/** `YYYY-MM` (or a longer ISO date) → «январь 2026» / «января 2026»; anything else is returned as it came. */
export function monthYear(value: string | null | undefined, grammaticalCase: MonthCase = 'nominative'): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})/.exec(value);
  const index = match ? Number(match[2]) - 1 : -1;
  if (!match || index < 0 || index > 11) return value;
  const names = grammaticalCase === 'genitive' ? GENITIVE : NOMINATIVE;
  return `${names[index]} ${match[1]}`;
}

/** «май 2021 — март 2023», «с января 2026», «до мая 2021», «май 2021» (the same month at both ends). */
export function monthPeriod(from: string | null | undefined, to: string | null | undefined): string {
  if (from && to) return from.slice(0, 7) === to.slice(0, 7) ? monthYear(from) : `${monthYear(from)} — ${monthYear(to)}`;
  if (from) return `с ${monthYear(from, 'genitive')}`;
  if (to) return `до ${monthYear(to, 'genitive')}`;
  return '';
}
