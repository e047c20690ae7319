import { LRUCache } from 'lru-cache';

/**
 * An in-process LRU of promises with a time to live (lru-cache): concurrent identical computations
 * share one promise, and a rejected one is forgotten at once (`remember`).
 */
export type PromiseCache<V> = LRUCache<string, Promise<V>>;

/** A cache of at most `maxEntries` promises, each kept `ttlMs` after it was set; null when either is 0. */
export function promiseCache<V>(maxEntries: number, ttlMs: number): PromiseCache<V> | null {
  if (!(maxEntries > 0 && ttlMs > 0)) return null;
  return new LRUCache<string, Promise<V>>({ max: maxEntries, ttl: ttlMs });
}

/** Keeps `value` under `key` until it expires, or until it rejects. Returns `value`. */
export function remember<V>(cache: PromiseCache<V>, key: string, value: Promise<V>): Promise<V> {
  cache.set(key, value);
  value.catch(() => {
    if (cache.peek(key) === value) cache.delete(key);
  });
  return value;
}
