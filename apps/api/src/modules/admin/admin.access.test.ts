import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { createTestApp, TestClient } from '../../../test/helpers.ts';
import { adminOf, memberOf } from './admin.fixtures.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});

/** Every /api/admin operation of the OpenAPI document, so a new route cannot be left out. */
async function adminOperations() {
  const doc = (await new TestClient(built.app).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  const ops: { method: string; path: string }[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    if (!template.startsWith('/api/admin')) continue;
    for (const method of Object.keys(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), path: template.replace(/\{[^}]+\}/g, '1') });
    }
  }
  return ops;
}

describe('admin routes are for admins only', () => {
  it('answers 401 to a visitor and 403 to a member on every operation, whatever the body', async () => {
    const ops = await adminOperations();
    // users ×9, candidates ×2, education, opinions ×3, imports ×4, client errors ×2, audit ×2
    expect(ops.length).toBeGreaterThanOrEqual(23);
    const visitor = new TestClient(built.app);
    await visitor.csrf();
    const member = await memberOf(built.app, built.ctx.database);
    for (const op of ops) {
      const v = await visitor.request(op.method, op.path, op.method === 'GET' ? undefined : { reason: 'x' });
      expect(v.status, `${op.method} ${op.path} visitor`).toBe(401);
      expect(v.body.message).toBe('Unauthenticated.');
      const m = await member.client.request(op.method, op.path, op.method === 'GET' ? undefined : { bad: true });
      expect(m.status, `${op.method} ${op.path} member`).toBe(403);
      expect(m.body).toMatchObject({ status: 'error', title: 'Что-то не так', message: 'Доступ к услуге ограничен' });
    }
    // The member's own export is open to members and closed to visitors.
    expect((await visitor.get('/api/user/export')).status).toBe(401);
    expect((await member.client.get('/api/user/export')).status).toBe(200);
  });

  it('lets an admin in', async () => {
    const admin = await adminOf(built.app, built.ctx.database);
    const res = await admin.client.get('/api/admin/users?per_page=20');
    expect(res.status).toBe(200);
    expect(res.body.res).toMatchObject({ current_page: 1, per_page: 20 });
    const bad = await admin.client.get('/api/admin/users?per_page=7');
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.per_page?.[0]).toBe('Показывать можно по 20, 50 или 100');
  });
});
