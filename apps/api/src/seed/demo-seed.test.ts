import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
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

  it('a first embedded start on a loopback host', () => {
    expect(plan({ HOST: '127.0.0.1' })).toEqual({ resumes: true, accounts: { create: true } });
    expect(plan({ HOST: '::1' }).accounts.create).toBe(true);
  });
  it('not on a public host: resumes yes, accounts with the published password no', () => {
    const p = plan({ HOST: '0.0.0.0' });
    expect(p.resumes).toBe(true);
    expect(p.accounts.create).toBe(false);
  });
  it('DEMO_SEED=1 on any host, also on PostgreSQL; DEMO_SEED=0 never', () => {
    expect(plan({ HOST: '0.0.0.0', DEMO_SEED: '1', DATABASE_URL: 'postgres://x/y' }, 10).accounts.create).toBe(true);
    expect(plan({ HOST: '127.0.0.1', DEMO_SEED: '0' })).toEqual({ resumes: false, accounts: { create: false, reason: 'DEMO_SEED=0' } });
  });
  it('nothing on a later start or on PostgreSQL without DEMO_SEED', () => {
    expect(plan({ HOST: '127.0.0.1' }, 5)).toEqual({ resumes: false, accounts: { create: false } });
    expect(plan({ HOST: '127.0.0.1', DATABASE_URL: 'postgres://x/y' }).resumes).toBe(false);
  });
  it('the CLI rule: asked for, but a public host still needs DEMO_SEED=1', () => {
    expect(decideDemoAccounts({ host: 'hr-club.ru', wanted: true }).create).toBe(false);
    expect(decideDemoAccounts({ host: 'hr-club.ru', wanted: true, demoSeed: true }).create).toBe(true);
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
    expect(result.notice).toMatch(/^Демо-входы не созданы: HOST=0\.0\.0\.0/);
    expect(await demoRows()).toEqual([]);
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
