import { LOGIN_CODE_MAX_TRIES, MSG } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registeredMember, registrationPayload, TestClient, uniqueEmail } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { loginCodes, sessions, users } from '../../db/schema/index.ts';
import { hmac, sha256 } from '../../lib/crypto.ts';
import { LOGIN_FAILURES_PER_ACCOUNT } from './auth.service.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});
const app = () => built.app;
const db = () => built.ctx.database.db;

/**
 * Asks for a code in `client`'s session, then makes `code` the one that was mailed (the stored
 * hash is an HMAC of user and code, so the test writes the hash of a code it knows).
 */
async function codeSessionFor(client: TestClient, email: string, code: number) {
  expect((await client.post('/api/auth/login/check', { email })).status).toBe(200);
  await built.ctx.queue.runPending(); // the worker makes the code
  const sid = client.cookies.get('hr_session')?.value as string;
  const [row] = await db()
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.sessionKey, sha256(sid)));
  if (!row) throw new Error('no code row');
  await db()
    .update(loginCodes)
    .set({ codeHash: hmac(built.ctx.config.sessionSecret, `code:${row.userId}:${code}`) })
    .where(eq(loginCodes.id, row.id));
  return row.id;
}

const lastSessionOf = (email: string) =>
  db()
    .select({ ip: sessions.ip })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email))
    .orderBy(sql`${sessions.createdAt} desc`)
    .limit(1);

