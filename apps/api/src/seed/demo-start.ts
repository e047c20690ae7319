import { count } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoResumes } from '../modules/resume/generator/seed.ts';
import { type DemoAccountsDecision, type DemoSite, decideDemoAccounts, publicSiteReasons } from './demo-policy.ts';
import { seedDemoUsers } from './demo-users.ts';

type StartConfig = DemoSite & Pick<Config, 'demoSeed' | 'databaseUrl'>;

/**
 * Demo data at server start. Without DEMO_SEED: on the embedded database's first start, and only on
 * a private site (demo-policy.ts): a public one gets neither fake resumes nor accounts. DEMO_SEED=1
 * seeds the resumes anywhere (they carry no credentials) and the accounts on a private site only;
 * DEMO_SEED=0 seeds nothing.
 */
export function planDemoStart(config: StartConfig, usersCount: number): { resumes: boolean; accounts: DemoAccountsDecision } {
  const firstStart = !config.databaseUrl && usersCount === 0;
  const wanted = config.demoSeed ?? firstStart;
  const accounts = decideDemoAccounts({ site: config, demoSeed: config.demoSeed, wanted });
  const resumes = config.demoSeed === true || (wanted && publicSiteReasons(config).length === 0);
  return { resumes, accounts };
}

export type DemoStart = {
  logins: Awaited<ReturnType<typeof seedDemoUsers>>;
  resumes?: number;
  /** Said in the start log when the demo data was not created. */
  notice?: string;
};

export async function seedDemoAtStart(database: Database, config: StartConfig, resumeCount: number): Promise<DemoStart> {
  const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(users);
  const plan = planDemoStart(config, Number(n));
  const logins = plan.accounts.create ? await seedDemoUsers(database.db) : [];
  // Deterministic (seed 1): every first start shows the same candidates.
  const resumes = plan.resumes && resumeCount > 0 ? await seedDemoResumes(database, { count: resumeCount, seed: '1' }) : undefined;
  const what = plan.resumes ? 'Демо-входы не созданы' : 'Демо-данные не созданы';
  return {
    logins,
    resumes: resumes && resumes.inserted + resumes.updated,
    notice: !plan.accounts.create && plan.accounts.reason ? `${what}: ${plan.accounts.reason}` : undefined,
  };
}
