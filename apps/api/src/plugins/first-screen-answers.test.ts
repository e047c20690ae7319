import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/helpers.ts';
import { createResume } from '../../test/factories.ts';
import type { BuiltApp } from '../app.ts';
import { memberOf } from '../modules/admin/admin.fixtures.ts';
import { createPageAnswers, type PageAnswers } from './first-screen-answers.ts';
import { SESSION_COOKIE } from './session.ts';

/** A word no other resume has. */
/** An address of its own per test: a visitor's search limit is counted per address (in Redis, across runs). */
const anyIp = () => `10.77.${randomInt(0, 255)}.${randomInt(1, 255)}`;
const uniqueWord = () => `zq${Array.from({ length: 8 }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(0, 20)]).join('')}`;

let built: BuiltApp;
let ask: PageAnswers;
let word: string;

/** The page's own request as the plugin sees it: its session loaded by the session plugin. */
async function pageRequest(client: TestClient | null, ip: string): Promise<FastifyRequest> {
  const sid = client?.cookies.get(SESSION_COOKIE)?.value;
  const user = sid ? await built.ctx.sessions.loadUser(sid) : null;
  return { user, sid: sid ?? null, ip, cookies: sid ? { [SESSION_COOKIE]: sid } : {}, log: built.app.log } as unknown as FastifyRequest;
}

/** The same GET through the router, as the browser would ask it. */
async function routeAnswer(client: TestClient, url: string) {
  const res = await client.get(url);
  return { url, status: res.status, body: res.body };
}

beforeAll(async () => {
  built = await createTestApp();
  ask = createPageAnswers(built.ctx);
  word = uniqueWord();
  // The candidate's name is in the text: who may read it is the services' rule (candidate-view.ts).
  await createResume(built.ctx.database, { title: `Бухгалтер ${word}`, firstName: 'Зоя', lastName: 'Кириллова' });
  await createResume(built.ctx.database, { title: `Кассир ${word}`, firstName: 'Ян', lastName: 'Пак' });
});

describe('the first screen\'s answers: the services\' own, exactly what the routes answer', () => {
  it('a visitor: the search, the session\'s 401, a vacancy that is not there', async () => {
    const visitor = new TestClient(built.app, anyIp());
    const request = await pageRequest(null, anyIp());
    for (const url of [`/api/resume/search?text=${word}`, `/api/resume/search?text=${word}&searchOrderBy=publication_time&per_page=20`, '/api/user/main_info', '/api/vacancy/2147483000']) {
      const direct = await ask(request, url);
      const routed = await routeAnswer(visitor, url);
      expect(direct.status).toBe(routed.status);
      if (direct.status === 200) expect(direct.body).toEqual(routed.body);
    }
    const search = await ask(request, `/api/resume/search?text=${word}`);
    expect((search.body as { res: { data: unknown[]; total: number } }).res).toMatchObject({ total: 2, current_page: 1 });
    expect((search.body as { res: { data: unknown[] } }).res.data).toHaveLength(2);
    // A visitor reads no names.
    expect(JSON.stringify(search.body)).not.toContain('Кириллова');
  });

  it('a member: the search with their cards, main_info and their options', async () => {
    const member = await memberOf(built.app, built.ctx.database);
    await built.ctx.database.rows(sql`update users set flags = '["spec_search"]'::jsonb where id = ${member.id}`);
    const request = await pageRequest(member.client, anyIp());
    expect(request.user?.id).toBe(member.id);
    const urls = [
      `/api/resume/search?text=${word}`,
      '/api/user/main_info',
      '/api/user/access/spec_search/get',
      '/api/user/access/mass_search/get',
      `/api/resume/search?query=${word}`,
    ];
    for (const url of urls) {
      const direct = await ask(request, url);
      const routed = await routeAnswer(member.client, url);
      expect({ url, status: direct.status }).toEqual({ url, status: 200 });
      expect(direct.body).toEqual(routed.body);
    }
    expect((await ask(request, '/api/user/access/spec_search/get')).body).toEqual({ status: 'success', res: true });
  });

  it('a search the route refuses is refused alike: a bad parameter, an option the viewer lacks, U+0000', async () => {
    const visitor = new TestClient(built.app, anyIp());
    const request = await pageRequest(null, anyIp());
    for (const url of ['/api/resume/search?page=0', '/api/resume/search?search_city[]=nowhere', `/api/resume/search?query=${word}`, '/api/resume/search?text=a%00b']) {
      const direct = await ask(request, url);
      const routed = await routeAnswer(visitor, url);
      expect({ url, status: direct.status }).toEqual({ url, status: routed.status });
      expect(direct.status).toBeGreaterThanOrEqual(400);
    }
    // Any other GET is not the first screen's to answer.
    expect((await ask(request, '/api/user/profile')).status).toBe(404);
  });

  it('a visitor\'s searches count towards the limit of their address, as the route counts them', async () => {
    const limited = await createTestApp({ SEARCH_VISITOR_LIMIT_PER_MINUTE: '2' });
    const askLimited = createPageAnswers(limited.ctx);
    const ip = anyIp();
    const request = { user: null, sid: null, ip, cookies: {}, log: limited.app.log } as unknown as FastifyRequest;
    expect((await askLimited(request, '/api/resume/search')).status).toBe(200);
    expect((await askLimited(request, '/api/resume/search')).status).toBe(200);
    expect((await askLimited(request, '/api/resume/search')).status).toBe(429);
    // The same address's own request is over the limit too.
    expect((await new TestClient(limited.app, ip).get('/api/resume/search')).status).toBe(429);
  });
});

describe('with the search caches on, as in production', () => {
  it('an answer from a cached page is the route\'s answer, counts included', async () => {
    const cached = await createTestApp({ SEARCH_CACHE_TTL_MS: '60000', SEARCH_PAGE_CACHE_TTL_MS: '60000' });
    const askCached = createPageAnswers(cached.ctx);
    const visitor = new TestClient(cached.app, anyIp());
    const request = { user: null, sid: null, ip: anyIp(), cookies: {}, log: cached.app.log } as unknown as FastifyRequest;
    const url = `/api/resume/search?text=${word}`;
    for (let i = 0; i < 2; i++) {
      const direct = await askCached(request, url);
      expect((direct.body as { res: { total: number } }).res.total).toBe(2);
      expect(direct.body).toEqual((await visitor.get(url)).body);
    }
  });
});
