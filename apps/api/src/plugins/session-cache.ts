/**
 * A short in-process cache of "session id → signed-in user", so the hot signed-in reads
 * (main_info, access, notifications) cost no database round trip.
 *
 * Revocation stays immediate because every state-changing request empties the cache before
 * its answer leaves (logout, password change, flag or team changes all go through one), and a
 * lookup that began before such a change is never stored (the generation moved on meanwhile).
 * It is only safe where this process sees every write: the embedded database, which one
 * process owns. With PostgreSQL and several instances it stays off (ttl 0).
 */
export class SessionCache<T> {
  private entries = new Map<string, { value: T; until: number }>();
  private gen = 0;

  constructor(
    private ttlMs: number,
    private maxEntries = 20_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Call before the lookup; pass the result to `set`. */
  generation(): number {
    return this.gen;
  }

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** Stores a lookup unless something changed since it began; never past `expiresAt`. */
  set(key: string, value: T, generation: number, expiresAt: number): void {
    if (!this.enabled || generation !== this.gen) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: Math.min(Date.now() + this.ttlMs, expiresAt) });
  }

  clear(): void {
    this.gen++;
    this.entries.clear();
  }
}
