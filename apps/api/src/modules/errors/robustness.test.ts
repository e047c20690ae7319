import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../app.ts';
import { runSweep } from '../../../test/openapi-sweep.ts';
import { registeredMember, testConfig } from '../../../test/helpers.ts';
import { privateDatabase } from '../../../test/private-database.ts';

/** 2,000 in `npm test`; `npm run bench:robustness` sends 10,000 (ROBUSTNESS_REQUESTS, ROBUSTNESS_SEED). */
const REQUESTS = Number(process.env.ROBUSTNESS_REQUESTS ?? 2000);
const SEED = Number(process.env.ROBUSTNESS_SEED ?? 20_250_701);

// The sweep acts as an administrator with random ids (blocks, flags, types): on a database of its
// own, so it never touches the users of test files running beside it.
let built: BuiltApp;
let priv: Awaited<ReturnType<typeof privateDatabase>>;
beforeAll(async () => {
  priv = await privateDatabase();
  // Replies unlimited per address: the form route's bodies must reach its parser, not the limit.
  built = await buildApp(testConfig({ REPLY_LIMIT_PER_HOUR: '1000000' }), { database: priv.database, startWorker: false, logger: false });
}, 180_000);
afterAll(async () => {
  await built?.app.close();
  await priv?.dispose();
});

/**
 * Bad input gets a clear 4xx, never a 5xx or a hang: every operation of the OpenAPI document, fuzzed by
 * fast-check (wrong types, huge strings, odd unicode and encodings, missing and extra fields, bad path
 * parameters), by a visitor, a member with every option and an administrator, the XSRF token sent.
 */
describe('property-based sweep over the OpenAPI document', () => {
  it(`${REQUESTS} generated requests, not one 5xx`, async () => {
    const report = await runSweep(built.app, built.ctx.database, { count: REQUESTS, seed: SEED });
    console.log(
      `robustness: ${report.requests} requests over ${report.operations} operations in ${(report.ms / 1000).toFixed(1)} s`,
      report.byStatus,
    );
    expect(report.failures).toEqual([]);
    expect(report.requests).toBe(REQUESTS);
    expect(report.operations).toBeGreaterThan(40);
    // The sweep reaches the handlers: validation answers and successes, not only XSRF or auth refusals.
    const count = (re: RegExp) => Object.entries(report.byStatus).reduce((n, [s, k]) => (re.test(s) ? n + k : n), 0);
    expect(count(/^422$/)).toBeGreaterThan(REQUESTS * 0.2);
    expect(count(/^2\d\d$/)).toBeGreaterThan(REQUESTS * 0.05);
    expect(count(/^419$/)).toBeLessThan(REQUESTS * 0.05);
    // The form routes are swept with forms (multipart/form-data bodies, hostile fields and files) too:
    // at least half the share their turns give them (the share shrinks as the API gains routes).
    expect(report.multipartExpectedShare).toBeGreaterThan(0);
    expect(report.multipart).toBeGreaterThan(REQUESTS * report.multipartExpectedShare * 0.5);
  }, 600_000);
});

/** Found by the sweep: ids past PostgreSQL's integer reached the database and came back as 500. */
describe('ids beyond a PostgreSQL integer', () => {
  it('are a 422 with a Russian message, not a database error', async () => {
    const { client } = await registeredMember(built.app);
    const big = 2 ** 31;
    const join = await client.post('/api/user/team/join', { lead_id: big });
    expect(join.status).toBe(422);
    expect(join.body.errors?.lead_id?.[0]).toMatch(/[а-я]/);
    expect((await client.post('/api/user/team/invite/create', { user_id: big })).status).toBe(422);
    expect((await client.get(`/api/user/person/${big}`)).status).toBe(422);
    expect((await client.request('DELETE', `/api/user/team/member/${big}`)).status).toBe(422);
    expect((await client.get(`/api/user/person/${big - 1}`)).status).toBe(404);
  });
});

/** Found by the sweep: PostgreSQL keeps no U+0000, so such text reached the database as a 500. */
describe('U+0000 in a request', () => {
  it('is a 422 naming the field, in the query, the body and its nested fields', async () => {
    const { client } = await registeredMember(built.app);
    const city = await client.get('/api/auth/register/city?search=%00');
    expect(city.status).toBe(422);
    expect(city.body.errors).toEqual({ search: ['Недопустимый символ (U+0000) в тексте'] });
    const report = await client.post('/api/error/send', { error: 'TypeError', info: 'a\u0000b' });
    expect(report.status).toBe(422);
    expect(Object.keys(report.body.errors ?? {})).toEqual(['info']);
    const profile = await client.post('/api/user/profile', { fio: 'Иванова\u0000 Мария' });
    expect(profile.status).toBe(422);
    expect(Object.keys(profile.body.errors ?? {})).toEqual(['fio']);
    // Nested deeper than any recursion would survive: still an answer, not a stack overflow.
    const deep = `${'['.repeat(20_000)}"\u0000"${']'.repeat(20_000)}`;
    const nested = await built.app.inject({
      method: 'POST',
      url: '/api/error/send',
      headers: {
        'content-type': 'application/json',
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; '),
        'x-xsrf-token': client.xsrf ?? '',
      },
      payload: deep,
    });
    expect(nested.statusCode).toBe(422);
    // The same text without it is stored as usual.
    expect((await client.post('/api/error/send', { error: 'TypeError', info: 'ab' })).status).toBe(200);
  });
});
