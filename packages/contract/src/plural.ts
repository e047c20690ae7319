const russianPlural = new Intl.PluralRules('ru');

/**
 * The one Russian plural of the app, by the language's own rules (Intl.PluralRules 'ru'):
 * plural(1, ['новое', 'новых', 'новых']) → 'новое', 2 → 'новых'; forms are one, few, many.
 * Both the web and the server's letters use it.
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
