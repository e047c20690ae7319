/** Days of the history list, in the reader's own time zone (the list is drawn in the browser). */

const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });
const dayMonthYear = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const time = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-27` of a moment, by the reader's calendar. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** «Сегодня», «Вчера», «25 ноября»; another year is named: «28 декабря 2025». */
export function historyDayLabel(value: string | Date, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const key = dayKey(date);
  if (key === dayKey(now)) return 'Сегодня';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === dayKey(yesterday)) return 'Вчера';
  if (date.getFullYear() === now.getFullYear()) return dayMonth.format(date);
  return dayMonthYear.format(date).replace(/\s*г\.$/, '');
}

/** «14:05». */
export function openedTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : time.format(date);
}

export type DayGroup<T> = { key: string; label: string; items: T[] };

/** The list (newest first) cut into days, in the same order: one heading per day. */
export function groupByDay<T extends { opened_at: string }>(items: readonly T[], now: Date = new Date()): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(item.opened_at);
    const key = Number.isNaN(date.getTime()) ? 'unknown' : dayKey(date);
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, label: historyDayLabel(date, now), items: [item] });
  }
  return groups;
}

/** The text filter from the page's address (`?text=`), trimmed; empty is none. */
export function textFromParams(params: URLSearchParams): string {
  return params.get('text')?.trim() ?? '';
}
