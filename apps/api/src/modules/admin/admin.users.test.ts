import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { consentVersion } from '@hr/contract';
import { createResume } from '../../../test/factories.ts';
import { createTestApp, TestClient, uniquePhone } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { SOCKET_REVOKED } from '../../plugins/realtime-socket.ts';
import { adminOf, auditRows, memberOf } from './admin.fixtures.ts';

let built: BuiltApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let wsUrl: string;
const db = () => built.ctx.database;
const ipOf = (client: TestClient) => (client as unknown as { ip: string }).ip;

beforeAll(async () => {
  built = await createTestApp();
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(built.app.server.address() as { port: number }).port}/ws`;
  admin = await adminOf(built.app, db());
});

const notificationsOf = (userId: number) =>
  db().rows<{ title: string; message: string }>(sql`select title, message from notifications where user_id = ${userId} order by id`);

describe('users', () => {
  it('an admin does not change the type of, block or delete their own account (422 on the field)', async () => {
    const self = `/api/admin/users/${admin.id}`;
    const type = await admin.client.request('PUT', `${self}/account-type`, { account_type: 'basic' });
    expect(type.status).toBe(422);
    expect(type.body.errors?.account_type?.[0]).toBe('Это действие нельзя применить к своей учётной записи');
    const block = await admin.client.post(`${self}/block`, { reason: 'проверка' });
    expect(block.status).toBe(422);
    expect(block.body.errors?.reason?.[0]).toBe('Это действие нельзя применить к своей учётной записи');
    const gone = await admin.client.request('DELETE', self, { confirm_email: admin.email });
    expect(gone.status).toBe(422);
    expect(gone.body.errors?.id?.[0]).toBe('Это действие нельзя применить к своей учётной записи');
    expect((await admin.client.get(self)).body.res).toMatchObject({ account_type: 'admin', blocked_at: null });
  });

  it('finds users by name, e-mail, phone digits, company and id', async () => {
    const tag = `Зорин${Date.now() % 100000}`;
    const phone = uniquePhone();
    const m = await memberOf(built.app, db(), { fio: `${tag} Пётр Ильич`, phone, company: `ООО «${tag}-Софт»` });
    const digits = phone.replace(/\D/g, '').slice(1);
    for (const q of [tag, m.email.toUpperCase(), digits, `8${digits}`, phone, `${tag}-Софт`, String(m.id)]) {
      const res = await admin.client.get(`/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(
        res.body.res.data.map((u: { id: number }) => u.id),
        q,
      ).toContain(m.id);
    }
    const one = (await admin.client.get(`/api/admin/users/${m.id}`)).body.res;
    expect(one).toMatchObject({
      id: m.id,
      email: m.email,
      phone: digits,
      account_type: 'basic',
      account_type_title: 'Базовый',
      residency_status: 'none',
      flags: [],
      team: null,
      blocked_at: null,
    });
    expect(one.last_activity_at).toBeTruthy();
    expect((await admin.client.get('/api/admin/users/2147483647')).status).toBe(404);
    expect((await admin.client.get('/api/admin/users/abc')).status).toBe(422);
    expect((await admin.client.get(`/api/admin/users?q=${'я'.repeat(201)}`)).status).toBe(422);
  });

  it('approves a residency request: resident type, notification, audit; a second decision is refused', async () => {
    const m = await memberOf(built.app, db(), { is_resident: true });
    const pending = await admin.client.get('/api/admin/users?residency=pending&per_page=100');
    expect(pending.body.res.data.some((u: { id: number }) => u.id === m.id)).toBe(true);
    expect((await m.client.get('/api/user/main_info')).body.res.account_type).toBe('basic');

    const res = await admin.client.post(`/api/admin/users/${m.id}/residency`, { decision: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body.res).toMatchObject({ account_type: 'resident', residency_status: 'approved', residency_status_title: 'Подтверждено' });
    expect(res.body.message).toBe('Резидентство подтверждено');
    // The member's next request already sees it (no re-login).
    expect((await m.client.get('/api/user/main_info')).body.res).toMatchObject({
      account_type: 'resident',
      account_type_title: 'Резидент клуба',
    });
    expect((await notificationsOf(m.id)).map((n) => n.title)).toContain('Резидентство подтверждено');
    const [entry] = await auditRows(db(), 'user.residency_approve', m.id);
    expect(entry).toMatchObject({ actor_id: admin.id, object_type: 'user', ip: ipOf(admin.client) });

    const again = await admin.client.post(`/api/admin/users/${m.id}/residency`, { decision: 'reject' });
    expect(again.status).toBe(422);
    expect(again.body.errors?.decision?.[0]).toBe('Пользователь не просил резидентство или решение уже принято');
  });

  it('rejects a residency request with a comment the user reads', async () => {
    const m = await memberOf(built.app, db(), { is_resident: true });
    const res = await admin.client.post(`/api/admin/users/${m.id}/residency`, { decision: 'reject', comment: 'Нет рекомендаций' });
    expect(res.body.res).toMatchObject({ account_type: 'basic', residency_status: 'rejected', residency_comment: 'Нет рекомендаций' });
    const notes = await notificationsOf(m.id);
    expect(notes.at(-1)?.message).toContain('Нет рекомендаций');
    expect(await auditRows(db(), 'user.residency_reject', m.id)).toHaveLength(1);
    const plain = await memberOf(built.app, db());
    expect((await admin.client.post(`/api/admin/users/${plain.id}/residency`, { decision: 'approve' })).status).toBe(422);
    expect((await admin.client.post(`/api/admin/users/${plain.id}/residency`, { decision: 'maybe' })).body.errors?.decision).toBeTruthy();
  });

  it('sets flags from the contract list only, effective at once, logged with what changed', async () => {
    const m = await memberOf(built.app, db());
    expect((await m.client.get('/api/user/access')).body.res.mass_search).toBe(false);
    const bad = await admin.client.request('PUT', `/api/admin/users/${m.id}/flags`, { flags: ['mass_search', 'superuser'] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.flags?.[0]).toBe('Неизвестная опция доступа');
    const res = await admin.client.request('PUT', `/api/admin/users/${m.id}/flags`, {
      flags: ['mass_search', 'open_contact', 'mass_search'],
    });
    expect(res.status).toBe(200);
    expect(res.body.res.flags).toEqual(['mass_search', 'open_contact']);
    expect((await m.client.get('/api/user/access')).body.res).toMatchObject({ mass_search: true, open_contact: true, spec_search: false });
    await admin.client.request('PUT', `/api/admin/users/${m.id}/flags`, { flags: ['open_contact'] });
    expect((await m.client.get('/api/user/access')).body.res.mass_search).toBe(false);
    const entries = await auditRows(db(), 'user.flags', m.id);
    expect(entries.map((e) => e.details)).toEqual([
      { added: ['mass_search', 'open_contact'], removed: [], flags: ['mass_search', 'open_contact'] },
      { added: [], removed: ['mass_search'], flags: ['open_contact'] },
    ]);
  });

  it("changes the account type (never one's own), at once and logged", async () => {
    const m = await memberOf(built.app, db());
    const res = await admin.client.request('PUT', `/api/admin/users/${m.id}/account-type`, { account_type: 'admin' });
    expect(res.body.res.account_type).toBe('admin');
    expect((await m.client.get('/api/admin/users')).status).toBe(200);
    await admin.client.request('PUT', `/api/admin/users/${m.id}/account-type`, { account_type: 'basic' });
    expect((await m.client.get('/api/admin/users')).status).toBe(403);
    expect((await auditRows(db(), 'user.account_type', m.id)).map((e) => e.details)).toEqual([
      { from: 'basic', to: 'admin' },
      { from: 'admin', to: 'basic' },
    ]);
    const self = await admin.client.request('PUT', `/api/admin/users/${admin.id}/account-type`, { account_type: 'basic' });
    expect(self.status).toBe(422);
    expect((await admin.client.request('PUT', `/api/admin/users/${m.id}/account-type`, { account_type: 'root' })).status).toBe(422);
  });

  it('blocks a user: sessions and the open socket end at once, login says why; unblock lets them in again', async () => {
    const m = await memberOf(built.app, db());
    const token = (await m.client.post('/api/user/csrf-token')).body.res as { token: string; channel: string };
    const ws = new WebSocket(wsUrl);
    const received: { event: string; channel?: string }[] = [];
    let closedWith: number | null = null;
    ws.on('message', (raw) => received.push(JSON.parse(String(raw))));
    ws.on('close', (code) => {
      closedWith = code;
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ event: 'subscribe', channel: token.channel, auth: token.token }));
    for (let i = 0; i < 200 && !received.some((r) => r.event === 'subscribed'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(received.some((r) => r.event === 'subscribed')).toBe(true);

    const short = await admin.client.post(`/api/admin/users/${m.id}/block`, { reason: 'x' });
    expect(short.status).toBe(422);
    expect(short.body.errors?.reason?.[0]).toBe('Причина — не короче 3 символов');
    const res = await admin.client.post(`/api/admin/users/${m.id}/block`, { reason: 'Рассылка спама' });
    expect(res.status).toBe(200);
    expect(res.body.res).toMatchObject({ blocked_reason: 'Рассылка спама' });
    expect(res.body.res.blocked_at).toBeTruthy();
    for (let i = 0; i < 200 && closedWith === null; i++) await new Promise((r) => setTimeout(r, 20));
    expect(closedWith).toBe(SOCKET_REVOKED);
    const [{ n }] = (await db().rows<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${m.id}`)) as [
      { n: number },
    ];
    expect(n).toBe(0);
    expect((await m.client.get('/api/user/main_info')).status).toBe(401);

    const login = await new TestClient(built.app).post('/login', { email: m.email, password: m.password });
    expect(login.status).toBe(422);
    expect(login.body.errors?.email?.[0]).toBe('Учётная запись заблокирована');
    const [failed] = (await auditRows(db(), 'auth.login_failed', m.id)).slice(-1);
    expect(failed).toMatchObject({ actor_id: m.id, details: { method: 'password', reason: 'blocked' } });
    expect(await auditRows(db(), 'user.block', m.id)).toHaveLength(1);
    expect((await admin.client.post(`/api/admin/users/${m.id}/block`, { reason: 'Ещё раз' })).status).toBe(422);

    expect((await admin.client.post(`/api/admin/users/${m.id}/unblock`)).body.res.blocked_at).toBeNull();
    expect((await new TestClient(built.app).post('/login', { email: m.email, password: m.password })).status).toBe(200);
    expect(await auditRows(db(), 'user.unblock', m.id)).toHaveLength(1);
    expect((await admin.client.post(`/api/admin/users/${admin.id}/block`, { reason: 'сам себя' })).status).toBe(422);
  });
});

describe('audit of logins, contacts and exports', () => {
  it('logs a successful and a failed login with the address, and no e-mail for unknown accounts', async () => {
    const m = await memberOf(built.app, db());
    const visitor = new TestClient(built.app);
    expect((await visitor.post('/login', { email: m.email, password: 'wrong-password' })).status).toBe(422);
    expect((await visitor.post('/login', { email: m.email, password: m.password })).status).toBe(200);
    const failed = await auditRows(db(), 'auth.login_failed', m.id);
    expect(failed.at(-1)).toMatchObject({ actor_id: m.id, ip: ipOf(visitor), details: { method: 'password', reason: 'bad_credentials' } });
    const ok = await auditRows(db(), 'auth.login', m.id);
    expect(ok.at(-1)).toMatchObject({ actor_id: m.id, ip: ipOf(visitor) });

    const ghost = `ghost-${Date.now()}@example.ru`;
    await new TestClient(built.app).post('/login', { email: ghost, password: 'whatever1' });
    const [{ n }] = (await db().rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where details::text like ${`%${ghost}%`}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('logs a contact opening and a search export', async () => {
    const m = await memberOf(built.app, db());
    await db().rows(sql`update users set flags = '["open_contact","mass_search"]'::jsonb where id = ${m.id}`);
    const resume = await createResume(db());
    expect((await m.client.post(`/api/resume/${resume.hash}/contacts`)).status).toBe(200);
    expect((await auditRows(db(), 'resume.contacts_open', resume.hash)).at(-1)).toMatchObject({
      actor_id: m.id,
      object_type: 'resume',
      ip: ipOf(m.client),
    });
    const exp = await m.client.get('/api/resume/search/export?format=csv');
    expect(exp.status).toBe(200);
    const rows = await db().rows<{ details: { format: string } }>(
      sql`select details from audit_log where action = 'resume.export' and actor_id = ${m.id}`,
    );
    expect(rows.at(-1)?.details.format).toBe('csv');
  });
});

describe('audit log', () => {
  it('filters by actor, action, object and dates; exports a formula-safe CSV; refuses UPDATE and DELETE', async () => {
    const m = await memberOf(built.app, db(), { is_resident: true });
    await admin.client.post(`/api/admin/users/${m.id}/residency`, { decision: 'reject', comment: '=HYPERLINK("http://evil")' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
    const q = `actor_id=${admin.id}&action=user.residency_reject&object_type=user&object_id=${m.id}&from=${today}&to=${today}`;
    const res = await admin.client.get(`/api/admin/audit?${q}`);
    expect(res.status).toBe(200);
    expect(res.body.res.total).toBe(1);
    expect(res.body.res.data[0]).toMatchObject({
      actor_id: admin.id,
      action: 'user.residency_reject',
      action_title: 'Резидентство отклонено',
      object_id: String(m.id),
      ip: ipOf(admin.client),
    });
    expect((await admin.client.get(`/api/admin/audit?actor_id=${admin.id}&to=2000-01-01`)).body.res.total).toBe(0);
    const badRange = await admin.client.get('/api/admin/audit?from=2025-02-01&to=2025-01-01');
    expect(badRange.status).toBe(422);
    expect(badRange.body.errors?.from?.[0]).toBe('Дата «с» не может быть позже даты «по»');
    expect((await admin.client.get('/api/admin/audit?action=drop_table')).status).toBe(422);
    expect((await admin.client.get('/api/admin/audit?from=31.12.2024')).body.errors?.from?.[0]).toBe('Укажите дату в формате ГГГГ-ММ-ДД');

    const csv = await built.app.inject({
      method: 'GET',
      url: `/api/admin/audit/export?${q}`,
      headers: { cookie: [...admin.client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ') },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Действие');
    expect(lines[1]).toContain('Резидентство отклонено');
    // The comment sits inside the JSON details; a cell never starts with = + - @.
    for (const cell of lines[1]?.split(';') ?? []) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    expect(await auditRows(db(), 'audit.export')).not.toHaveLength(0);

    await expect(db().rows(sql`update audit_log set action = 'auth.login' where object_id = ${String(m.id)}`)).rejects.toThrow();
    await expect(db().rows(sql`delete from audit_log where object_id = ${String(m.id)}`)).rejects.toThrow();
    expect(await auditRows(db(), 'user.residency_reject', m.id)).toHaveLength(1);
  });
});

describe('education, opinions, client errors', () => {
  it('sends an education announcement from the API to users, logged', async () => {
    const m = await memberOf(built.app, db());
    const bad = await admin.client.post('/api/admin/education', { title: '', message: 'x', education_id: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      title: ['Укажите заголовок'],
      education_id: ['Укажите номер курса — целое положительное число'],
    });
    const res = await admin.client.post('/api/admin/education', {
      title: 'Вебинар по найму',
      message: 'Во вторник в 19:00',
      education_id: 42,
    });
    expect(res.status).toBe(200);
    expect(res.body.res.recipients).toBeGreaterThanOrEqual(1);
    expect((await notificationsOf(m.id)).map((n) => n.title)).toContain('Вебинар по найму');
    expect((await auditRows(db(), 'education.create', res.body.res.id)).at(-1)).toMatchObject({
      actor_id: admin.id,
      details: { education_id: 42 },
    });
  });

  it('hides and restores an opinion with a reason, the author notified each time', async () => {
    const author = await memberOf(built.app, db());
    const resume = await createResume(db());
    const [op] = await db().rows<{ id: number }>(sql`
      insert into review_opinions (resume_id, source, author_id, verdict, text, relation)
      values (${resume.id}, 'member', ${author.id}, 'recommend', 'Отличный специалист, рекомендую всем', 'colleague') returning id`);
    const id = Number(op?.id);
    expect((await admin.client.post(`/api/admin/opinions/${id}/hide`, {})).body.errors?.reason?.[0]).toBe('Укажите причину');
    const hidden = await admin.client.post(`/api/admin/opinions/${id}/hide`, { reason: 'Оскорбления' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.res).toMatchObject({ id, hidden_reason: 'Оскорбления', author_id: author.id, resume_hash: resume.hash });
    const list = await admin.client.get('/api/admin/opinions?state=hidden&per_page=100');
    expect(list.body.res.data.some((o: { id: number }) => o.id === id)).toBe(true);
    expect(
      (await admin.client.get('/api/admin/opinions?state=visible&per_page=100')).body.res.data.some((o: { id: number }) => o.id === id),
    ).toBe(false);
    expect((await admin.client.post(`/api/admin/opinions/${id}/hide`, { reason: 'Снова' })).status).toBe(422);
    const shown = await admin.client.post(`/api/admin/opinions/${id}/unhide`, { reason: 'Автор исправил текст' });
    expect(shown.body.res.hidden_at).toBeNull();
    const notes = await notificationsOf(author.id);
    expect(notes.map((n) => n.title)).toEqual(['Ваш отзыв скрыт', 'Ваш отзыв снова виден']);
    expect(notes[0]?.message).toContain('Оскорбления');
    expect((await auditRows(db(), 'opinion.hide', id))[0]?.details).toMatchObject({ reason: 'Оскорбления' });
    expect((await auditRows(db(), 'opinion.unhide', id))[0]?.details).toMatchObject({ reason: 'Автор исправил текст' });
    expect((await admin.client.post('/api/admin/opinions/999999999/hide', { reason: 'Нет такого' })).status).toBe(404);
  });

  it('groups client error reports by message with counts and last seen', async () => {
    const message = `TypeError: x is undefined ${Date.now()}`;
    const reporter = await memberOf(built.app, db());
    for (const path of ['/a', '/b', '/c']) {
      expect((await reporter.client.post('/api/error/send', { error: message, info: 'stack', host: 'h', path })).status).toBe(200);
    }
    const res = await admin.client.get('/api/admin/client-errors/groups?per_page=100');
    const group = res.body.res.data.find((g: { error: string }) => g.error === message);
    expect(group).toMatchObject({ count: 3, users: 1, last_path: '/c' });
    expect(Date.parse(group.last_seen)).toBeGreaterThanOrEqual(Date.parse(group.first_seen));
  });
});

describe('consent versions', () => {
  it('records the registration consent version', async () => {
    const m = await memberOf(built.app, db());
    const [row] = await db().rows<{ consent_version: string }>(sql`select consent_version from users where id = ${m.id}`);
    expect(row?.consent_version).toBe(consentVersion('registration'));
  });
});
