import dayjs from 'dayjs';

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

/** «май 2021 — март 2023», «с мая 2021» style is avoided: either end may be missing. */
export function formatPeriod(from: string | null, to: string | null): string {
  if (from && to) return from === to ? formatMonth(from) : `${formatMonth(from)} — ${formatMonth(to)}`;
  if (from) return `с ${formatMonth(from)}`;
  if (to) return `до ${formatMonth(to)}`;
  return '';
}

/** «7 ноября 2025» */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY') : '';
}