/** The same browser session sending from many addresses at once (so no per-address limit helps). */
function sameSessionFrom(client: TestClient, n: number) {
  return Array.from({ length: n }, (_, i) => {
    const twin = new TestClient(app(), `10.200.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    twin.cookies = client.cookies;
    return twin;
  });
}

describe('login code guessing under concurrency', () => {
  it('counts at most 5 wrong codes out of 80 sent at once; the code is void after them', async () => {
    const { email } = await registeredMember(app());
    const attacker = new TestClient(app());
    const codeId = await codeSessionFor(attacker, email, 4321);
    const answers = await Promise.all(sameSessionFrom(attacker, 80).map((c, i) => c.post('/api/auth/code', { code: 1000 + i })));
    expect(answers.every((a) => a.status === 422)).toBe(true);
    const invalid = answers.filter((a) => a.body.errors?.code?.[0] === MSG.codeInvalid).length;
    expect(invalid).toBe(LOGIN_CODE_MAX_TRIES - 1);
    const [row] = await db().select().from(loginCodes).where(eq(loginCodes.id, codeId));
    expect(row?.tries).toBe(LOGIN_CODE_MAX_TRIES);
    expect(row?.usedAt).not.toBeNull();
    const late = await attacker.post('/api/auth/code', { code: 4321 });
    expect(late.status).toBe(422);
    expect((await attacker.get('/api/user/main_info')).status).toBe(401);
  });

  it('lets the right code in only while fewer than 5 wrong ones were counted', async () => {
    for (let round = 0; round < 3; round++) {
      const { email } = await registeredMember(app());
      const attacker = new TestClient(app());
      const codeId = await codeSessionFor(attacker, email, 7777);
      const guesses = Array.from({ length: 80 }, (_, i) => 2000 + i);
      guesses[79 - round * 30] = 7777;
      const answers = await Promise.all(sameSessionFrom(attacker, 80).map((c, i) => c.post('/api/auth/code', { code: guesses[i] })));
      const signedIn = answers.filter((a) => a.status === 200).length;
      expect(signedIn).toBeLessThanOrEqual(1);
      const [row] = await db().select().from(loginCodes).where(eq(loginCodes.id, codeId));
      expect(row?.tries).toBeLessThanOrEqual(LOGIN_CODE_MAX_TRIES);
      expect(row?.usedAt).not.toBeNull();
      // A success means the right code got in before the fifth wrong one.
      if (signedIn) expect(row?.tries).toBeLessThan(LOGIN_CODE_MAX_TRIES);
      expect(answers.filter((a) => a.body.errors?.code?.[0] === MSG.codeInvalid).length).toBeLessThanOrEqual(LOGIN_CODE_MAX_TRIES - 1);
    }
  });
});

describe('client address and X-Forwarded-For', () => {
  const forged = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i % 250}` });

  it('ignores a forged X-Forwarded-For without TRUST_PROXY: 25 wrong passwords end in 429', async () => {
    const { email } = await registeredMember(app());
    const client = new TestClient(app(), '10.66.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await client.post('/login', { email, password: `bad-${i}` }, { headers: forged(i) })).status);
    expect(statuses.slice(0, LOGIN_FAILURES_PER_ACCOUNT).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(LOGIN_FAILURES_PER_ACCOUNT).every((s) => s === 429)).toBe(true);
  });

  it('keeps per-address limits on the peer address whatever the header says', async () => {
    const limited = await createTestApp({ REGISTER_LIMIT_PER_HOUR: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await new TestClient(limited.app, '10.66.1.1').post('/register', registrationPayload(), { headers: forged(i) })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const { email, password } = await registeredMember(limited.app);
    await new TestClient(limited.app, '10.66.1.2').post('/login', { email, password }, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    const [session] = await lastSessionOf(email);
    expect(session?.ip).toBe('10.66.1.2');
  });

  it('honours the header from a trusted hop with TRUST_PROXY=1', async () => {
    const proxied = await createTestApp({ REGISTER_LIMIT_PER_HOUR: '3', TRUST_PROXY: '1' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await new TestClient(proxied.app, '10.66.2.1').post('/register', registrationPayload(), {
            headers: { 'x-forwarded-for': `198.51.100.${100 + i}` },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const { email, password } = await registeredMember(proxied.app);
    const res = await new TestClient(proxied.app, '10.66.2.2').post(
      '/login',
      { email, password },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
    );
    expect(res.status).toBe(200);
    const [session] = await lastSessionOf(email);
    expect(session?.ip).toBe('203.0.113.7');
  });

  it('with an address list trusts only those proxies', async () => {
    const listed = await createTestApp({ REGISTER_LIMIT_PER_HOUR: '2', TRUST_PROXY: '10.66.3.0/24, 192.0.2.1' });
    const viaProxy = [];
    for (let i = 0; i < 3; i++)
      viaProxy.push(
        (
          await new TestClient(listed.app, '10.66.3.5').post('/register', registrationPayload(), {
            headers: { 'x-forwarded-for': `198.51.100.${200 + i}` },
          })
        ).status,
      );
    expect(viaProxy).toEqual([200, 200, 200]);
    const direct = [];
    for (let i = 0; i < 3; i++)
      direct.push(
        (
          await new TestClient(listed.app, '10.66.4.5').post('/register', registrationPayload(), {
            headers: { 'x-forwarded-for': `198.51.100.${210 + i}` },
          })
        ).status,
      );
    expect(direct).toEqual([200, 200, 429]);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', async () => {
    await expect(createTestApp({ TRUST_PROXY: 'true' })).rejects.toThrow(/TRUST_PROXY/);
    await expect(createTestApp({ TRUST_PROXY: '10.0.0.0/99' })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('per-account login lock', () => {
  it("locks the account after 10 failures from any addresses, keeps its owner's browser in, and opens after the window", async () => {
    const { email, password } = await registeredMember(app());
    // The owner signed in on this browser before: it carries the account's device mark.
    const owner = new TestClient(app(), '10.77.0.1');
    expect((await owner.post('/login', { email, password })).status).toBe(200);
    expect(owner.cookies.get('hr_device')?.value).toMatch(/\./);
    await owner.post('/logout');

    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      expect((await new TestClient(app(), `10.77.1.${i + 1}`).post('/login', { email, password: 'guess' })).status).toBe(422);
    }
    const stranger = await new TestClient(app(), '10.77.2.1').post('/login', { email, password: 'guess' });
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toMatch(/^Слишком много попыток/);
    // Even the right password waits on a browser the account has not seen...
    expect((await new TestClient(app(), '10.77.2.2').post('/login', { email, password })).status).toBe(429);
    // ...but the owner's own browser is not locked out by the stranger.
    expect((await owner.post('/login', { email, password })).status).toBe(200);

    // Window over (moved into the past): the right password works anywhere again.
    await built.ctx.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`login-acct:${email}`}`,
    );
    expect((await new TestClient(app(), '10.77.2.3').post('/login', { email, password })).status).toBe(200);
  });

  it('does not accept a device mark made for another account', async () => {
    const first = await registeredMember(app());
    const second = await registeredMember(app());
    const browser = new TestClient(app(), '10.78.0.1');
    expect((await browser.post('/login', { email: first.email, password: first.password })).status).toBe(200);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      await new TestClient(app()).post('/login', { email: second.email, password: 'guess' });
    expect((await browser.post('/login', { email: second.email, password: second.password })).status).toBe(429);
  });
});

describe('no enumeration from public auth calls', () => {
  let tg: BuiltApp;
  beforeAll(async () => {
    tg = await createTestApp({ TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_BOT_NAME: 'hr_club_bot', TELEGRAM_API_ROOT: 'http://127.0.0.1:9' });
  });

  it('answers login/check the same for a known, a Telegram-bound, a blocked and an unknown e-mail', async () => {
    const known = await registeredMember(tg.app, { email: 'known-person@example.ru' });
    const bound = await registeredMember(tg.app, { email: 'bound-person@example.ru' });
    await tg.ctx.database.db
      .update(users)
      .set({ telegramChatId: '555001', telegramNickname: 'secret_nick' })
      .where(eq(users.email, bound.email));
    const blocked = await registeredMember(tg.app, { email: 'blocked-person@example.ru' });
    await tg.ctx.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.email, blocked.email));

    const ask = (email: string) => new TestClient(tg.app).post('/api/auth/login/check', { email });
    const answers = await Promise.all([ask(known.email), ask(bound.email), ask(blocked.email), ask('nobody-person@example.ru')]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ status: 'success', res: { channels: { email: expect.stringMatching(/^[a-z]\*\*\*@example\.ru$/) } } });
      expect(JSON.stringify(a.body)).not.toContain('secret_nick');
    }
    // Only the active accounts got a code (made by the worker).
    await tg.ctx.queue.runPending();
    const codes = await tg.ctx.database.db.select({ userId: loginCodes.userId }).from(loginCodes);
    const ids = await tg.ctx.database.db.select({ id: users.id, email: users.email }).from(users);
    const withCode = new Set(codes.map((c) => ids.find((u) => u.id === c.userId)?.email));
    expect(withCode.has(known.email) && withCode.has(bound.email)).toBe(true);
    expect(withCode.has(blocked.email)).toBe(false);
  });

  it('does the same database work for a known, a blocked and an unknown e-mail (no timing oracle)', async () => {
    const known = await registeredMember(tg.app, { email: 'timing-known@example.ru' });
    const blocked = await registeredMember(tg.app, { email: 'timing-blocked@example.ru' });
    await tg.ctx.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.email, blocked.email));
    // Every statement the request sends, through drizzle's logger (transactions share the session's options).
    const session = (tg.ctx.database.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
    const statements = async (email: string) => {
      const client = new TestClient(tg.app);
      await client.csrf();
      const seen: string[] = [];
      const logger = { logQuery: (query: string) => seen.push(query) };
      const before = { logger: session.logger, options: session.options.logger };
      session.logger = logger;
      session.options.logger = logger;
      try {
        expect((await client.post('/api/auth/login/check', { email })).status).toBe(200);
      } finally {
        session.logger = before.logger;
        session.options.logger = before.options;
      }
      return seen;
    };
    const forKnown = await statements(known.email);
    expect(forKnown.length).toBeGreaterThan(0);
    expect(await statements('timing-nobody@example.ru')).toEqual(forKnown);
    expect(await statements(blocked.email)).toEqual(forKnown);
    // The code is made afterwards, by the worker, for the active account only.
    await tg.ctx.queue.runPending();
    const owners = await tg.ctx.database.db
      .select({ email: users.email })
      .from(loginCodes)
      .innerJoin(users, eq(users.id, loginCodes.userId))
      .where(sql`${users.email} like 'timing-%'`);
    expect(owners.map((o) => o.email)).toEqual([known.email]);
  });

  it('limits code mails per account, not per address: a 6th request from a new address is refused', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await new TestClient(tg.app).post('/api/auth/login/check', { email })).status).toBe(200);
    expect((await new TestClient(tg.app).post('/api/auth/login/check', { email })).status).toBe(429);
  });

  it('keeps «Это ваш аккаунт?» masked and limits token lookups per address', async () => {
    const { email, payload } = await registeredMember(app(), { email: 'owner-of-invite@mail.ru' });
    await db().update(users).set({ inviteToken: 'invite-limits-1' }).where(eq(users.email, email));
    const asker = new TestClient(app(), '10.79.0.1');
    const first = await asker.post('/register', registrationPayload({ user_token: 'invite-limits-1' }));
    expect(first.status).toBe(200);
    expect(first.body.res.user.email).toBe('o***@mail.ru');
    expect(first.body.res.user.phone).not.toContain(String(payload.phone).replace(/\D/g, '').slice(1, 8));
    expect(JSON.stringify(first.body)).not.toContain('owner-of-invite');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await asker.post('/register', registrationPayload({ user_token: `guess-${i}` }))).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected, and registering without a token is not counted here.
    expect(
      (await new TestClient(app(), '10.79.0.2').post('/register', registrationPayload({ user_token: 'invite-limits-1' }))).status,
    ).toBe(200);
    expect((await asker.post('/register', registrationPayload())).status).toBe(200);
  });
});
