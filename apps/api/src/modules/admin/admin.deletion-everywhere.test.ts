import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ATTRIBUTE } from '@hr/contract/constants';
import { createPrivateTestApp, createTestApp, TestClient, testConfig, testDatabase } from '../../../test/helpers.ts';
import { createResume } from '../../../test/factories.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import { audit } from '../audit/audit.ts';
import { adminOf, memberOf } from './admin.fixtures.ts';

/** A word no other resume has: the search for it finds exactly the test's candidate. */
const uniqueWord = () => `zq${Array.from({ length: 8 }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(0, 20)]).join('')}`;

/** Caches on, as in production (the tests' defaults keep them off). */
const CACHES = { SEARCH_CACHE_TTL_MS: '60000', SEARCH_PAGE_CACHE_TTL_MS: '60000' };

/**
 * A web build of its own: the page and a server entry drawing the search's cards by their ids, so
 * the first screen is the real plugin's, with its 15 s cache, around a renderer the test can read.
 */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'hr-web-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html>\n<html lang="ru"><head><meta name="csrf-token" content="__CSRF_TOKEN__"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(root, 'dist-ssr', 'first-screen.js'),
    `export function firstScreenRequests(url) {
  return url.pathname === '/'
    ? { session: '/api/user/main_info', data: '/api/resume/search' + url.search, forMember: [], shared: true, modules: [] }
    : null;
}
export async function renderFirstScreen(url, answers) {
  const data = answers.data.body?.res?.data ?? [];
  return '<ul>' + data.map((c) => '<li>card:' + c.hash + '</li>').join('') + '</ul>';
}
export function pageState(answers) {
  return { answered: [], state: { queries: [] } };
}
`,
  );
  return path.join(root, 'dist');
}

/** The page as HTML (the client parses JSON only). */
async function pageOf(app: BuiltApp['app'], ip: string, url: string): Promise<string> {
  return (await app.inject({ method: 'GET', url, remoteAddress: ip })).body;
}

async function searchHashes(client: TestClient, word: string): Promise<string[]> {
  const res = await client.get(`/api/resume/search?text=${word}`);
  expect(res.status).toBe(200);
  return res.body.res.data.map((c: { hash: string }) => c.hash);
}

