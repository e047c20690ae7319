import type { Dictionary, DictionaryItem, DictionaryName } from '@hr/contract';
import { DICTIONARY_CACHE_MS } from '@hr/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { storage } from '@/shared/lib/storage.ts';

const CACHE_KEY = 'hr-club-dictionaries';

type CachedDictionary = { at: number; data: Dictionary };
type Cache = Partial<Record<DictionaryName, CachedDictionary>>;

/** GET /api/dictionary?fields[]=a&fields[]=b */
export function fetchDictionaries(names: readonly DictionaryName[]): Promise<Partial<Record<DictionaryName, Dictionary>>> {
  return apiGet('/api/dictionary', { fields: names });
}

const isFresh = (entry: CachedDictionary | undefined): entry is CachedDictionary =>
  Boolean(entry && entry.data.items.length > 0 && Date.now() - entry.at < DICTIONARY_CACHE_MS);

/**
 * SEED 7: dictionaries are kept in localStorage and refreshed only when empty or older than an hour.
 * A failed load is silently ignored: whatever is cached (or nothing) is used.
 */
export async function loadDictionaries(names: readonly DictionaryName[]): Promise<Partial<Record<DictionaryName, DictionaryItem[]>>> {
  const cache = storage.getJson<Cache>(CACHE_KEY) ?? {};
  const missing = names.filter((name) => !isFresh(cache[name]));
  if (missing.length > 0) {
    try {
      const fetched = await fetchDictionaries(missing);
      const now = Date.now();
      for (const name of missing) {
        const data = fetched[name];
        if (data) cache[name] = { at: now, data };
      }
      storage.setJson(CACHE_KEY, cache);
    } catch {
      /* SEED 8: dictionary load failures are ignored */
    }
  }
  return Object.fromEntries(names.map((name) => [name, cache[name]?.data.items ?? []]));
}

export function useDictionaries(
  names: readonly DictionaryName[],
  options: { enabled?: boolean } = {},
): Partial<Record<DictionaryName, DictionaryItem[]>> {
  const key = [...names].sort();
  const query = useQuery({
    queryKey: ['dictionary', ...key],
    queryFn: () => loadDictionaries(key as DictionaryName[]),
    staleTime: DICTIONARY_CACHE_MS,
    enabled: options.enabled ?? true,
  });
  return query.data ?? {};
}

/** Titles of a (possibly nested) dictionary, leaves and branches alike, without repeats. */
export function dictionaryTitles(items: readonly DictionaryItem[] | undefined): string[] {
  const titles = new Set<string>();
  const walk = (list: readonly DictionaryItem[]) => {
    for (const item of list) {
      titles.add(item.title);
      if (item.children) walk(item.children);
    }
  };
  walk(items ?? []);
  return [...titles];
}
