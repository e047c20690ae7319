import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDictionaries } from '../src/modules/dictionary/dictionary.seed.ts';
import { borrowPglite } from './pglite-pool.ts';

/**
 * A database of the test file's own, for tests that run the worker over the whole jobs table or
 * delete by age (the cleanup): on the shared TEST_DATABASE_URL they would take other files' jobs
 * and rows. A PGlite of the worker's other than the file's shared one, emptied (`dispose()` lends it
 * to the next file), or a fresh PostgreSQL database next to TEST_DATABASE_URL, dropped by `dispose()`.
 */
export async function privateDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const lent = await borrowPglite();
    return { database: lent.database, dispose: async () => lent.release() };
  }
  const name = `hr_private_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: own.toString() });
  await database.migrate();
  await seedDictionaries(database);
  return {
    database,
    async dispose() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
