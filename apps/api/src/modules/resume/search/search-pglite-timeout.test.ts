import { sql as drizzleSql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/client.ts';
import { QueryTimeout, type SqlRunner } from './search.db.ts';
import { createSearchRuntime } from './search.runtime.ts';

/** The embedded database bounds a search's statements as PostgreSQL does (db/pglite-timeouts.ts). */
let database: Database;
let runner: SqlRunner;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  runner = createSearchRuntime(database, { statementTimeoutMs: 300 }).runner();
});
afterAll(async () => {
  await database.close();
});

const sql = (text: string) => ({ text, values: [] as unknown[] });

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  try {
    await run();
    return { ms: performance.now() - started, error: null };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

describe('PGlite: a search statement past its limit', () => {
  it('is cancelled at its own limit (a walk, an exact count), not awaited', async () => {
    const { ms, error } = await timed(() => runner.queryWith(sql('select pg_sleep(2)'), { settings: [], timeoutMs: 200 }));
    expect(error).toBeInstanceOf(QueryTimeout);
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(ms).toBeLessThan(200 + 300);
  });

  it("is cancelled at the search's statement limit (SEARCH_STATEMENT_TIMEOUT_MS)", async () => {
    const { ms, error } = await timed(() => runner.query(sql('select pg_sleep(2)')));
    expect(error).toBeInstanceOf(QueryTimeout);
    expect(ms).toBeLessThan(300 + 300);
  });

  it('leaves the database usable, and statements within their limits answer as before', async () => {
    expect(await runner.query(sql('select 1 as one'))).toEqual([{ one: 1 }]);
    expect(await runner.queryWith(sql('select pg_sleep(0.05), 2 as two'), { settings: ['enable_seqscan = off'], timeoutMs: 1000 })).toEqual(
      [{ pg_sleep: '', two: 2 }],
    );
    // The limit was the statement's own: the next statement has none.
    expect(await database.rows(drizzleSql`show statement_timeout`)).toEqual([{ statement_timeout: '0' }]);
  });

  it('a computing statement that comes back past its limit is a timeout too: its late rows are dropped', async () => {
    const { error } = await timed(() =>
      runner.queryWith(sql('select count(*) from generate_series(1, 2000000)'), { settings: [], timeoutMs: 5 }),
    );
    expect(error).toBeInstanceOf(QueryTimeout);
  });

  it('plans every search statement for its own values, as the unnamed statements on PostgreSQL', async () => {
    const setting = sql("select current_setting('plan_cache_mode') as mode");
    expect(await runner.query(setting)).toEqual([{ mode: 'force_custom_plan' }]);
    expect(await runner.queryWith(setting, { settings: ['work_mem = 8192'], timeoutMs: 1000 })).toEqual([{ mode: 'force_custom_plan' }]);
    // Only inside the search's own transactions: other statements keep PostgreSQL's choice.
    expect(await database.rows(drizzleSql`select current_setting('plan_cache_mode') as mode`)).toEqual([{ mode: 'auto' }]);
  });
});
