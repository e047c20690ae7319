import type { Dictionary, DictionaryItem, DictionaryName } from '@hr/contract';
import { DICTIONARY_CACHE_MS } from '@hr/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { storage } from '@/shared/lib/storage.ts';
import { fetchDictionaries } from './fetch-dictionaries.ts';

const CACHE_KEY = 'hr-club-dictionaries';

/** `version`: the server's version of the dictionaries when the copy was fetched (absent in older copies). */
type CachedDictionary = { at: number; data: Dictionary; version?: string };
type Cache = Partial<Record<DictionaryName, CachedDictionary>>;

const isFresh = (entry: CachedDictionary | undefined): entry is CachedDictionary =>
  Boolean(entry && entry.data.items.length > 0 && Date.now() - entry.at < DICTIONARY_CACHE_MS);

/** The version every copy of these names was fetched at, when they all have one and it is the same. */
function sharedVersion(cache: Cache, names: readonly DictionaryName[]): string | null {
  const versions = new Set(names.map((name) => (cache[name]?.data.items.length ? cache[name]?.version : undefined)));
  const [only] = versions;
  return versions.size === 1 && only ? only : null;
}

/**
 * SEED 7: dictionaries are kept in localStorage and refreshed only when empty or older than an hour.
 * An old copy is revalidated rather than downloaded again: when the server still has its version it
 * answers 304 and the copy counts as fetched now. A failed load is silently ignored: whatever is
 * cached (or nothing) is used.
 */
export async function loadDictionaries(names: readonly DictionaryName[]): Promise<Partial<Record<DictionaryName, DictionaryItem[]>>> {
  const cache = storage.getJson<Cache>(CACHE_KEY) ?? {};
  const missing = names.filter((name) => !isFresh(cache[name]));
  if (missing.length > 0) {
    try {
      const fetched = await fetchDictionaries(missing, sharedVersion(cache, missing));
      const now = Date.now();
      for (const name of missing) {
        const entry = cache[name];
        if (fetched.notModified) {
          if (entry) entry.at = now;
          continue;
        }
        const data = fetched.res[name];
        if (data) cache[name] = fetched.version ? { at: now, data, version: fetched.version } : { at: now, data };
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
