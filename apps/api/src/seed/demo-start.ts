import { count } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoResumes } from '../modules/resume/generator/seed.ts';
import { type DemoAccountsDecision, decideDemoAccounts } from './demo-policy.ts';
import { seedDemoUsers } from './demo-users.ts';

type StartConfig = Pick<Config, 'host' | 'demoSeed' | 'databaseUrl'>;

/**
 * Demo data at server start: on the embedded database's first start unless DEMO_SEED=0, elsewhere only
 * with DEMO_SEED=1. The accounts (published password) additionally need a loopback HOST or DEMO_SEED=1.
 * Fake resumes carry no credentials, so they follow the first rule alone.
 */
export function planDemoStart(config: StartConfig, usersCount: number): { resumes: boolean; accounts: DemoAccountsDecision } {
  const wanted = config.demoSeed ?? (!config.databaseUrl && usersCount === 0);
  return { resumes: wanted, accounts: decideDemoAccounts({ host: config.host, demoSeed: config.demoSeed, wanted }) };
}

export type DemoStart = {
  logins: Awaited<ReturnType<typeof seedDemoUsers>>;
  resumes?: number;
  /** Said in the start log when the demo accounts were not created. */
  notice?: string;
};

export async function seedDemoAtStart(database: Database, config: StartConfig, resumeCount: number): Promise<DemoStart> {
  const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(users);
  const plan = planDemoStart(config, Number(n));
  const logins = plan.accounts.create ? await seedDemoUsers(database.db) : [];
  // Deterministic (seed 1): every first start shows the same candidates.
  const resumes = plan.resumes && resumeCount > 0 ? await seedDemoResumes(database, { count: resumeCount, seed: '1' }) : undefined;
  return {
    logins,
    resumes: resumes && resumes.inserted + resumes.updated,
    notice: !plan.accounts.create && plan.accounts.reason ? `Демо-входы не созданы: ${plan.accounts.reason}` : undefined,
  };
}
