import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, registeredMember, TestClient, testConfig, testDatabase } from '../../test/helpers.ts';
import { startRedisServer } from '../../test/redis-server.ts';
import { type BuiltApp, buildApp } from '../app.ts';
import { passwordResets } from '../db/schema/index.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { CHANNEL_TOKEN_TTL_SECONDS } from '../lib/realtime.ts';
import { SOCKET_REVOKED } from './realtime-socket.ts';

let built: BuiltApp;
let url: string;

beforeAll(async () => {
  built = await createTestApp();
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(built.app.server.address() as { port: number }).port}/ws`;
});

type Message = { event: string; channel?: string; data?: unknown };

/** A real WebSocket client that records messages and how it was closed. */
async function socket(at = url) {
  const ws = new WebSocket(at);
  const received: Message[] = [];
  let closedWith: number | null = null;
  ws.on('message', (raw) => received.push(JSON.parse(String(raw))));
  ws.on('close', (code) => {
    closedWith = code;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waitFor = async (pred: (m: Message) => boolean, ms = 4000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const hit = received.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`nothing matched; got ${JSON.stringify(received)}`);
  };
  return {
    received,
    waitFor,
    closed: () => closedWith,
    async waitClosed(ms = 4000) {
      const deadline = Date.now() + ms;
      while (closedWith === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return closedWith;
    },
    async subscribe(channel: string, auth: string) {
      const before = received.length;
      ws.send(JSON.stringify({ event: 'subscribe', channel, auth }));
      const deadline = Date.now() + 4000;
      while (Date.now() < deadline) {
        const hit = received.slice(before).find((m) => m.channel === channel && ['subscribed', 'subscription_error'].includes(m.event));
        if (hit) return hit.event;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('no answer to subscribe');
    },
    close: () => ws.close(),
  };
}

async function memberWithToken() {
  const member = await registeredMember(built.app);
  const answer = await member.client.post('/api/user/csrf-token');
  expect(answer.status).toBe(200);
  const { token, channel } = answer.body.res as { token: string; channel: string };
  const sessionKey = sha256(member.client.cookies.get('hr_session')?.value as string);
  return { ...member, token, channel, sessionKey, userId: Number(channel.split('.')[1]) };
}

const push = (channel: string, n: number) => built.ctx.realtime.publish({ channel, event: 'notification', data: { n } });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('real-time subscriptions end with the session', () => {
  it("closes the user's sockets on logout and refuses the old token afterwards", async () => {
    const m = await memberWithToken();
    const ws = await socket();
    expect(await ws.subscribe(m.channel, m.token)).toBe('subscribed');
    await push(m.channel, 1);
    await ws.waitFor((e) => e.event === 'notification');

    expect((await m.client.post('/logout')).status).toBe(200);
    expect(await ws.waitClosed()).toBe(SOCKET_REVOKED);

    const again = await socket();
    expect(await again.subscribe(m.channel, m.token)).toBe('subscription_error');
    await push(m.channel, 2);
    await pause(200);
    expect(again.received.some((e) => e.event === 'notification')).toBe(false);
    again.close();
  });

  it('lets another device of the same user subscribe again with a fresh token', async () => {
    const m = await memberWithToken();
    const other = new TestClient(built.app);
    expect((await other.post('/login', { email: m.email, password: m.password })).status).toBe(200);
    const ws = await socket();
    expect(await ws.subscribe(m.channel, m.token)).toBe('subscribed');
    await m.client.post('/logout');
    await ws.waitClosed();
    const fresh = (await other.post('/api/user/csrf-token')).body.res.token as string;
    const reconnected = await socket();
    expect(await reconnected.subscribe(m.channel, fresh)).toBe('subscribed');
    await push(m.channel, 3);
    await reconnected.waitFor((e) => e.event === 'notification');
    reconnected.close();
  });

  it('closes the sockets when a password reset ends every session', async () => {
    const m = await memberWithToken();
    const ws = await socket();
    expect(await ws.subscribe(m.channel, m.token)).toBe('subscribed');
    const token = randomToken(32);
    await built.ctx.database.db
      .insert(passwordResets)
      .values({ userId: m.userId, tokenHash: sha256(token), expiresAt: sql`now() + interval '10 minutes'` });
    const reset = await new TestClient(built.app).post('/password/reset', {
      token,
      email: m.email,
      password: 'brand-new1',
      password_confirmation: 'brand-new1',
    });
    expect(reset.status).toBe(200);
    expect(await ws.waitClosed()).toBe(SOCKET_REVOKED);
  });
});

describe('a password change or reset ends the other sessions at once', () => {
  /** The member signed in on a second device, with that device's own channel token. */
  async function secondDevice(m: { email: string; password: string }) {
    const client = new TestClient(built.app);
    expect((await client.post('/login', { email: m.email, password: m.password })).status).toBe(200);
    const token = (await client.post('/api/user/csrf-token')).body.res.token as string;
    return { client, token };
  }

  it("a password change closes the other device's socket now and voids its token; this device's socket stays", async () => {
    const m = await memberWithToken();
    const other = await secondDevice(m);
    const mine = await socket();
    const theirs = await socket();
    expect(await mine.subscribe(m.channel, m.token)).toBe('subscribed');
    expect(await theirs.subscribe(m.channel, other.token)).toBe('subscribed');

    const change = await m.client.post('/api/user/password', { current_password: m.password, password: 'changed-123', password_confirmation: 'changed-123' });
    expect(change.status).toBe(200);
    expect(await theirs.waitClosed()).toBe(SOCKET_REVOKED);
    expect((await other.client.get('/api/user/main_info')).status).toBe(401);

    // The other device's token no longer subscribes, well within its 300 s.
    const again = await socket();
    expect(await again.subscribe(m.channel, other.token)).toBe('subscription_error');
    again.close();
    // This device keeps its socket and its token.
    expect(mine.closed()).toBeNull();
    await push(m.channel, 7);
    await mine.waitFor((e) => e.event === 'notification' && (e.data as { n: number }).n === 7);
    const fresh = await socket();
    expect(await fresh.subscribe(m.channel, m.token)).toBe('subscribed');
    fresh.close();
    mine.close();
  });

  it('a password reset voids every earlier token, also on an instance that never heard of the reset', async () => {
    const m = await memberWithToken();
    const other = await secondDevice(m);
    const token = randomToken(32);
    await built.ctx.database.db
      .insert(passwordResets)
      .values({ userId: m.userId, tokenHash: sha256(token), expiresAt: sql`now() + interval '10 minutes'` });
    const reset = await new TestClient(built.app).post('/password/reset', {
      token,
      email: m.email,
      password: 'brand-new2',
      password_confirmation: 'brand-new2',
    });
    expect(reset.status).toBe(200);
    // A second instance on the same database, started after the reset (no revocation message reached it).
    const later = await buildApp(testConfig(), { database: built.ctx.database, startWorker: false, logger: false });
    await later.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const at of [url, `ws://127.0.0.1:${(later.app.server.address() as { port: number }).port}/ws`]) {
        const ws = await socket(at);
        expect(await ws.subscribe(m.channel, m.token)).toBe('subscription_error');
        expect(await ws.subscribe(m.channel, other.token)).toBe('subscription_error');
        ws.close();
      }
    } finally {
      await later.app.close();
    }
  });

  it('a password change on one instance closes the socket held by another (Redis fan-out)', async () => {
    const redis = await startRedisServer();
    const database = await testDatabase();
    const config = testConfig({ REDIS_URL: redis.url });
    const one = await buildApp(config, { database, startWorker: false, logger: false });
    const two = await buildApp({ ...config }, { database, startWorker: false, logger: false });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const m = await registeredMember(one.app);
      const other = new TestClient(one.app);
      expect((await other.post('/login', { email: m.email, password: m.password })).status).toBe(200);
      const answer = (await other.post('/api/user/csrf-token')).body.res as { token: string; channel: string };
      const ws = await socket(`ws://127.0.0.1:${(two.app.server.address() as { port: number }).port}/ws`);
      expect(await ws.subscribe(answer.channel, answer.token)).toBe('subscribed');
      const change = await m.client.post('/api/user/password', { current_password: m.password, password: 'changed-456', password_confirmation: 'changed-456' });
      expect(change.status).toBe(200);
      expect(await ws.waitClosed()).toBe(SOCKET_REVOKED);
    } finally {
      await one.app.close();
      await two.app.close();
      await redis.kill();
    }
  });
});

