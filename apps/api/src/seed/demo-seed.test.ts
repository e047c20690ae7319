import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, testConfig } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/password.ts';
import { seedDictionaries } from '../modules/dictionary/dictionary.seed.ts';
import { decideDemoAccounts, isLoopbackHost } from './demo-policy.ts';
import { planDemoStart, seedDemoAtStart } from './demo-start.ts';
import { DEMO_PASSWORD } from './demo-users.ts';

const DEMO_EMAILS = ['member@hr-club.demo', 'basic@hr-club.demo', 'admin@hr-club.demo'];

describe('loopback hosts', () => {
  it.each(['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1', 'LOCALHOST', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])('%s is loopback', (h) => {
    expect(isLoopbackHost(h)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'hr-club.ru', 'localhost.evil.ru', '128.0.0.1', '', '::2'])('«%s» is not', (h) => {
    expect(isLoopbackHost(h)).toBe(false);
  });
});

describe('who gets the demo accounts', () => {
  const plan = (env: Record<string, string>, usersCount = 0) => planDemoStart(testConfig(env), usersCount);
  /** The deployment of the report: loopback HOST behind a proxy, reached at a public https address. */
  const proxied = { HOST: '127.0.0.1', APP_URL: 'https://hr-club.example.com', TRUST_PROXY: '1' };

  it('a first embedded start on a private site (loopback HOST, no proxy, not production)', () => {
    expect(plan({ HOST: '127.0.0.1' })).toEqual({ resumes: true, accounts: { create: true } });
    expect(plan({ HOST: '::1' }).accounts.create).toBe(true);
    expect(plan({ HOST: 'localhost', APP_URL: 'http://localhost:3000' }).accounts.create).toBe(true);
  });
  it('not on a public host: neither demo resumes nor accounts, and the reason is said', () => {
    const p = plan({ HOST: '0.0.0.0' });
    expect(p.resumes).toBe(false);
    expect(p.accounts).toEqual({ create: false, reason: expect.stringMatching(/^HOST=0\.0\.0\.0 — не loopback-адрес/) });
  });
  it('not behind a proxy, not at a public APP_URL, not under NODE_ENV=production', () => {
    const p = plan(proxied);
    expect(p.resumes).toBe(false);
    expect(p.accounts.create).toBe(false);
    if (!p.accounts.create) {
      expect(p.accounts.reason).toContain('APP_URL=https://hr-club.example.com — не loopback-адрес');
      expect(p.accounts.reason).toContain('TRUST_PROXY');
    }
    expect(plan({ HOST: '127.0.0.1', TRUST_PROXY: '1' }).accounts.create).toBe(false);
    expect(plan({ HOST: '127.0.0.1', APP_URL: 'https://hr-club.example.com' }).accounts.create).toBe(false);
    expect(plan({ HOST: '127.0.0.1', NODE_ENV: 'production' }).accounts).toEqual({
      create: false,
      reason: expect.stringMatching(/^NODE_ENV=production\./),
    });
  });
  it('DEMO_SEED=1 seeds resumes anywhere but never the published password off a private site; DEMO_SEED=0 nothing', () => {
    expect(plan({ HOST: '127.0.0.1', DEMO_SEED: '1', DATABASE_URL: 'postgres://x/y' }, 10)).toEqual({ resumes: true, accounts: { create: true } });
    for (const env of [{ HOST: '0.0.0.0' }, proxied, { HOST: '127.0.0.1', NODE_ENV: 'production' }] as Record<string, string>[]) {
      const p = plan({ ...env, DEMO_SEED: '1' });
      expect(p.resumes).toBe(true);
      expect(p.accounts).toEqual({ create: false, reason: expect.stringContaining('DEMO_SEED=1 этого не отменяет') });
    }
    expect(plan({ HOST: '127.0.0.1', DEMO_SEED: '0' })).toEqual({ resumes: false, accounts: { create: false, reason: 'DEMO_SEED=0' } });
  });
  it('nothing on a later start or on PostgreSQL without DEMO_SEED', () => {
    expect(plan({ HOST: '127.0.0.1' }, 5)).toEqual({ resumes: false, accounts: { create: false } });
    expect(plan({ HOST: '127.0.0.1', DATABASE_URL: 'postgres://x/y' }).resumes).toBe(false);
  });
  it('the CLI rule: asked for, still only on a private site', () => {
    expect(decideDemoAccounts({ site: testConfig({ HOST: 'hr-club.ru' }), wanted: true }).create).toBe(false);
    expect(decideDemoAccounts({ site: testConfig({ HOST: 'hr-club.ru' }), wanted: true, demoSeed: true }).create).toBe(false);
    expect(decideDemoAccounts({ site: testConfig(proxied), wanted: true, demoSeed: true }).create).toBe(false);
    expect(decideDemoAccounts({ site: testConfig({ HOST: '127.0.0.1' }), wanted: true }).create).toBe(true);
  });
});

/** A real embedded database on its first start (empty users table), as `npm start` sees it. */
describe('demo seeding at start', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    await seedDictionaries(database);
  }, 120_000);
  afterAll(() => database?.close());
  const demoRows = () => database.db.select().from(users).where(inArray(users.email, DEMO_EMAILS));

  it('HOST=0.0.0.0 without DEMO_SEED: no account with the published password, and the start log says why', async () => {
    const result = await seedDemoAtStart(database, testConfig({ HOST: '0.0.0.0' }), 0);
    expect(result.logins).toEqual([]);
    expect(result.notice).toMatch(/^Демо-данные не созданы: HOST=0\.0\.0\.0/);
    expect(await demoRows()).toEqual([]);
  });

  it('behind a proxy at a public APP_URL, even with DEMO_SEED=1: no demo login, the admin cannot sign in with demo12345', async () => {
    const env = { HOST: '127.0.0.1', APP_URL: 'https://hr-club.example.com', TRUST_PROXY: '1', DEMO_SEED: '1' };
    const result = await seedDemoAtStart(database, testConfig(env), 0);
    expect(result.logins).toEqual([]);
    expect(result.notice).toMatch(/^Демо-входы не созданы: APP_URL=https:\/\/hr-club\.example\.com — не loopback-адрес; задан TRUST_PROXY/);
    expect(await demoRows()).toEqual([]);
    const { app } = await buildApp(testConfig(env), { database, startWorker: false, logger: false });
    try {
      const viaProxy = new TestClient(app, '127.0.0.1');
      const login = await viaProxy.post('/login', { email: 'admin@hr-club.demo', password: DEMO_PASSWORD }, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(login.status).toBe(422);
    } finally {
      await app.close();
    }
  });

  it('HOST=127.0.0.1: the three demo accounts exist with the published password', async () => {
    const result = await seedDemoAtStart(database, testConfig({ HOST: '127.0.0.1' }), 0);
    expect(result.logins.map((l) => l.email).sort()).toEqual([...DEMO_EMAILS].sort());
    expect(result.notice).toBeUndefined();
    const rows = await demoRows();
    expect(rows.map((r) => r.accountType).sort()).toEqual(['admin', 'basic', 'resident']);
    for (const row of rows) expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
  });
});
