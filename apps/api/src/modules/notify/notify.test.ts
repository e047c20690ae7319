import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { buildApp } from '../../app.ts';
import { findUserByEmail } from '../user/user.service.ts';
import { createPrivateTestApp, registeredMember, TestClient, testConfig, testDatabase } from '../../../test/helpers.ts';
import { openSocket } from '../../../test/socket.ts';
import { notify } from './notify.service.ts';

let built: BuiltApp;
let wsUrl: string;
beforeAll(async () => {
  built = await createPrivateTestApp();
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address() as { port: number };
  wsUrl = `ws://127.0.0.1:${address.port}/ws`;
});

async function memberWithId() {
  const m = await registeredMember(built.app);
  const user = await findUserByEmail(built.ctx.database.db, m.email);
  return { ...m, id: user?.id as number };
}

describe('notifications', () => {
  it('lists newest first in pages of the server size, counts and marks read', async () => {
    const m = await memberWithId();
    for (let i = 1; i <= 12; i++)
      await notify(built.ctx, m.id, { title: `Событие ${i}`, message: `Текст ${i}`, url: `/vacancy/${i}` }, { copies: false });
    const first = await m.client.get(`/api/notify/message?page=1&t=${Date.now()}`);
    expect(first.status).toBe(200);
    expect(first.body.res).toMatchObject({ per_page: 10, current_page: 1, last_page: 2, total: 12 });
    expect(first.body.res.data[0]).toMatchObject({ read_at: null, data: { title: 'Событие 12', message: 'Текст 12', url: '/vacancy/12' } });
    expect((await m.client.get('/api/notify/message?page=2')).body.res.data).toHaveLength(2);
    expect((await m.client.get('/api/notify/message/unread_count')).body.res).toBe(12);
    const ids = first.body.res.data.slice(0, 2).map((n: { id: number }) => n.id);
    expect((await m.client.post('/api/notify/message/read', { ids })).body.res.marked).toBe(2);
    expect((await m.client.get('/api/notify/message/unread_count')).body.res).toBe(10);
    await m.client.post('/api/notify/message/read');
    expect((await m.client.get('/api/notify/message/unread_count')).body.res).toBe(0);
  });

  it('answers a page past the last with no items and the count, and gives times as ISO', async () => {
    const m = await memberWithId();
    for (let i = 1; i <= 3; i++) await notify(built.ctx, m.id, { title: `Пункт ${i}`, message: `Текст ${i}` }, { copies: false });
    const [newest] = (await m.client.get('/api/notify/message?page=1')).body.res.data;
    await m.client.post('/api/notify/message/read', { ids: [newest.id] });
    const first = (await m.client.get('/api/notify/message?page=1')).body.res;
    expect(first).toMatchObject({ total: 3, last_page: 1 });
    expect(first.data.map((n: { data: { title: string } }) => n.data.title)).toEqual(['Пункт 3', 'Пункт 2', 'Пункт 1']);
    expect(first.data[0].read_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first.data[1]).toMatchObject({ read_at: null, data: { url: null } });
    expect(first.data[1].data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(first.data[1].data.created_at) - Date.now())).toBeLessThan(10 * 60_000);
    const past = (await m.client.get('/api/notify/message?page=5')).body.res;
    expect(past).toMatchObject({ total: 3, current_page: 5, data: [] });
  });

  it("never shows or marks another user's notifications", async () => {
    const a = await memberWithId();
    const b = await memberWithId();
    const id = await notify(built.ctx, a.id, { title: 'Только для A', message: '…' }, { copies: false });
    expect((await b.client.get('/api/notify/message')).body.res.total).toBe(0);
    expect((await b.client.post('/api/notify/message/read', { ids: [id] })).body.res.marked).toBe(0);
    expect((await a.client.get('/api/notify/message/unread_count')).body.res).toBe(1);
    expect((await new TestClient(built.app).get('/api/notify/message')).status).toBe(401);
  });

  it('copies to e-mail by preference through the queue', async () => {
    const m = await memberWithId();
    await notify(built.ctx, m.id, { title: 'Новый отклик', message: 'На вакансию откликнулись', url: '/vacancy/1/reply/2' });
    await built.ctx.queue.runPending();
    const rows = await built.ctx.database.rows<{ to: string; subject: string; text: string }>(
      (await import('drizzle-orm')).sql`select "to", subject, text from mail_outbox where "to" = ${m.email}`,
    );
    expect(rows[0]?.subject).toBe('HR-клуб: Новый отклик');
    expect(rows[0]?.text).toContain('/vacancy/1/reply/2');
    await m.client.post('/api/user/profile', { notify_email: false });
    await notify(built.ctx, m.id, { title: 'Второй', message: '…' });
    await built.ctx.queue.runPending();
    const after = await built.ctx.database.rows<{ n: number }>(
      (await import('drizzle-orm')).sql`select count(*)::int as n from mail_outbox where "to" = ${m.email}`,
    );
    expect(after[0]?.n).toBe(1);
  });
});

describe('real time', () => {
  it('pushes a notification to the subscribed socket of its user only', async () => {
    const a = await memberWithId();
    const b = await memberWithId();
    const token = (await a.client.post('/api/user/csrf-token')).body.res.token as string;
    const socket = await openSocket(wsUrl);
    expect((await socket.subscribe(`user.${a.id}`, token)).event).toBe('subscribed');
    // A's token does not open B's channel.
    const foreign = await openSocket(wsUrl);
    expect((await foreign.subscribe(`user.${b.id}`, token)).event).toBe('subscription_error');
    expect((await foreign.subscribe(`user.${b.id}`, 'forged.9999999999.x')).event).toBe('subscription_error');
    await notify(built.ctx, a.id, { title: 'Привет', message: 'Живое уведомление' }, { copies: false });
    const pushed = await socket.waitFor((m) => m.event === 'notification');
    expect(pushed.channel).toBe(`user.${a.id}`);
    await notify(built.ctx, b.id, { title: 'Для B', message: '…' }, { copies: false });
    await new Promise((r) => setTimeout(r, 100));
    expect(foreign.received.filter((m) => m.event === 'notification')).toHaveLength(0);
    expect(socket.received.filter((m) => m.event === 'notification')).toHaveLength(1);
    socket.close();
    foreign.close();
  });

  it('gives the channel token only to a signed-in user', async () => {
    const visitor = new TestClient(built.app);
    expect((await visitor.post('/api/user/csrf-token')).status).toBe(401);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('reaches a socket held by another instance through Redis', async () => {
    const redisUrl = process.env.TEST_REDIS_URL as string;
    const database = await testDatabase();
    const config = testConfig({ REDIS_URL: redisUrl });
    const one = await buildApp(config, { database, startWorker: false, logger: false });
    const two = await buildApp({ ...config }, { database, startWorker: false, logger: false });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const m = await registeredMember(one.app);
      const user = await findUserByEmail(database.db, m.email);
      const token = (await m.client.post('/api/user/csrf-token')).body.res.token as string;
      const socket = await openSocket(`ws://127.0.0.1:${(two.app.server.address() as { port: number }).port}/ws`);
      expect((await socket.subscribe(`user.${user?.id}`, token)).event).toBe('subscribed');
      await notify(one.ctx, user?.id as number, { title: 'Через Redis', message: '…' }, { copies: false });
      expect((await socket.waitFor((e) => e.event === 'notification')).channel).toBe(`user.${user?.id}`);
      socket.close();
    } finally {
      await one.app.close();
      await two.app.close();
    }
  });
});

afterAll(async () => {
  await built.app.close();
});
