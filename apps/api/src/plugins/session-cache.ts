import { LRUCache } from 'lru-cache';

/**
 * A short in-process cache of "session id → signed-in user", so the hot signed-in reads
 * (main_info, access, notifications) cost no database round trip.
 *
 * Revocation stays immediate because every state-changing request empties the cache before
 * its answer leaves (logout, password change, flag or team changes all go through one), and a
 * lookup that began before such a change is never stored (the generation moved on meanwhile).
 * It is only safe where this process sees every write: the embedded database, which one
 * process owns. With PostgreSQL and several instances it stays off (ttl 0).
 * The entries themselves live in an lru-cache with a time to live per entry.
 */
export class SessionCache<T extends object> {
  private readonly entries: LRUCache<string, T> | null;
  private gen = 0;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 20_000,
  ) {
    this.entries = ttlMs > 0 ? new LRUCache<string, T>({ max: maxEntries, ttl: ttlMs }) : null;
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  /** Call before the lookup; pass the result to `set`. */
  generation(): number {
    return this.gen;
  }

  get(key: string): T | undefined {
    return this.entries?.get(key);
  }

  /** Stores a lookup unless something changed since it began; never past `expiresAt`. */
  set(key: string, value: T, generation: number, expiresAt: number): void {
    if (!this.entries || generation !== this.gen) return;
    const ttl = Math.min(this.ttlMs, expiresAt - Date.now());
    if (ttl > 0) this.entries.set(key, value, { ttl });
  }

  clear(): void {
    this.gen++;
    this.entries?.clear();
  }
}
