/**
 * A small in-process LRU with a time to live, holding promises: concurrent identical searches share
 * one computation, and a failed one is forgotten at once. TTL 0 turns it off.
 */
export class TtlCache<V> {
  private readonly map = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0;
  }

  get(key: string): Promise<V> | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (this.clock() - hit.at >= this.ttlMs) {
      this.map.delete(key);
      return undefined;
    }
    // Refresh its place in the LRU order.
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: Promise<V>): void {
    if (!this.enabled) return;
    this.map.delete(key);
    this.map.set(key, { at: this.clock(), value });
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
    value.catch(() => {
      if (this.map.get(key)?.value === value) this.map.delete(key);
    });
  }

  clear(): void {
    this.map.clear();
  }
}
