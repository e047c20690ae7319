import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BuiltApp } from '../../app.ts';
import { clientErrors, users } from '../../db/schema/index.ts';
import { createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});

describe('client error reports', () => {
  it('stores a report sent with the page token in the body', async () => {
    const client = new TestClient(built.app);
    await client.csrf();
    const marker = `TypeError: boom ${Date.now()}`;
    const res = await client.post(
      '/api/error/send',
      { error: marker, info: 'at App (app.tsx:1)', host: 'club.test', path: '/profile', _token: decodeURIComponent(client.xsrf as string) },
      { csrf: false },
    );
    expect(res.status).toBe(200);
    const [row] = await built.ctx.database.db.select().from(clientErrors).where(eq(clientErrors.error, marker));
    expect(row).toMatchObject({ path: '/profile', host: 'club.test' });
  });

  it('shows reports to an admin only', async () => {
    const visitor = new TestClient(built.app);
    expect((await visitor.get('/api/admin/client-errors')).status).toBe(401);
    const member = await registeredMember(built.app);
    const forbidden = await member.client.get('/api/admin/client-errors');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ status: 'error', title: 'Что-то не так', message: 'Доступ к услуге ограничен' });
    await built.ctx.database.db.update(users).set({ accountType: 'admin' }).where(eq(users.email, member.email));
    const list = await member.client.get('/api/admin/client-errors?page=1');
    expect(list.status).toBe(200);
    expect(list.body.res).toMatchObject({ per_page: 20, current_page: 1 });
    expect(list.body.res.total).toBeGreaterThanOrEqual(1);
    expect((await member.client.get('/api/admin/client-errors?page=0')).status).toBe(422);
  });
});

describe('answers', () => {
  it('describes every call in an OpenAPI 3.1 document', async () => {
    const doc = (await new TestClient(built.app).get('/api/openapi.json')).body as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/sanctum/csrf-cookie',
      '/login',
      '/logout',
      '/register',
      '/password/email',
      '/password/reset',
      '/api/auth/login/check',
      '/api/auth/code',
      '/api/auth/check',
      '/api/user/access',
      '/api/user/access/{flag}/get',
      '/api/user/main_info',
      '/api/dictionary',
      '/api/auth/register/city',
      '/api/error/send',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });

  it('answers malformed JSON with 422, not 500', async () => {
    const client = new TestClient(built.app);
    await client.csrf();
    const res = await client.request('POST', '/login', '{"email":', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('error');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await new TestClient(built.app).get('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe('error');
  });

  it('serves the page with the session CSRF token in the meta tag', async () => {
    const client = new TestClient(built.app);
    const res = await built.app.inject({ method: 'GET', url: '/profile' });
    expect(res.statusCode).toBe(200);
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(res.body)?.[1];
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(token).toBeTruthy();
    expect(token).toBe(cookie);
    expect(client).toBeTruthy();
  });
});
