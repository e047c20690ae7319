import net, { type AddressInfo } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BuiltApp, buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { adminOf, memberOf } from '../modules/admin/admin.fixtures.ts';
import { afterFile, createTestApp, TestClient, testConfig } from '../../test/helpers.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { AUTH_CHANNEL, watchAuthChanges } from './session-revocation.ts';

// The signed-in lookup is cached (as in production) and every change to who a session belongs to or
// what its user may do is seen by the next request: the database announces it (migration 0030).
let a: BuiltApp;
beforeAll(async () => {
  a = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A write with the triggers off for its transaction: only a cached lookup still answers as before. */
async function unannounced(app: BuiltApp, query: SQL) {
  await app.ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(query);
  });
}

const nameOf = async (client: TestClient) => (await client.get('/api/user/main_info')).body.res?.name;
const access = async (client: TestClient) => (await client.get('/api/user/access')).body.res;

/** The same browser (its cookies) talking to another instance. */
function sameBrowser(client: TestClient, app: BuiltApp): TestClient {
  const other = new TestClient(app.app);
  for (const [k, v] of client.cookies) other.cookies.set(k, { ...v });
  return other;
}

describe('signed-in lookups, cached and revoked (one instance)', () => {
  it('serve from memory, and a change made by anyone (a script, another process) is seen by the next request', async () => {
    const m = await memberOf(a.app, a.ctx.database, { fio: 'Петрова Анна Сергеевна' });
    expect(await nameOf(m.client)).toBe('Анна');
    await unannounced(a, sql`update users set name = 'Скрытая' where id = ${m.id}`);
    // The cache answers: the unannounced write is not seen.
    expect(await nameOf(m.client)).toBe('Анна');
    await a.ctx.database.rows(sql`update users set name = 'Ольга' where id = ${m.id}`);
    expect(await nameOf(m.client)).toBe('Ольга');
  });

  it('a public route does not look the user up', async () => {
    const m = await memberOf(a.app, a.ctx.database);
    a.ctx.sessions.forgetCachedUsers();
    expect((await m.client.get('/sanctum/csrf-cookie')).status).toBe(204);
    expect(a.ctx.sessions.cache.size).toBe(0);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    expect(a.ctx.sessions.cache.size).toBe(1);
  });

  it('logout, a password change and a deleted user end cached sessions at once', async () => {
    const m = await memberOf(a.app, a.ctx.database);
    const second = new TestClient(a.app);
    expect((await second.post('/login', { email: m.email, password: m.password })).status).toBe(200);
    expect((await second.get('/api/user/main_info')).status).toBe(200);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);

    const changed = await m.client.post('/api/user/password', { current_password: m.password, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(changed.status).toBe(200);
    expect((await second.get('/api/user/main_info')).status).toBe(401);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);

    expect((await m.client.post('/logout')).status).toBe(200);
    expect((await m.client.get('/api/user/main_info')).status).toBe(401);

    const gone = await memberOf(a.app, a.ctx.database);
    expect((await gone.client.get('/api/user/main_info')).status).toBe(200);
    await a.ctx.database.rows(sql`delete from users where id = ${gone.id}`);
    expect((await gone.client.get('/api/user/main_info')).status).toBe(401);
  });

  it('a block and flags set by an admin apply at once', async () => {
    const admin = await adminOf(a.app, a.ctx.database);
    const m = await memberOf(a.app, a.ctx.database);
    expect((await access(m.client)).open_contact).toBe(false);
    expect((await admin.client.request('PUT', `/api/admin/users/${m.id}/flags`, { flags: ['open_contact'] })).status).toBe(200);
    expect((await access(m.client)).open_contact).toBe(true);
    expect((await admin.client.post(`/api/admin/users/${m.id}/block`, { reason: 'Нарушение правил клуба' })).status).toBe(200);
    expect((await m.client.get('/api/user/main_info')).status).toBe(401);
  });

  it('flags inherited through a team change at once, and with the lead’s own flags', async () => {
    const lead = await memberOf(a.app, a.ctx.database);
    await a.ctx.database.rows(sql`update users set flags = '["team_lead","open_contact"]'::jsonb where id = ${lead.id}`);
    const user = await memberOf(a.app, a.ctx.database);
    expect((await access(user.client)).open_contact).toBe(false);
    const invite = await lead.client.post('/api/user/team/invite/create', { user_id: user.id });
    expect(invite.status).toBe(200);
    expect((await user.client.post('/api/user/team/invite', { id: invite.body.res.id, status: 1 })).status).toBe(200);
    expect((await access(user.client)).open_contact).toBe(true);
    // The lead loses the paid flag: the member's cached lookup goes with it.
    await a.ctx.database.rows(sql`update users set flags = '["team_lead"]'::jsonb where id = ${lead.id}`);
    expect((await access(user.client)).open_contact).toBe(false);
    await a.ctx.database.rows(sql`update users set flags = '["team_lead","open_contact"]'::jsonb where id = ${lead.id}`);
    expect((await access(user.client)).open_contact).toBe(true);
    expect((await lead.client.request('DELETE', `/api/user/team/member/${user.id}`)).status).toBe(200);
    expect((await access(user.client)).open_contact).toBe(false);
  });

  it('a session cut short or run out ends, cached or not', async () => {
    const m = await memberOf(a.app, a.ctx.database);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    await a.ctx.database.rows(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${m.id}`);
    expect((await m.client.get('/api/user/main_info')).status).toBe(401);

    const n = await memberOf(a.app, a.ctx.database);
    await a.ctx.database.rows(sql`update sessions set expires_at = now() + interval '1 second' where user_id = ${n.id}`);
    expect((await n.client.get('/api/user/main_info')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await n.client.get('/api/user/main_info')).status).toBe(401);
  });

  it('the idle limit slides on cached requests too, at most once a minute', async () => {
    const m = await memberOf(a.app, a.ctx.database);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    const row = async () =>
      (await a.ctx.database.rows<{ seen: string; expires: string }>(
        sql`select last_seen_at::text as seen, expires_at::text as expires from sessions where user_id = ${m.id}`,
      ))[0];
    const before = await row();
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    expect(await row()).toEqual(before);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    const after = await row();
    expect(after?.seen).not.toBe(before?.seen);
    expect(after?.expires).not.toBe(before?.expires);
  });

  it('a slide whose write fails is tried again by the next request', async () => {
    const m = await memberOf(a.app, a.ctx.database);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    const expires = async () =>
      (await a.ctx.database.rows<{ expires: string }>(sql`select expires_at::text as expires from sessions where user_id = ${m.id}`))[0]?.expires;
    const before = await expires();
    const name = `refuse_slide_${m.id}`;
    await a.ctx.database.rows(sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`));
    await a.ctx.database.rows(
      sql.raw(`create trigger ${name} before update on sessions for each row when (new.user_id = ${m.id}) execute function ${name}()`),
    );
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2 * 60_000);
      expect((await m.client.get('/api/user/main_info')).status).not.toBe(200);
    } finally {
      await a.ctx.database.rows(sql.raw(`drop trigger ${name} on sessions`));
      await a.ctx.database.rows(sql.raw(`drop function ${name}()`));
    }
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    expect(await expires()).not.toBe(before);
  });
});

