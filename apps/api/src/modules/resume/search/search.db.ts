import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, watchPool } from '../../../db/client.ts';
import { Outage } from '../../../lib/outage.ts';
import type { Sql } from './search.sql.ts';

/**
 * How the search runs its statements: straight on the driver (text + $n values — the SQL the bench
 * also runs by hand), independent statements at once on separate connections.
 *
 * On PostgreSQL the search has its own small pool whose sessions start with:
 * - `jit = off`: JIT compilation costs 20–100 ms and the cost estimates of exactly these aggregate
 *   queries trigger it, while they run in a few milliseconds;
 * - `enable_seqscan = off`: every statement is built to be driven by an index (partial, GIN, the
 *   sample); when an estimate goes wrong on a very common word the planner must still not read the
 *   whole resumes table;
 * - `work_mem = 16MB`: bitmaps of a big city's rows (200 000 in Moscow) stay exact instead of
 *   turning lossy and making every row of their pages be rechecked;
 * - `cpu_index_tuple_cost = 0.05` (10× the default): measured here, an index entry read into a
 *   bitmap costs ~0.1 µs against ~3 µs for a heap page, and with the default the planner builds
 *   bitmaps of 200 000 entries (a quarter of the table: «part-time», «updated this month») to save
 *   a few thousand heap reads.
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

export const SEARCH_SESSION_OPTIONS = '-c jit=off -c enable_seqscan=off -c work_mem=16MB -c cpu_index_tuple_cost=0.05';
export const SEARCH_POOL_SIZE = 8;

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

const runners = new WeakMap<Database, { runner: SqlRunner; close(): Promise<void> }>();
const timeouts = new WeakMap<Database, number>();

/** The statement limit of this database's search pool (from the app's config, before the first search). */
export function setSearchStatementTimeout(database: Database, ms: number): void {
  if (timeouts.get(database) === ms) return;
  timeouts.set(database, ms);
  // A pool opened with another limit is replaced; its running statements finish first.
  const entry = runners.get(database);
  runners.delete(database);
  void entry?.close();
}

/** The search's runner for the app's database: its own pool beside the app's, or the PGlite instance. */
export function runnerFor(database: Database): SqlRunner {
  const known = runners.get(database);
  if (known) return known.runner;
  const client = (database.db as unknown as { $client: unknown }).$client;
  let entry: { runner: SqlRunner; close(): Promise<void> };
  if (database.kind === 'postgres') {
    const main = client as pg.Pool;
    const timeout = timeouts.get(database) ?? DEFAULT_SEARCH_TIMEOUT_MS;
    const pool = createSearchPool({ ...(main.options as pg.PoolConfig) }, timeout, database.outage);
    entry = { runner: poolRunner(pool), close: () => pool.end() };
  } else {
    const lite = client as PGlite;
    entry = {
      runner: {
        parallel: false,
        query: async <T>(s: Sql) => (await lite.query(s.text, s.values)).rows as T[],
        queryWith: <T>(s: Sql, opts: { settings: string[]; timeoutMs: number }) =>
          lite.transaction(async (tx) => {
            for (const x of opts.settings) await tx.exec(`SET LOCAL ${x}`);
            return (await tx.query(s.text, s.values)).rows as T[];
          }),
      },
      close: async () => {},
    };
  }
  runners.set(database, entry);
  return entry.runner;
}

/** Closes the search pool of this database (the app's onClose). */
export async function closeRunner(database: Database): Promise<void> {
  const entry = runners.get(database);
  runners.delete(database);
  await entry?.close();
}
