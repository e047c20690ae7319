// The server half of browser journeys that tested the server rather than the page; the page half stays
// in e2e/. Elsewhere already: the reset link's single use and the old password refused (auth.test.ts,
// «password reset»), the anonymised resume for a visitor (resume-visitor.test.ts), a closed vacancy
// refusing replies (vacancy.test.ts), a login code sent to a bound Telegram chat (telegram.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { createTestApp, registeredMember, TestClient } from './helpers.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});

/** The raw Set-Cookie of hr_session in an answer. */
function sessionCookieOf(headers: Record<string, unknown>): string {
  const all = ([] as unknown[]).concat(headers['set-cookie'] ?? []).map(String);
  const cookie = all.find((c) => c.startsWith('hr_session='));
  if (!cookie) throw new Error(`no hr_session cookie in ${JSON.stringify(all)}`);
  return cookie;
}

describe('«Запомнить меня»', () => {
  it('makes the session cookie persistent for 30 days; without it the cookie ends with the browser; both HttpOnly', async () => {
    const { email, password } = await registeredMember(built.app);
    for (const remember of [true, false]) {
      const client = new TestClient(built.app);
      const res = await client.post('/login', { email, password, remember });
      expect(res.status).toBe(200);
      const cookie = sessionCookieOf(res.headers);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      if (remember) {
        expect(cookie).toMatch(new RegExp(`;\\s*Max-Age=${30 * 86400}(;|$)`, 'i'));
      } else {
        expect(cookie).not.toMatch(/;\s*(Max-Age|Expires)=/i);
      }
      expect((await client.get('/api/user/main_info')).body.res.email).toBe(email);
    }
  });
});
