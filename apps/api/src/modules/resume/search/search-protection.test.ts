import { randomInt } from 'node:crypto';
import { MSG } from '@hr/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase } from '../../../db/client.ts';
import { createTestApp, registeredMember, TestClient, testConfig, testDatabase } from '../../../../test/helpers.ts';

/** Visitors' search: a per-address limit, and a statement limit that answers in Russian, not 500. */
describe('visitor search limit', () => {
  it('lets a visitor address search N times a minute, then answers 429; members and other addresses go on', async () => {
    const built = await createTestApp({ SEARCH_VISITOR_LIMIT_PER_MINUTE: '3' });
    // Counters outlive a run on PostgreSQL: addresses of this run only.
    const ip = `10.201.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    const visitor = new TestClient(built.app, ip);
    for (let i = 0; i < 3; i++) expect((await visitor.get('/api/resume/search')).status).toBe(200);
    const over = await visitor.get('/api/resume/search');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ status: 'error', message: MSG.tooManyAttempts(1) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    // A forged X-Forwarded-For does not buy a fresh allowance.
    const forged = await visitor.request('GET', '/api/resume/search', undefined, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forged.status).toBe(429);

    expect((await new TestClient(built.app, `10.202.${randomInt(0, 255)}.${randomInt(1, 255)}`).get('/api/resume/search')).status).toBe(
      200,
    );
    const m = await registeredMember(built.app);
    const member = new TestClient(built.app, ip);
    member.cookies = m.client.cookies;
    for (let i = 0; i < 4; i++) expect((await member.get('/api/resume/search')).status).toBe(200);
  });

  it('is 120 a minute unless configured', () => {
    expect(testConfig().searchVisitorLimitPerMinute).toBe(120);
    expect(testConfig().searchStatementTimeoutMs).toBe(5000);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('search statement timeout (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const c of opened) await c.close();
  });

  it('answers 503 with a Russian message when the search runs past its limit, and the process stays up', async () => {
    await testDatabase();
    // A database object of its own: the search pool's limit belongs to it.
    const database = await openDatabase({ databaseUrl: url });
    const built = await buildApp(testConfig({ SEARCH_STATEMENT_TIMEOUT_MS: '1' }), { database, startWorker: false, logger: false });
    opened.push({ close: () => built.app.close() }, database);
    const visitor = new TestClient(built.app);
    for (const path of ['/api/resume/search', '/api/resume/search?search_text=менеджер&searchOrderBy=relevance']) {
      const res = await visitor.get(path);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'error', message: MSG.searchTooSlow });
    }
    // The app's other statements are not under the search limit: a registration goes through.
    await registeredMember(built.app);
  });
});
