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
};

const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

/** PostgreSQL when a URL is given; otherwise PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several instances may start at once: one migrates, the others wait on the lock.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(72810001)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(72810001)').catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
      rows: async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  let location = dir;
  if (!dir.startsWith('memory://')) {
    location = path.join(dir, 'pgdata');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
    rows: async <T>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
  };
}
