
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDictionaries } from '../src/modules/dictionary/dictionary.seed.ts';

let shared: Promise<Database> | undefined;

/**
 * What to close after the file, newest first. Registered here, while the file is collected: an
 * `afterAll` called from inside a `beforeAll` (where the apps are built) is never run, which left
 * every private PostgreSQL database behind.
 */
const cleanups: (() => Promise<void> | void)[] = [];
const afterFile = (cleanup: () => Promise<void> | void) => cleanups.push(cleanup);
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One database per test file: PGlite in memory, or the PostgreSQL of TEST_DATABASE_URL. */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const database = await openDatabase(url ? { databaseUrl: url } : {});
    if (!url) await database.migrate();
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
 * A fresh app on a database of the file's own (PGlite in memory, or a new PostgreSQL database): for
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
