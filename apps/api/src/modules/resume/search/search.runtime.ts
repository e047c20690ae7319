import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../../db/client.ts';
import { ONE_OFF } from '../../../db/pglite-prepared.ts';
import { type PromiseCache, promiseCache } from '../../../lib/promise-cache.ts';
import { createSearchPool, DEFAULT_SEARCH_TIMEOUT_MS, poolRunner, QueryTimeout, type SqlRunner, warmSearchPool } from './search.db.ts';
import type { Sql } from './search.spec.ts';
import { forgetMaskedTexts } from '../resume.mask.ts';

/**
 * What the search keeps between requests, one per app (`ctx.search`, built in app.ts): the runner
 * of its statements (its own pool on PostgreSQL, opened on first use, on the replica when
 * SEARCH_DATABASE_URL is set; the PGlite instance itself otherwise) and its caches.
 */
export type SearchRuntime = {
  runner(): SqlRunner;
  /** The search pool (opening it), or null on PGlite. */
  pool(): pg.Pool | null;
  /** Opens every session of the pool and runs these statements on each (PostgreSQL only). */
  warm(statements: readonly { sql: Sql; settings: string[]; timeoutMs: number }[]): Promise<void>;
  /** The cache of one kind (counts, pages) for a TTL and a size; null when the TTL is 0. */
  cache<V>(kind: 'stats' | 'page', ttlMs: number, entries: number): PromiseCache<V> | null;
  /** Forgets every cached count and page, and the masked texts (after an import or a deletion on request). */
  invalidate(): void;
  close(): Promise<void>;
};

export type SearchRuntimeSettings = {
  /** The statement limit of the search pool (config SEARCH_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** A read replica the search runs on (config SEARCH_DATABASE_URL); undefined: the app's database. */
  databaseUrl?: string;
};

export function createSearchRuntime(database: Database, settings: SearchRuntimeSettings = {}): SearchRuntime {
  let opened: { runner: SqlRunner; pool?: pg.Pool } | null = null;
  const caches = new Map<string, PromiseCache<unknown>>();
  const open = () => {
    if (opened) return opened;
    const client = (database.db as unknown as { $client: unknown }).$client;
    if (database.kind === 'postgres') {
      const main = client as pg.Pool;
      // On a replica: the app pool's settings (timeouts, keep-alive, application name), its address.
      const where = settings.databaseUrl ? { connectionString: settings.databaseUrl } : {};
      const pool = createSearchPool(
        { ...(main.options as pg.PoolConfig), ...where },
        settings.statementTimeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS,
        database.outage,
      );
      opened = { runner: poolRunner(pool), pool };
    } else {
      opened = { runner: pgliteRunner(client as PGlite, settings.statementTimeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS) };
    }
    return opened;
  };
  return {
    runner: () => open().runner,
    pool: () => open().pool ?? null,
    async warm(statements) {
      const pool = open().pool;
      if (pool) await warmSearchPool(pool, statements);
    },
    cache<V>(kind: 'stats' | 'page', ttlMs: number, entries: number) {
      const key = `${kind}:${ttlMs}:${entries}`;
      let cache = caches.get(key);
      if (!cache) {
        const made = promiseCache<unknown>(entries, ttlMs);
        if (!made) return null;
        cache = made;
        caches.set(key, cache);
      }
      // The key names the kind, so an entry holds the values of that kind only.
      return cache as PromiseCache<V>;
    },
    invalidate() {
      for (const cache of caches.values()) cache.clear();
      // The masking's memo is the process's, not this app's: a deletion on request empties it too.
      forgetMaskedTexts();
    },
    async close() {
      const pool = opened?.pool;
      opened = null;
      await pool?.end();
    },
  };
}

/**
 * PGlite has one connection: statements run one after another, each in a transaction of its own
 * with its limit (`statementTimeoutMs`, as the search pool's sessions on PostgreSQL; a walk's or an
 * exact count's shorter one). PostgreSQL's statement_timeout stops a statement that reads the clock
 * (db/pglite-timeouts.ts); a statement that only computes cannot be interrupted on the thread that
 * runs it, so one that comes back past its limit is answered as a timeout all the same: its late
 * rows are dropped, and the search goes on (or fails) exactly as on PostgreSQL (docs/decisions.md).
 */
export function pgliteRunner(lite: PGlite, statementTimeoutMs: number): SqlRunner {
  const run = async <T>(s: Sql, settings: string[], timeoutMs: number): Promise<T[]> => {
    const limit = Math.max(1, Math.round(timeoutMs));
    try {
      return await lite.transaction(async (tx) => {
        // Custom plans, as the unnamed statements of PostgreSQL's pool: the best plan of a search
        // depends on its values (db/pglite-prepared.ts keeps statements named). One message for all.
        const local = [...settings, 'plan_cache_mode = force_custom_plan', `statement_timeout = ${limit}`];
        await tx.exec(local.map((x) => `SET LOCAL ${x}`).join('; '));
        const started = performance.now();
        const rows = (await tx.query(s.text, s.values)).rows as T[];
        if (performance.now() - started > limit) throw new QueryTimeout('statement timeout (late result dropped)');
        return rows;
      });
    } catch (e) {
      if ((e as { code?: string })?.code === '57014') throw new QueryTimeout('statement timeout');
      throw e;
    }
  };
  return {
    parallel: false,
    query: <T>(s: Sql) =>
      statementTimeoutMs > 0 ? run<T>(s, [], statementTimeoutMs) : lite.query(s.text, s.values, ONE_OFF).then((r) => r.rows as T[]),
    queryWith: <T>(s: Sql, opts: { settings: string[]; timeoutMs: number }) => run<T>(s, opts.settings, opts.timeoutMs),
  };
}
