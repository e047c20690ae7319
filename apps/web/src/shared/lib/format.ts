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

// The one Russian plural of the app lives in the contract: the server's letters use it too.
export { plural } from '@hr/contract/plural';

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY, HH:mm') : '';
}
