import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../app.ts';
import { createTestApp } from '../../test/helpers.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp({ APP_URL: 'https://club.example.ru' });
});

describe('security headers', () => {
  it('lets pages open sockets to this site only', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api/dictionary?name[]=gender' });
    const csp = String(res.headers['content-security-policy']);
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src'))?.trim();
    expect(connect).toBe("connect-src 'self' wss://club.example.ru");
  });
});

/** What helmet (as @fastify/helmet ran it per request) wrote with the site's settings behind HTTPS. */
const EXPECTED: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' wss://club.example.ru",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('the security headers of every answer', () => {
  it('are the same on an answer, a refusal, a not-found and a page address', async () => {
    for (const url of ['/api/dictionary?name[]=gender', '/api/user/main_info', '/api/no-such-route', '/no-such-page', '/api/resume/search']) {
      const res = await built.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      for (const [name, value] of Object.entries(EXPECTED)) expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sends no HSTS over plain HTTP', async () => {
    const plain = await createTestApp({ APP_URL: 'http://localhost:3000' });
    const res = await plain.app.inject({ method: 'GET', url: '/api/dictionary?name[]=gender' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' ws://localhost:3000");
  });
});
