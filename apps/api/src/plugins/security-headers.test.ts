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
