import dayjs from 'dayjs';

/** «ИП» from name and family; a single letter when one is missing. */
export function initials(name?: string | null, family?: string | null): string {
  const letters = [name, family].map((part) => part?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase() || '?';
}

export function fullName(name?: string | null, family?: string | null): string {
  return [name, family]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** Russian plural: plural(5, ['отклик', 'отклика', 'откликов']) → 'откликов'. */
export function plural(count: number, forms: readonly [string, string, string]): string {
  const n = Math.abs(count) % 100;
  const n1 = n % 10;
  if (n > 10 && n < 20) return forms[2];
  if (n1 > 1 && n1 < 5) return forms[1];
  if (n1 === 1) return forms[0];
  return forms[2];
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY, HH:mm') : '';
}
