import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { createTestApp, registeredMember, type TestClient } from '../../../test/helpers.ts';
import { setFlags } from '../../../test/factories.ts';

let built: BuiltApp;
let member: TestClient;
beforeAll(async () => {
  built = await createTestApp();
  const m = await registeredMember(built.app);
  await setFlags(built.ctx.database, m.email, ['team_lead', 'open_contact', 'mass_search', 'spec_search', 'commerce_account']);
  member = m.client;
});

const garbageBodies: unknown[] = [{}, { id: 'x', page: -1, email: 5, hashes: 'no', code: { a: 1 } }, [1, 2, 3], 'текст', { note: 'x'.repeat(5000) }];
const garbageQueries = ['?page=-1', '?page=abc&per_page=7', '?fields[]=nope', '?search_city[]=abc&age_from=-5&salary_to=x', '?text=%00%27%22&query=((('];

/** Bad input gets a clear 4xx, never a 500: every route of the OpenAPI document, signed in. */
describe('garbage input', () => {
  it('never makes a route answer 500', async () => {
    const doc = (await member.get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const failures: string[] = [];
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        if (template === '/logout' || template.endsWith('/leave')) continue; // would end the session or team under test
        for (const id of ['0', 'abc', '99999999999999999999', 'AAAAAAAAAAAAAAAAAAAAAA']) {
          const path = template.replace(/\{[^}]+\}/g, id);
          if (method === 'get') {
            for (const q of garbageQueries) {
              const res = await member.get(`${path}${q}`);
              if (res.status >= 500) failures.push(`GET ${path}${q} → ${res.status}`);
            }
          } else {
            for (const body of garbageBodies) {
              const res = await member.request(method.toUpperCase(), path, body);
              if (res.status >= 500) failures.push(`${method.toUpperCase()} ${path} ${JSON.stringify(body).slice(0, 40)} → ${res.status}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
