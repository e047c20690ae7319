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

const russianPlural = new Intl.PluralRules('ru');

/**
 * The one Russian plural of the app, by the language's own rules (Intl.PluralRules 'ru'):
 * plural(1, ['новое', 'новых', 'новых']) → 'новое', 2 → 'новых'; forms are one, few, many.
 */
export function plural(count: number, forms: readonly [one: string, few: string, many: string]): string {
  switch (russianPlural.select(Math.abs(count))) {
    case 'one':
      return forms[0];
    case 'few':
      return forms[1];
    default:
      return forms[2];
  }
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY, HH:mm') : '';
}
