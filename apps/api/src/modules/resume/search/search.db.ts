import pg from 'pg';
import { watchPool } from '../../../db/client.ts';
import { Outage } from '../../../lib/outage.ts';
import type { Sql } from './search.spec.ts';

/**
 * How the search runs its statements: straight on the driver (text + $n values — the SQL the bench
 * also runs by hand), independent statements at once on separate connections.
 *
 * On PostgreSQL the search has its own small pool (on SEARCH_DATABASE_URL, a read replica, when set)
 * whose sessions start with SEARCH_SESSION_SETTINGS (below: what each is for). The settings a session
 * cannot change (shared_buffers…) are in docs/performance.md as the server's recommended configuration.
 * PGlite has one connection: statements simply run one after another.
 */
export type SqlRunner = {
  /** Whether statements started together really run at once (a pool), or one after another (PGlite). */
  parallel: boolean;
  query<T>(statement: Sql): Promise<T[]>;
  /**
   * The statement in a transaction of its own with these planner settings (`SET LOCAL`) and a time
   * limit; over the limit it rejects with a QueryTimeout.
   */
  queryWith<T>(statement: Sql, opts: { settings: string[]; timeoutMs: number }): Promise<T[]>;
};

/** A statement stopped by its time limit (PostgreSQL's query_canceled). */
export class QueryTimeout extends Error {}
const isCanceled = (e: unknown) => (e as { code?: string })?.code === '57014';

type Client = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
async function inTransaction<T>(client: Client, statement: Sql, opts: { settings: string[]; timeoutMs: number }): Promise<T[]> {
  const settings = [...opts.settings, `statement_timeout = ${Math.max(1, Math.round(opts.timeoutMs))}`];
  await client.query(`BEGIN; ${settings.map((x) => `SET LOCAL ${x}`).join('; ')}`);
  try {
    const rows = (await client.query(statement.text, statement.values)).rows as T[];
    await client.query('COMMIT');
    return rows;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    if (isCanceled(e)) throw new QueryTimeout('statement timeout');
    throw e;
  }
}

/**
 * The planner and executor settings of every search session (sent as startup options, so they hold
 * from the first statement and survive nothing else: the app's own pool keeps the server's defaults).
 */
export const SEARCH_SESSION_SETTINGS: Record<string, string> = {
  // JIT compilation costs 20–100 ms and the cost estimates of exactly these aggregates trigger it,
  // while they run in a few milliseconds.
  jit: 'off',
  // Every statement is built to be driven by an index (partial, GIN, the sample); when an estimate
  // goes wrong on a very common word the planner must still not read the whole table.
  enable_seqscan: 'off',
  // Bitmaps of a big city's rows (200 000 in Moscow) stay exact instead of lossy (every row of a
  // lossy page is rechecked, the tsvector detoasted).
  work_mem: '32MB',
  // Measured here: an index entry read into a bitmap costs ~0.1 µs against ~3 µs for a heap page;
  // with the default the planner builds bitmaps of a quarter of the table to save a few heap reads.
  cpu_index_tuple_cost: '0.05',
  // The tables live in memory (the OS cache at least) on an SSD: a random page is not 4× a
  // sequential one, and the stock 4 makes the planner prefer big bitmaps to ordered index walks.
  random_page_cost: '1.1',
  // Bitmap heap scans prefetch this many pages ahead (the stock 1 reads them one by one when the
  // heap is not in shared_buffers).
  effective_io_concurrency: '64',
  // What the kernel caches for PostgreSQL (a planner hint only: nothing is allocated).
  effective_cache_size: '4GB',
  // A search is a few milliseconds of index work: starting parallel workers costs more than it
  // saves and takes the cores the concurrent searches need.
  max_parallel_workers_per_gather: '0',
};
export const SEARCH_SESSION_OPTIONS = Object.entries(SEARCH_SESSION_SETTINGS)
  .map(([k, v]) => `-c ${k}=${v}`)
  .join(' ');
export const SEARCH_POOL_SIZE = 8;
/**
 * Sessions the search pool keeps open while idle (and warms ahead: warmSearchPool): all of them. A
 * backend's first statements load the catalog entries of resumes, its indexes, the text search
 * dictionaries and the column statistics they touch: 20–70 ms a statement at 1 M resumes, enough to
 * push a relevance page past its walk's time limit onto the slow path.
 */
export const SEARCH_POOL_WARM = SEARCH_POOL_SIZE;

/** The search pool's statement limit when the app has not set one (config SEARCH_STATEMENT_TIMEOUT_MS). */
export const DEFAULT_SEARCH_TIMEOUT_MS = 5000;

/**
 * A pool for search statements (the bench uses it as the API does). With `statementTimeoutMs` every
 * statement is stopped by the server past that time (a walk's shorter `SET LOCAL` still wins), and a
 * server silent for two seconds more fails it on the client; lost connections go to `outage`.
 */
export function createSearchPool(config: pg.PoolConfig, statementTimeoutMs = 0, outage = new Outage('PostgreSQL (search)')): pg.Pool {
  const limits = statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 2000 } : {};
  const pool = new pg.Pool({
    ...config,
    statement_timeout: undefined,
    query_timeout: undefined,
    ...limits,
    max: SEARCH_POOL_SIZE,
    // A fresh backend is slow on its first statements (SEARCH_POOL_WARM; and without huge pages it
    // pays a page fault for every 4 kB of shared_buffers it first touches): the search keeps its
    // warm sessions instead of closing them after 10 s.
    min: SEARCH_POOL_WARM,
    idleTimeoutMillis: 5 * 60_000,
    options: SEARCH_SESSION_OPTIONS,
  });
  watchPool(pool, outage);
  return pool;
}

export function poolRunner(pool: pg.Pool): SqlRunner {
  return {
    parallel: true,
    query: async <T>(s: Sql) => (await pool.query(s.text, s.values)).rows as T[],
    async queryWith<T>(s: Sql, opts: { settings: string[]; timeoutMs: number }) {
      const client = await pool.connect();
      try {
        return await inTransaction<T>(client, s, opts);
      } finally {
        client.release();
      }
    },
  };
}

/**
 * Opens every session of the pool and runs these statements on each, one after another (with their
 * transaction settings, if any): each backend then has the catalog entries, dictionaries and
 * statistics of real searches before the first visitor's search reaches it.
 */
export async function warmSearchPool(
  pool: pg.Pool,
  statements: readonly { sql: Sql; settings: string[]; timeoutMs: number }[],
  sessions = SEARCH_POOL_WARM,
): Promise<void> {
  const clients = await Promise.all(Array.from({ length: sessions }, () => pool.connect()));
  // Every session finishes its own run before any goes back to the pool: a session released while
  // its statement still runs would be handed to a search mid-query.
  const runs = await Promise.allSettled(
    clients.map(async (c) => {
      await c.query('explain select r.id from resumes r where r.vacancy_id is null and r.id % 64 = 0 limit 1');
      // A walk past its time limit has loaded what it needed all the same.
      for (const s of statements) await inTransaction(c, s.sql, s).catch((e) => (e instanceof QueryTimeout ? [] : Promise.reject(e)));
    }),
  );
  for (const c of clients) c.release();
  const failed = runs.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
