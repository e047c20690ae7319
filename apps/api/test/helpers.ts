import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDictionaries } from '../src/modules/dictionary/dictionary.seed.ts';
import { borrowPglite } from './pglite-pool.ts';

/** The current file's database; forgotten after the file (test/setup.ts). */
let shared: Promise<Database> | undefined;

/**
 * What to close after the file, newest first. Run by test/setup.ts, whose hooks belong to every
 * file: an `afterAll` called from inside a `beforeAll` (where the apps are built) is never run, which
 * left every private PostgreSQL database behind, and with `isolate: false` one registered at the top
 * of this module would belong to the first file of the worker only.
 */
const cleanups: (() => Promise<void> | void)[] = [];
export const afterFile = (cleanup: () => Promise<void> | void) => {
  cleanups.push(cleanup);
};

/** Called once after each file (test/setup.ts). */
export async function closeFileResources(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  shared = undefined;
}

/**
 * The file's database: a PGlite of the worker's, emptied for this file (test/pglite-pool.ts), or
 * the PostgreSQL of TEST_DATABASE_URL, shared with the files running beside it.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      const lent = await borrowPglite();
      afterFile(() => lent.release());
      return lent.database;
    }
    const database = await openDatabase({ databaseUrl: url });
    await seedDictionaries(database);
    afterFile(() => database.close());
    return database;
  })();
  return shared;
}

export function testConfig(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hr-test-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret',
      REGISTER_LIMIT_PER_HOUR: '100000',
      // Tests change rows behind the app's back; session-cache.test.ts turns it on.
      SESSION_CACHE_SECONDS: '0',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    overrides,
  );
}

/**
 * A fresh app on a database of the file's own (a second PGlite of the worker, or a new PostgreSQL database): for
 * files whose assertions count rows that other files, running beside them, also write (broadcasts,
 * search pages) or that run the job queue (on a shared database the worker would take, and run
 * with its own configuration, jobs another file waits for).
 * `alongside`: an app made by this function whose database this one shares (a second
 * configuration of the same club, say a lower limit).
 */
export async function createPrivateTestApp(env: Record<string, string> = {}, alongside?: BuiltApp): Promise<BuiltApp> {
  if (alongside) {
    const second = await buildApp(testConfig(env), { database: alongside.ctx.database, startWorker: false, logger: false });
    afterFile(() => second.app.close());
    return second;
  }
  const { privateDatabase } = await import('./private-database.ts');
  const priv = await privateDatabase();
  const built = await buildApp(testConfig(env), { database: priv.database, startWorker: false, logger: false });
  afterFile(async () => {
    await built.app.close();
    await priv.dispose();
  });
  return built;
}

/** A fresh app on the file's shared database; closed after the file. */
export async function createTestApp(env: Record<string, string> = {}): Promise<BuiltApp> {
  const database = await testDatabase();
  const built = await buildApp(testConfig(env), { database, startWorker: false, logger: false });
  afterFile(() => built.app.close());
  return built;
}

export { type Answer, registeredMember, registrationPayload, TestClient, uniqueEmail, uniquePhone } from './client.ts';
