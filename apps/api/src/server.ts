import { count } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { users } from './db/schema/index.ts';
import { acquireDataDirLock, DataDirBusyError } from './lib/data-dir-lock.ts';
import { seedDemoResumes } from './modules/resume/generator/seed.ts';
import { seedDemoUsers } from './seed/demo-users.ts';

const startedAt = Date.now();
const DEMO_RESUMES = 3000;
const config = loadConfig();
const embedded = !config.databaseUrl;

let releaseLock: (() => void) | undefined;
try {
  if (embedded) releaseLock = acquireDataDirLock(config.dataDir, 'server');
} catch (err) {
  if (err instanceof DataDirBusyError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const { app, ctx } = await buildApp(config);

// Demo data: on the embedded database's first start unless DEMO_SEED=0; elsewhere only with DEMO_SEED=1.
const [{ n } = { n: 0 }] = await ctx.database.db.select({ n: count() }).from(users);
const seedDemo = config.demoSeed ?? (embedded && Number(n) === 0);
const demoLogins = seedDemo ? await seedDemoUsers(ctx.database.db) : [];
// A few thousand realistic resumes so the search has something to find (deterministic: seed 1).
const demoResumes = seedDemo ? await seedDemoResumes(ctx.database, { count: DEMO_RESUMES, seed: '1' }) : undefined;

await app.listen({ port: config.port, host: config.host });

const lines = [
  '',
  `  HR-клуб работает: ${config.appUrl}  (старт за ${((Date.now() - startedAt) / 1000).toFixed(1)} с)`,
  `  База данных: ${embedded ? `встроенная (PGlite) в ${config.dataDir}` : 'PostgreSQL'}`,
  `  Почта: ${config.smtpUrl ? 'SMTP' : 'в журнал и таблицу mail_outbox (SMTP_URL не задан)'}`,
];
if (demoResumes) lines.push(`  Демо-резюме: ${demoResumes.inserted + demoResumes.updated}`);
if (demoLogins.length) {
  lines.push('  Демо-входы:');
  for (const d of demoLogins) lines.push(`    ${d.email} / ${d.password}  — ${d.role}`);
}
console.log(`${lines.join('\n')}\n`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await app.close();
    } finally {
      clearTimeout(timer);
      releaseLock?.();
      process.exit(0);
    }
  });
}
