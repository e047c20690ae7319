import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../../app.ts';
import { createResume } from '../../../../test/factories.ts';
import { createTestApp, TestClient } from '../../../../test/helpers.ts';
import { SEARCH_POOL_SIZE, warmSearchPool } from './search.db.ts';
import { warmSearchSessions } from './search.warm.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe('warming the search sessions', () => {
  let built: BuiltApp;
  beforeAll(async () => {
    built = await createTestApp();
    await createResume(built.ctx.database, { title: 'Администратор салона', cityId: 1070 });
  });

  it.skipIf(!onPostgres)('opens every session of the search pool, runs real searches on each and keeps them open', async () => {
    const ms = await warmSearchSessions(built.ctx);
    expect(ms).toBeGreaterThan(0);
    const pool = built.ctx.search.pool();
    expect(pool?.totalCount).toBe(SEARCH_POOL_SIZE);
    expect(pool?.idleCount).toBe(SEARCH_POOL_SIZE);
    // The warmed sessions answer searches as before.
    const res = await new TestClient(built.app).get('/api/resume/search?text=администратор&search_city[]=1070');
    expect(res.status).toBe(200);
    expect(res.body.res.data.map((c: { title: string }) => c.title)).toContain('Администратор салона');
  });

  it.skipIf(!onPostgres)('fails only once every session has finished its run, so none goes back to the pool mid-statement', async () => {
    const pool = built.ctx.search.pool();
    if (!pool) throw new Error('no search pool');
    const tag = `warm_${Date.now()}`;
    // Sessions with an even backend id fail at once; the others go on to a statement that takes a while.
    const statements = [
      { sql: { text: 'select 1 / (pg_backend_pid() % 2)', values: [] }, settings: [], timeoutMs: 1000 },
      { sql: { text: `select pg_sleep(0.3), '${tag}'`, values: [] }, settings: [], timeoutMs: 1000 },
    ];
    await expect(warmSearchPool(pool, statements)).rejects.toThrow(/division by zero/);
    const [busy] = (
      await built.ctx.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where state = 'active' and query like ${`%${tag}%`} and pid <> pg_backend_pid()`,
      )
    ).rows as { n: number }[];
    expect(busy?.n).toBe(0);
    expect(pool.idleCount).toBe(pool.totalCount);
  });

  it.skipIf(onPostgres)('has nothing to warm on the embedded database', async () => {
    expect(await warmSearchSessions(built.ctx)).toBeNull();
  });
});
