import { plural } from '@hr/contract/plural';

/** A period of Moscow days (YYYY-MM-DD); an end left out is the vacancy's first day or today. */
export type Period = { from?: string; to?: string };

export const PERIOD_CHOICES = [
  { value: '30', label: '30 дней' },
  { value: '90', label: '90 дней' },
  { value: 'all', label: 'Всё время' },
] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number]['value'];

export const periodChoiceOf = (raw: string | null): PeriodChoice => (raw === '30' || raw === '90' ? raw : 'all');

/** Today in Moscow, YYYY-MM-DD. */
export const moscowToday = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The last N Moscow days, today included; `all`: the server's default (the whole life of the vacancy). */
export function periodOf(choice: PeriodChoice, today: string = moscowToday()): Period {
  if (choice === 'all') return {};
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (Number(choice) - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to: today };
}

/** 05.10 of 2026-10-05; with the year: 05.10.2026. */
export const dayLabel = (day: string, withYear = false): string =>
  `${day.slice(8, 10)}.${day.slice(5, 7)}${withYear ? `.${day.slice(0, 4)}` : ''}`;

const decimal = (x: number): string => String(x).replace('.', ',');

/** 0.667 → «66,7 %»; null → «—». */
export const percentText = (x: number | null): string => (x == null ? '—' : `${decimal(Math.round(x * 1000) / 10)} %`);

/** 1 → «1 день», 2,5 → «2,5 дня» (a fraction takes the genitive singular), null → «—». */
export function daysText(days: number | null): string {
  if (days == null) return '—';
  const unit = Number.isInteger(days) ? plural(days, ['день', 'дня', 'дней']) : 'дня';
  return `${decimal(days)} ${unit}`;
}
