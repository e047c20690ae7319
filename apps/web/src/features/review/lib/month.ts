import dayjs from 'dayjs';
import { monthPeriod } from '@/shared/lib/month-names.ts';

/** `YYYY-MM` (the wire) → `YYYY-MM-01` (what Mantine's month picker holds). */
export const monthToPicker = (month: string | null | undefined): string | null => (month ? `${month}-01` : null);

/** The picker's `YYYY-MM-DD` → `YYYY-MM`. */
export const pickerToMonth = (value: string | null | undefined): string | null => (value ? value.slice(0, 7) : null);

/** «май 2021» */
export function formatMonth(month: string | null | undefined): string {
  if (!month) return '';
  const date = dayjs(`${month}-01`);
  return date.isValid() ? date.format('MMMM YYYY') : month;
}

/** «май 2021 — март 2023», «с января 2026», «до мая 2021» (the shared formatter, with the genitive after «с» and «до»). */
export const formatPeriod = (from: string | null, to: string | null): string => monthPeriod(from, to);

/** «7 ноября 2025» */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY') : '';
}