describe('deletion on request: no cache keeps the person', () => {
  it('the first screen and the search drop the candidate at once after the deletion', async () => {
    const built = await createPrivateTestApp({ ...CACHES, WEB_DIST: fakeWebBuild(), FIRST_SCREEN: '1' });
    const database = built.ctx.database;
    const admin = await adminOf(built.app, database);
    const word = uniqueWord();
    const resume = await createResume(database, { title: `Бухгалтер ${word}` });
    const visitor = new TestClient(built.app);
    const ip = `10.9.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    // The server entry loads beside the start: the first pages may go without their first screen.
    let page = '';
    for (let i = 0; i < 50 && !page.includes(FIRST_SCREEN_ATTRIBUTE); i++) {
      page = await pageOf(built.app, ip, `/?text=${word}`);
      if (!page.includes(FIRST_SCREEN_ATTRIBUTE)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(page).toContain(`card:${resume.hash}`);
    expect(await searchHashes(visitor, word)).toEqual([resume.hash]);

    const res = await admin.client.request('DELETE', `/api/admin/candidates/${resume.hash}`, { reason: 'Запрос кандидата' });
    expect(res.status).toBe(200);

    // Right after the answer, no waiting for any cache to expire.
    const after = await pageOf(built.app, ip, `/?text=${word}`);
    expect(after).toContain(FIRST_SCREEN_ATTRIBUTE);
    expect(after).not.toContain(resume.hash);
    expect(await searchHashes(visitor, word)).toEqual([]);
    expect(await searchHashes(new TestClient(built.app), word)).toEqual([]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
    "another instance's cached search page drops the candidate at once (PostgreSQL + Redis)",
    async () => {
      const database = await testDatabase();
      const config = testConfig({ ...CACHES, REDIS_URL: process.env.TEST_REDIS_URL as string });
      const one = await buildApp(config, { database, startWorker: false, logger: false });
      const two = await buildApp({ ...config }, { database, startWorker: false, logger: false });
      try {
        const admin = await adminOf(one.app, database);
        const word = uniqueWord();
        const resume = await createResume(database, { title: `Кладовщик ${word}` });
        const onTwo = new TestClient(two.app);
        expect(await searchHashes(onTwo, word)).toEqual([resume.hash]);
        // Kept: a resume deleted behind the app's back stays on the cached page of instance two.
        const other = await createResume(database, { title: `Кладовщик ${word}` });
        expect(await searchHashes(onTwo, word)).toEqual([resume.hash]);

        const res = await admin.client.request('DELETE', `/api/admin/candidates/${resume.hash}`, {});
        expect(res.status).toBe(200);
        const hashes = await searchHashes(onTwo, word);
        expect(hashes).not.toContain(resume.hash);
        expect(hashes).toEqual([other.hash]);
      } finally {
        await one.app.close();
        await two.app.close();
      }
    },
  );
});

describe('deletion on request: the audit log keeps the facts, not the person', () => {
  let built: Awaited<ReturnType<typeof createTestApp>>;
  afterAll(async () => {
    await built?.app.close();
  });

  /** Every audit row whose text (details, address) holds one of the needles. */
  async function auditHits(needles: string[]): Promise<string[]> {
    const hits: string[] = [];
    for (const needle of needles) {
      const rows = await built.ctx.database.rows<{ id: number }>(
        sql`select id from audit_log where position(${needle.toLowerCase()} in lower(details::text || ' ' || coalesce(ip, ''))) > 0`,
      );
      if (rows.length) hits.push(needle);
    }
    return hits;
  }

  it("a member's addresses, residency comment, block reason and e-mail leave the log; actor, action and time stay", async () => {
    built = await createTestApp();
    const database = built.ctx.database;
    const admin = await adminOf(built.app, database);
    const surname = `Стерева${uniqueWord()}`;
    const m = await memberOf(built.app, database, { fio: `${surname} Ирина Павловна` });
    const ip = `10.${randomInt(1, 254)}.${randomInt(1, 254)}.${randomInt(1, 254)}`;
    const login = await new TestClient(built.app, ip).post('/login', { email: m.email, password: m.password });
    expect(login.status).toBe(200);
    await database.rows(sql`update users set residency_requested = true where id = ${m.id}`);
    const comment = `Резидентство одобрено: ${surname} из Сбера`;
    expect((await admin.client.post(`/api/admin/users/${m.id}/residency`, { decision: 'approve', comment })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/users/${m.id}/block`, { reason: `Жалоба на ${m.email}` })).status).toBe(200);
    expect(await auditHits([ip, surname, m.email])).toEqual([ip, surname, m.email]);
    const before = await database.rows<{ id: number; created_at: Date; actor_id: number | null; action: string }>(
      sql`select id, created_at, actor_id, action from audit_log where actor_id = ${m.id} or (object_type = 'user' and object_id = ${String(m.id)}) order by id`,
    );
    expect(before.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.login', 'user.residency_approve', 'user.block']));

    const res = await admin.client.request('DELETE', `/api/admin/users/${m.id}`, {
      confirm_email: m.email,
      reason: `Заявление ${m.email} от 01.02`,
    });
    expect(res.status).toBe(200);

    expect(await auditHits([ip, surname, m.email, 'Сбера'])).toEqual([]);
    const after = await database.rows<{ id: number; created_at: Date; actor_id: number | null; action: string; ip: string | null; details: Record<string, unknown> }>(
      sql`select id, created_at, actor_id, action, ip, details from audit_log where actor_id = ${m.id} or (object_type = 'user' and object_id = ${String(m.id)}) order by id`,
    );
    // Who did what and when: every entry still there, unchanged in those.
    expect(after.slice(0, before.length).map(({ id, created_at, actor_id, action }) => ({ id, created_at, actor_id, action }))).toEqual(before);
    const residency = after.find((r) => r.action === 'user.residency_approve');
    expect(residency).toMatchObject({ actor_id: admin.id, details: { redacted: true } });
    expect(residency?.details).not.toHaveProperty('comment');
    expect(after.find((r) => r.action === 'auth.login')).toMatchObject({ actor_id: m.id, ip: null });
    const deletion = after.find((r) => r.action === 'user.delete');
    expect(deletion).toMatchObject({ actor_id: admin.id, details: { reason: 'Заявление [удалено] от 01.02' } });
    // Still append-only outside a deletion.
    await expect(database.rows(sql`update audit_log set ip = null where id = ${before[0]?.id}`)).rejects.toThrow();
    await expect(database.rows(sql`delete from audit_log where id = ${before[0]?.id}`)).rejects.toThrow();
  });

  it("a candidate's name leaves the entries about the resume and its opinions; the entries stay", async () => {
    built ??= await createTestApp();
    const database = built.ctx.database;
    const admin = await adminOf(built.app, database);
    const surname = `Кандидатов${uniqueWord()}`;
    const resume = await createResume(database, { lastName: surname, firstName: 'Пётр', email: `${uniqueWord()}@example.ru` });
    await audit(built.ctx, {
      actorId: admin.id,
      action: 'opinion.hide',
      objectType: 'opinion',
      objectId: 1,
      details: { reason: `Оскорбляет ${surname} Пётр`, resume: resume.hash },
    });
    await audit(built.ctx, { actorId: admin.id, action: 'resume.contacts_open', objectType: 'resume', objectId: resume.hash, ip: '10.1.2.3' });
    expect(await auditHits([surname])).toEqual([surname]);

    expect((await admin.client.request('DELETE', `/api/admin/candidates/${resume.hash}`, { reason: `Письмо от ${surname} Пётр` })).status).toBe(200);

    expect(await auditHits([surname, resume.email as string])).toEqual([]);
    const rows = await database.rows<{ action: string; actor_id: number; ip: string | null; details: Record<string, unknown> }>(
      sql`select action, actor_id, ip, details from audit_log where object_id = ${resume.hash} or details->>'resume' = ${resume.hash} order by id`,
    );
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['opinion.hide', admin.id],
      ['resume.contacts_open', admin.id],
      ['candidate.delete', admin.id],
    ]);
    expect(rows[0]?.details).toEqual({ resume: resume.hash, redacted: true });
    // The member who opened the contacts acted from their own address, not the candidate's.
    expect(rows[1]?.ip).toBe('10.1.2.3');
    expect(rows[2]?.details).toMatchObject({ reason: 'Письмо от [удалено]' });
  });
});
