import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer } from '../../test/redis-server.ts';
import { openSocket } from '../../test/socket.ts';
import { registeredMember, TestClient, testConfig, testDatabase } from '../../test/helpers.ts';
import { buildApp, type BuiltApp } from '../app.ts';
import { notify } from '../modules/notify/notify.service.ts';
import { findUserByEmail } from '../modules/user/user.service.ts';
import { AppError } from './app-error.ts';

/**
 * A redis-server of this file's own, killed and restarted under two running instances: the site
 * keeps answering (limits in the database meanwhile), sockets of the same instance keep getting
 * their pushes, and fan-out between instances comes back by itself with Redis.
 */
let redis: Awaited<ReturnType<typeof startRedisServer>>;
let one: BuiltApp;
let two: BuiltApp;
const wsOf = (b: BuiltApp) => `ws://127.0.0.1:${(b.app.server.address() as { port: number }).port}/ws`;

beforeAll(async () => {
  redis = await startRedisServer();
  const database = await testDatabase();
  const config = testConfig({ REDIS_URL: redis.url });
  one = await buildApp(config, { database, startWorker: false, logger: false });
  two = await buildApp({ ...config }, { database, startWorker: false, logger: false });
  await one.app.listen({ port: 0, host: '127.0.0.1' });
  await two.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await one?.app.close();
  await two?.app.close();
  await redis?.kill();
});

async function member(b: BuiltApp) {
  const m = await registeredMember(b.app);
  const user = await findUserByEmail(b.ctx.database.db, m.email);
  const token = (await m.client.post('/api/user/csrf-token')).body.res.token as string;
  return { ...m, id: user?.id as number, token };
}

/** Pushes from `from` until `socket` (on another instance) receives one: reconnects take a moment. */
async function fanOutArrives(from: BuiltApp, userId: number, socket: Awaited<ReturnType<typeof openSocket>>, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    await notify(from.ctx, userId, { title: 'Через Redis', message: '…' }, { copies: false });
    try {
      return await socket.waitFor((e) => e.event === 'notification', 300);
    } catch {
      // not yet re-attached
    }
  }
  throw new Error('no fan-out between instances');
}

describe('Redis lost mid-run and back', () => {
  it('fans out between instances while Redis is up', async () => {
    const m = await member(one);
    const socket = await openSocket(wsOf(two));
    expect((await socket.subscribe(`user.${m.id}`, m.token)).event).toBe('subscribed');
    expect((await fanOutArrives(one, m.id, socket, 3000)).channel).toBe(`user.${m.id}`);
    socket.close();
  });

  it('keeps answering logins, limits and same-instance pushes with Redis killed', async () => {
    const m = await member(one);
    const socket = await openSocket(wsOf(one));
    expect((await socket.subscribe(`user.${m.id}`, m.token)).event).toBe('subscribed');
    await redis.kill();

    const wrong = await new TestClient(one.app).post('/login', { email: m.email, password: 'not-the-password' });
    expect(wrong.status).toBe(422);
    const right = await new TestClient(one.app).post('/login', { email: m.email, password: m.password });
    expect(right.status).toBe(200);

    // The limits still hold: they are counted in the database meanwhile.
    const key = `test-redis-fallback:${randomUUID()}`;
    await one.ctx.limiter.consume(key, 2, 60);
    await one.ctx.limiter.consume(key, 2, 60);
    const over = await one.ctx.limiter.consume(key, 2, 60).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(AppError);
    expect((over as AppError).status).toBe(429);
    const rows = await one.ctx.database.rows<{ count: number }>(sql`select count from rate_limits where key = ${key}`);
    expect(rows[0]?.count).toBe(3);

    // Real time within the instance does not need Redis.
    await notify(one.ctx, m.id, { title: 'Без Redis', message: '…' }, { copies: false });
    expect((await socket.waitFor((e) => e.event === 'notification')).channel).toBe(`user.${m.id}`);
    socket.close();
  });

  it('re-attaches limits and fan-out when Redis returns on the same port', async () => {
    await redis.restart();
    const m = await member(one);
    const socket = await openSocket(wsOf(two));
    expect((await socket.subscribe(`user.${m.id}`, m.token)).event).toBe('subscribed');
    expect((await fanOutArrives(one, m.id, socket, 10_000)).channel).toBe(`user.${m.id}`);
    socket.close();

    // Counters are back in Redis.
    const key = `test-redis-back:${randomUUID()}`;
    await one.ctx.limiter.consume(key, 5, 60);
    const raw = new Redis(redis.url);
    try {
      expect(await raw.get(`rl:${key}`)).toBe('1');
    } finally {
      raw.disconnect();
    }
  });

  it('starts within a few seconds while Redis is down, and serves', async () => {
    await redis.kill();
    const started = Date.now();
    const built = await buildApp(testConfig({ REDIS_URL: redis.url }), {
      database: await testDatabase(),
      startWorker: false,
      logger: false,
    });
    try {
      expect(Date.now() - started).toBeLessThan(5000);
      const m = await registeredMember(built.app);
      const wrong = await new TestClient(built.app).post('/login', { email: m.email, password: 'not-the-password' });
      expect(wrong.status).toBe(422);
    } finally {
      await built.app.close();
    }
  });
});
