import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { Outage, type OutageLogger } from '../lib/outage.ts';
import { usePreparedStatements } from './pglite-prepared.ts';
import { enablePgliteTimeouts } from './pglite-timeouts.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
// Both drivers' result kinds meet here.
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Rows of a raw statement, whatever the driver. */
  rows<T>(query: SQL): Promise<T[]>;
  /** Lost connections of this database, logged once per outage. */
  outage: Outage;
};

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  /** Where an outage of PostgreSQL is reported (the console when not given). */
  log?: OutageLogger;
  /** Server-side limit of every statement of the pool; 0 (the default) for none, as the CLI's imports need. */
  statementTimeoutMs?: number;
};

const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

/** A request during an outage fails this fast instead of waiting for a connection that never comes. */
export const PG_CONNECT_TIMEOUT_MS = 3000;

/** Pool settings shared by the app's pool and the search pool. */
export function pgPoolConfig(connectionString: string, statementTimeoutMs = 0): pg.PoolConfig {
  return {
    connectionString,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // The client-side limit only fires when the server is silent past its own limit (a dead network).
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 2000 } : {}),
  };
}

/**
 * Routes every connection error to `outage`. Without listeners a terminated backend or a restart
 * is an unhandled 'error' event that ends the process; with them the dead client is dropped and the
 * pool opens fresh ones on demand, so it recovers by itself.
 */
export function watchPool(pool: pg.Pool, outage: Outage): void {
  // An idle client died: its own listener below has already counted it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // A checked-out client (inside a transaction) has no pool listener of its own.
    client.on('error', (err) => outage.failed(err));
    outage.recovered();
  });
}

/** PostgreSQL when a URL is given; otherwise PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const outage = new Outage(opts.databaseUrl ? 'PostgreSQL' : 'PGlite', opts.log);
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    // DB_POOL_MAX (10): connections per instance. More moves the wait from this pool into PostgreSQL's
    // CPU, where calls that need no database (a cached session) then wait too (docs/performance.md).
    const pool = new pg.Pool({ ...pgPoolConfig(url, opts.statementTimeoutMs), max: Number(process.env.DB_POOL_MAX) || 10 });
    watchPool(pool, outage);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // A client of its own, without the statement limit: an index on a million rows takes time.
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
        client.on('error', (err) => outage.failed(err));
        await client.connect();
        try {
          // Several instances may start at once: one migrates, the others wait on the lock.
          await client.query('select pg_advisory_lock(72810001)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(72810001)').catch(() => {});
          await client.end().catch(() => {});
        }
      },
      close: () => pool.end(),
      rows: async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
      outage,
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  let location = dir;
  if (!dir.startsWith('memory://')) {
    location = path.join(dir, 'pgdata');
    mkdirSync(location, { recursive: true });
  }
  // PostgreSQL's statement_timeout inside PGlite (the search's limits): pglite-timeouts.ts.
  enablePgliteTimeouts();
  // Each statement parsed and planned once (pglite-prepared.ts).
  const client = usePreparedStatements(await PGlite.create(location, { extensions: { pg_trgm } }));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
    rows: async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    outage,
  };
}
