import { plural } from '@/shared/lib/format.ts';

const numberFormat = new Intl.NumberFormat('ru-RU');
const rub = (n: number) => `${numberFormat.format(n).replace(/\u202f|\u00a0/g, '\u00a0')}\u00a0₽`;

/** «от 100 000 ₽», «до 150 000 ₽», «100 000 – 150 000 ₽»; null when none is given. */
export function formatSalaryRange(from: number | null | undefined, to: number | null | undefined): string | null {
  const hasFrom = from !== null && from !== undefined;
  const hasTo = to !== null && to !== undefined;
  if (hasFrom && hasTo) return from === to ? rub(from) : `${numberFormat.format(from).replace(/\u202f|\u00a0/g, '\u00a0')} – ${rub(to)}`;
  if (hasFrom) return `от ${rub(from)}`;
  if (hasTo) return `до ${rub(to)}`;
  return null;
}

export const repliesText = (n: number) => `${numberFormat.format(n)} ${plural(n, ['отклик', 'отклика', 'откликов'])}`;
export const newRepliesText = (n: number) => `${numberFormat.format(n)} ${plural(n, ['новый', 'новых', 'новых'])}`;
export const viewsText = (n: number) => `${numberFormat.format(n)} ${plural(n, ['просмотр', 'просмотра', 'просмотров'])}`;

/** «24 ноября 2026». */
export function formatDay(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/** «24 ноября 2026, 14:05». */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
}