// Two instances on one PostgreSQL, each with its own pool (and Redis when given), as in production.
describe.runIf(process.env.TEST_DATABASE_URL)('signed-in lookups across instances', () => {
  let b: BuiltApp;
  beforeAll(async () => {
    const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
    b = await buildApp(testConfig({ SESSION_CACHE_SECONDS: '60', ...redis }), { database, startWorker: false, logger: false });
    afterFile(async () => {
      await b.app.close();
      await database.close();
    });
  });

  /** The other instance hears of a change within moments (PostgreSQL hands the notice to its listener). */
  async function soon<T>(read: () => Promise<T>, expected: T) {
    for (let i = 0; i < 100; i++) {
      if ((await read()) === expected) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await read()).toBe(expected);
  }

  it('B serves its own cached lookup and drops it when A changes the user', async () => {
    const m = await memberOf(a.app, a.ctx.database, { fio: 'Петрова Анна Сергеевна' });
    const onB = sameBrowser(m.client, b);
    expect(await nameOf(onB)).toBe('Анна');
    await unannounced(a, sql`update users set name = 'Скрытая' where id = ${m.id}`);
    expect(await nameOf(onB)).toBe('Анна');
    const saved = await m.client.post('/api/user/confirm/later', {});
    expect(saved.status).toBe(200);
    await soon(() => nameOf(onB), 'Скрытая');
  });

  it('a logout, a block and a flag change on A reach B', async () => {
    const admin = await adminOf(a.app, a.ctx.database);
    const m = await memberOf(a.app, a.ctx.database);
    const onB = sameBrowser(m.client, b);
    expect((await access(onB)).open_contact).toBe(false);
    expect((await admin.client.request('PUT', `/api/admin/users/${m.id}/flags`, { flags: ['open_contact'] })).status).toBe(200);
    await soon(async () => (await access(onB)).open_contact, true);

    const blocked = await memberOf(a.app, a.ctx.database);
    const blockedOnB = sameBrowser(blocked.client, b);
    expect((await blockedOnB.get('/api/user/main_info')).status).toBe(200);
    expect((await admin.client.post(`/api/admin/users/${blocked.id}/block`, { reason: 'Нарушение правил клуба' })).status).toBe(200);
    await soon(async () => (await blockedOnB.get('/api/user/main_info')).status, 401);

    expect((await onB.get('/api/user/main_info')).status).toBe(200);
    expect((await m.client.post('/logout')).status).toBe(200);
    await soon(async () => (await onB.get('/api/user/main_info')).status, 401);
  });

  it('a team left on B ends the inherited flags on A', async () => {
    const lead = await memberOf(a.app, a.ctx.database);
    await a.ctx.database.rows(sql`update users set flags = '["team_lead","open_contact"]'::jsonb where id = ${lead.id}`);
    const user = await memberOf(a.app, a.ctx.database);
    const invite = await lead.client.post('/api/user/team/invite/create', { user_id: user.id });
    expect((await user.client.post('/api/user/team/invite', { id: invite.body.res.id, status: 1 })).status).toBe(200);
    expect((await access(user.client)).open_contact).toBe(true);
    const leadOnB = sameBrowser(lead.client, b);
    expect((await leadOnB.request('DELETE', `/api/user/team/member/${user.id}`)).status).toBe(200);
    await soon(async () => (await access(user.client)).open_contact, false);
  });

  it('an instance that cannot hear the notices stops serving from memory, and starts empty when it hears again', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    afterFile(() => proxy.stop());
    const database = await openDatabase({ databaseUrl: Object.assign(new URL(url), { host: `127.0.0.1:${proxy.port}` }).toString() });
    const c = await buildApp(testConfig({ SESSION_CACHE_SECONDS: '60' }), { database, startWorker: false, logger: false });
    afterFile(async () => {
      await c.app.close();
      await database.close();
    });
    const m = await memberOf(a.app, a.ctx.database, { fio: 'Петрова Анна Сергеевна' });
    const onC = sameBrowser(m.client, c);
    expect(await nameOf(onC)).toBe('Анна');
    expect(c.ctx.sessions.cache.enabled).toBe(true);

    await proxy.stop();
    await soon(async () => c.ctx.sessions.cache.enabled, false);
    await proxy.start();
    await soon(async () => c.ctx.sessions.cache.enabled, true);
    // What C kept before is gone: a write it was never told of is read afresh.
    await unannounced(a, sql`update users set name = 'Скрытая' where id = ${m.id}`);
    expect(await nameOf(onC)).toBe('Скрытая');
  });

  it('an instance whose listening connection goes silent (no FIN) stops serving from memory within its heartbeat window, and starts empty on a new one', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const relay = await startFreezableRelay({ host: url.hostname, port: Number(url.port || 5432) });
    afterFile(() => relay.close());
    const database = await openDatabase({ databaseUrl: Object.assign(new URL(url), { host: `127.0.0.1:${relay.port}` }).toString() });
    const c = await buildApp(testConfig({ SESSION_CACHE_SECONDS: '60' }), { database, startWorker: false, logger: false });
    afterFile(async () => {
      await c.app.close();
      await database.close();
    });
    const m = await memberOf(a.app, a.ctx.database, { fio: 'Петрова Анна Сергеевна' });
    const onC = sameBrowser(m.client, c);
    expect(await nameOf(onC)).toBe('Анна');
    expect(c.ctx.sessions.cache.enabled).toBe(true);

    // C's listening connection, as PostgreSQL sees it: the relay's outgoing port.
    const ports = await a.ctx.database.rows<{ port: number }>(
      sql`select client_port as port from pg_stat_activity where application_name = 'hr-session-revocation'`,
    );
    const port = ports.map((r) => r.port).find((p) => relay.relays(p));
    expect(port).toBeDefined();
    relay.freeze(port as number);
    // A change C is never told of (its notice lost on the silent connection).
    await unannounced(a, sql`update users set name = 'Скрытая' where id = ${m.id}`);
    // Two seconds on, no heartbeat has come back: C reads afresh.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2000);
    expect(c.ctx.sessions.cache.enabled).toBe(false);
    expect(await nameOf(onC)).toBe('Скрытая');
    vi.useRealTimers();

    // The silent connection is replaced (the cache is off meanwhile); what C kept before is gone.
    const until = async (on: boolean) => {
      for (let i = 0; i < 300 && c.ctx.sessions.cache.enabled !== on; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(c.ctx.sessions.cache.enabled).toBe(on);
    };
    await until(false);
    await until(true);
    await unannounced(a, sql`update users set name = 'Тихая' where id = ${m.id}`);
    expect(await nameOf(onC)).toBe('Тихая');
  });

  it('a pool connection whose LISTEN fails is never used as if it listened; the next one listens', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
    afterFile(() => pool.end());
    let refuse = 0;
    // The next `refuse` LISTENs of the pool reach PostgreSQL misspelt, so the server refuses them.
    const refusing = (client: pg.PoolClient) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      Object.assign(client, {
        query: (text: unknown, ...rest: unknown[]) => {
          if (text === `LISTEN ${AUTH_CHANNEL}` && refuse > 0) {
            refuse--;
            return query('LISTEN 1', ...rest);
          }
          return query(text, ...rest);
        },
      });
    };
    pool.on('connect', refusing);
    // One connection opened before the watch began (as a seed does), idle in the pool.
    await pool.query('select 1');
    const watch = watchAuthChanges({ kind: 'postgres', db: { $client: pool } } as unknown as Database, { changed() {}, live() {}, heard() {} });
    afterFile(() => watch.stop());
    const listening = async () =>
      (await pool.query<{ on: boolean }>(`select exists (select from pg_listening_channels() c where c = '${AUTH_CHANNEL}') as on`)).rows[0]?.on;

    refuse = 1;
    await expect(listening()).rejects.toThrow();
    refuse = 1;
    await expect(listening()).rejects.toThrow();
    expect(await listening()).toBe(true);
    expect(await listening()).toBe(true);
  });
});

/**
 * A TCP relay whose single connections can be frozen: nothing forwarded either way, nothing closed
 * (a black-holed network path). Identified by the relay's outgoing port (PostgreSQL's client_port).
 */
async function startFreezableRelay(target: { host: string; port: number }) {
  const outgoing = new Map<number, { frozen: boolean }>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const state = { frozen: false };
    const upstream = net.connect(target.port, target.host, () => outgoing.set(upstream.localPort as number, state));
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (d) => state.frozen || upstream.write(d));
    upstream.on('data', (d) => state.frozen || client.write(d));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    relays: (port: number) => outgoing.has(port),
    freeze(port: number) {
      const state = outgoing.get(port);
      if (state) state.frozen = true;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
