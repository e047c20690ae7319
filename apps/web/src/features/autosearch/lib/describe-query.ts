import type { DictionaryItem, DictionaryName } from '@hr/contract';
import { plural } from '@hr/contract/plural';

/** The dictionaries a saved search is described with (the search page's own, cached for an hour). */
export const DESCRIBE_DICTIONARIES = [
  'search_city',
  'roleTree',
  'experience',
  'workingType',
  'schedule',
  'education',
  'sex',
  'drive',
  'resumeStatus',
  'lastActive',
  'searchOrderBy',
] as const satisfies readonly DictionaryName[];

export type DescribeDictionaries = Partial<Record<DictionaryName, readonly DictionaryItem[]>>;

/** The parameters said with their values' titles, in this order; the rest are counted as «ещё N». */
const LISTED: readonly { key: string; dictionary: DictionaryName; prefix?: string }[] = [
  { key: 'roleTree', dictionary: 'roleTree' },
  { key: 'search_city', dictionary: 'search_city' },
  { key: 'experience', dictionary: 'experience', prefix: 'опыт: ' },
  { key: 'workingType', dictionary: 'workingType' },
  { key: 'schedule', dictionary: 'schedule' },
];

/** Parameters that are not conditions: how the words match, the page. */
const NOT_CONDITIONS = new Set(['logic', 'field', 'period', 'page', 'per_page', 'text', 'query', 'searchOrderBy', 'relocation']);

const CONDITIONS = ['условие', 'условия', 'условий'] as const;

const money = new Intl.NumberFormat('ru-RU');
const rub = (value: string) => `${money.format(Number(value)).replace(/\u202f/g, '\u00a0')}\u00a0₽`;

function titles(items: readonly DictionaryItem[] | undefined): Map<string, string> {
  const map = new Map<string, string>();
  const walk = (list: readonly DictionaryItem[]) => {
    for (const item of list) {
      map.set(item.value, item.title);
      if (item.children) walk(item.children);
    }
  };
  walk(items ?? []);
  return map;
}

/** `name[]=a&name=b` → the values of `name`, however the list was written. */
function valuesOf(params: URLSearchParams, key: string): string[] {
  return [...params.getAll(`${key}[]`), ...params.getAll(key)].filter((value) => value !== '');
}

function range(from: string | null, to: string | null, format: (value: string) => string): string | null {
  if (from && to) return `${format(from)}–${format(to)}`;
  if (from) return `от ${format(from)}`;
  if (to) return `до ${format(to)}`;
  return null;
}

/**
 * A saved search's conditions in a few Russian words, in the order a member reads them:
 * «IT-рекрутер», the roles, the cities, the experience, salary, age…; what does not fit is «ещё N условий».
 */
export function describeQuery(query: string, dictionaries: DescribeDictionaries = {}, maxParts = 5): string[] {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const parts: string[] = [];
  let more = 0;
  const push = (part: string | null) => {
    if (!part) return;
    if (parts.length < maxParts) parts.push(part);
    else more += 1;
  };

  const text = params.get('text')?.trim();
  if (text) push(`«${text}»`);
  const advanced = params.get('query')?.trim();
  if (advanced) push(`запрос: ${advanced}`);

  const seen = new Set<string>();
  for (const { key, dictionary, prefix = '' } of LISTED) {
    seen.add(key);
    const values = valuesOf(params, key);
    if (values.length === 0) continue;
    // Until the dictionary has come the values are not named, nor counted (a moment later they are).
    if (!dictionaries[dictionary]?.length) continue;
    const names = titles(dictionaries[dictionary]);
    const known = values.map((value) => names.get(value)).filter((title): title is string => Boolean(title));
    if (known.length === 0) {
      more += 1;
      continue;
    }
    const shown = known.slice(0, 2).join(', ');
    const rest = values.length - Math.min(known.length, 2);
    push(`${prefix}${shown}${rest > 0 ? ` и ещё ${rest}` : ''}`);
  }

  const salary = range(params.get('salary_from'), params.get('salary_to'), rub);
  push(salary ? `зарплата ${salary}` : null);
  const age = range(params.get('age_from'), params.get('age_to'), (value) => value);
  push(age ? `возраст ${age}` : null);
  for (const key of ['salary_from', 'salary_to', 'age_from', 'age_to']) seen.add(key);

  // Every other condition (sex, education, metro, status…) is counted, not spelled out.
  const others = new Set<string>();
  params.forEach((value, rawKey) => {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    if (value === '' || seen.has(key) || NOT_CONDITIONS.has(key)) return;
    others.add(key);
  });
  more += others.size;
  if (more > 0) parts.push(`ещё ${more} ${plural(more, CONDITIONS)}`);
  return parts;
}

/** The order of the results when it is not the default («по дате изменения»), else null. */
export function orderOf(query: string, dictionaries: DescribeDictionaries = {}): string | null {
  const order = new URLSearchParams(query.replace(/^\?/, '')).get('searchOrderBy');
  if (!order || order === 'relevance') return null;
  return titles(dictionaries.searchOrderBy).get(order) ?? null;
}

/**
 * A name for a search about to be saved: its words and its first city or role, e.g. «IT-рекрутер,
 * Москва»; without words, the role and the city; without anything, «Все резюме».
 */
export function suggestName(query: string, dictionaries: DescribeDictionaries = {}, maxLength = 100): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const first = (key: string, dictionary: DictionaryName) => {
    const value = valuesOf(params, key)[0];
    return value ? (titles(dictionaries[dictionary]).get(value) ?? null) : null;
  };
  const words = params.get('text')?.trim() || params.get('query')?.trim() || null;
  const role = first('roleTree', 'roleTree');
  const city = first('search_city', 'search_city');
  const parts = [words ?? role, city].filter((part): part is string => Boolean(part));
  const joined = parts.join(', ');
  const name = joined ? joined.charAt(0).toUpperCase() + joined.slice(1) : 'Все резюме';
  return name.length > maxLength ? `${name.slice(0, maxLength - 1).trimEnd()}…` : name;
}
