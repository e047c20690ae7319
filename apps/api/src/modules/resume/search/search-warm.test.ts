import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../../app.ts';
import { createResume } from '../../../../test/factories.ts';
import { createTestApp, TestClient } from '../../../../test/helpers.ts';
import { SEARCH_POOL_SIZE } from './search.db.ts';
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

  it.skipIf(onPostgres)('has nothing to warm on the embedded database', async () => {
    expect(await warmSearchSessions(built.ctx)).toBeNull();
  });
});