describe('real-time subscriptions end with the token', () => {
  const nearlyExpired = (m: { userId: number; sessionKey: string }) =>
    built.ctx.realtime.channelToken(m.userId, m.sessionKey, Date.now() - (CHANNEL_TOKEN_TTL_SECONDS - 2) * 1000);

  it('stops delivering when the token expires and says so', async () => {
    const m = await memberWithToken();
    const ws = await socket();
    expect(await ws.subscribe(m.channel, nearlyExpired(m))).toBe('subscribed');
    await ws.waitFor((e) => e.event === 'subscription_expired' && e.channel === m.channel, 4000);
    await push(m.channel, 4);
    await pause(200);
    expect(ws.received.some((e) => e.event === 'notification')).toBe(false);
    // The same socket subscribes again with a fresh token.
    expect(await ws.subscribe(m.channel, m.token)).toBe('subscribed');
    await push(m.channel, 5);
    await ws.waitFor((e) => e.event === 'notification');
    ws.close();
  });

  it('keeps delivering without a gap when the client renews before expiry', async () => {
    const m = await memberWithToken();
    const ws = await socket();
    expect(await ws.subscribe(m.channel, nearlyExpired(m))).toBe('subscribed');
    expect(await ws.subscribe(m.channel, m.token)).toBe('subscribed');
    await pause(3000);
    expect(ws.received.some((e) => e.event === 'subscription_expired')).toBe(false);
    await push(m.channel, 6);
    await ws.waitFor((e) => e.event === 'notification');
    expect(ws.received.filter((e) => e.event === 'notification')).toHaveLength(1); // one listener, not two
    ws.close();
  });
});

describe('revocation across instances', () => {
  it.skipIf(!process.env.TEST_REDIS_URL)('a logout on one instance closes the socket held by another (Redis)', async () => {
    const database = await testDatabase();
    const config = testConfig({ REDIS_URL: process.env.TEST_REDIS_URL as string });
    const one = await buildApp(config, { database, startWorker: false, logger: false });
    const two = await buildApp({ ...config }, { database, startWorker: false, logger: false });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const m = await registeredMember(one.app);
      const answer = (await m.client.post('/api/user/csrf-token')).body.res as { token: string; channel: string };
      const ws = await socket(`ws://127.0.0.1:${(two.app.server.address() as { port: number }).port}/ws`);
      expect(await ws.subscribe(answer.channel, answer.token)).toBe('subscribed');
      expect((await m.client.post('/logout')).status).toBe(200);
      expect(await ws.waitClosed()).toBe(SOCKET_REVOKED);
    } finally {
      await one.app.close();
      await two.app.close();
    }
  });
});
