import { LRUCache } from 'lru-cache';

/** What a signed-in lookup says of one session, as kept between requests. */
export type CachedSession<T> = {
  user: T;
  userId: number;
  /** The lead whose paid flags the user inherits; a change to the lead drops this entry too. */
  leadId: number | null;
  remember: boolean;
  lastSeenAt: number;
  expiresAt: number;
};

/**
 * An in-process cache of "session → signed-in user", so the hot signed-in reads (main_info, access,
 * notifications) cost no database round trip.
 *
 * It serves only while someone tells it of every change: the database announces each change to
 * users, sessions and team membership (migration 0030, session-revocation.ts), and the entries of
 * the users named are dropped (with those of the members of a lead among them). While that channel
 * is down the cache is off (`setEnabled(false)`), and it starts empty when the channel is back; while
 * it is silent past the deadline its watcher last set (`renew`), the cache does not serve.
 * A lookup that began before a change is never stored (the generation moved on meanwhile).
 * An entry also lives at most `ttlMs` and never past its session's expiry.
 */
export class SessionCache<T> {
  private readonly entries: LRUCache<string, CachedSession<T>> | null;
  /** Session keys by user and by lead, for dropping a user's entries without a scan. */
  private readonly byUser = new Map<number, Set<string>>();
  private readonly byLead = new Map<number, Set<string>>();
  private gen = 0;
  private on = false;
  /** Serves only before this time (Date.now()): the last proof that the notices still arrive. */
  private until = 0;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 20_000,
  ) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, CachedSession<T>>({
            max: maxEntries,
            ttl: ttlMs,
            dispose: (entry, key) => this.unindex(key, entry),
          })
        : null;
  }

  /** Configured (a time to live above zero) and told of changes right now. */
  get enabled(): boolean {
    return this.entries !== null && this.on && Date.now() < this.until;
  }

  /** On while the change notices arrive, serving until `until` unless renewed; any switch empties it. */
  setEnabled(on: boolean, until = Number.POSITIVE_INFINITY): void {
    this.on = on;
    this.until = on ? until : 0;
    this.clear();
  }

  /**
   * The notices are proven to arrive again: serve until `until`. What was kept stays, since every
   * notice sent before the proof has been heard (a silence with the same connection loses none).
   */
  renew(until: number): void {
    if (this.on && until > this.until) this.until = until;
  }

  /** Call before the lookup; pass the result to `set`. */
  generation(): number {
    return this.gen;
  }

  get(key: string): CachedSession<T> | undefined {
    if (!this.on) return undefined;
    const now = Date.now();
    if (now >= this.until) return undefined;
    const entry = this.entries?.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries?.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Stores a lookup unless something changed since it began; never past the session's expiry. */
  set(key: string, entry: CachedSession<T>, generation: number): void {
    if (!this.entries || !this.on || generation !== this.gen) return;
    const ttl = Math.min(this.ttlMs, entry.expiresAt - Date.now());
    if (ttl <= 0) return;
    this.entries.set(key, entry, { ttl });
    add(this.byUser, entry.userId, key);
    if (entry.leadId !== null) add(this.byLead, entry.leadId, key);
  }

  /** Drops one session's entry (its row was deleted or its user changed). */
  delete(key: string): void {
    this.gen++;
    this.entries?.delete(key);
  }

  /** Drops the entries of these users' sessions and of the sessions of their team members. */
  forgetUsers(ids: Iterable<number>): void {
    this.gen++;
    if (!this.entries) return;
    for (const id of ids) {
      for (const key of [...(this.byUser.get(id) ?? []), ...(this.byLead.get(id) ?? [])]) this.entries.delete(key);
    }
  }

  clear(): void {
    this.gen++;
    this.entries?.clear();
    this.byUser.clear();
    this.byLead.clear();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  private unindex(key: string, entry: CachedSession<T>) {
    remove(this.byUser, entry.userId, key);
    if (entry.leadId !== null) remove(this.byLead, entry.leadId, key);
  }
}

function add(index: Map<number, Set<string>>, id: number, key: string) {
  const keys = index.get(id);
  if (keys) keys.add(key);
  else index.set(id, new Set([key]));
}

function remove(index: Map<number, Set<string>>, id: number, key: string) {
  const keys = index.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) index.delete(id);
}
