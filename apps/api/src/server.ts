import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { acquireDataDirLock, DataDirBusyError } from './lib/data-dir-lock.ts';
import { seedDemoAtStart } from './seed/demo-start.ts';

const startedAt = Date.now();
const DEMO_RESUMES = 3000;
const config = loadConfig();
// The server runs as production unless told otherwise (React's server render reads it). Set after
// the config is read: the demo accounts' rule looks at NODE_ENV as the operator gave it.
process.env.NODE_ENV ??= 'production';
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

// Demo data on a first embedded start of a private site (loopback HOST and APP_URL, no TRUST_PROXY, no
// NODE_ENV=production) or with DEMO_SEED=1; the demo accounts on a private site only (seed/demo-start.ts).
// A few thousand resumes so the search finds something.
const demo = await seedDemoAtStart(ctx.database, config, DEMO_RESUMES);

// `npm start` builds the client while the database starts and migrates (scripts/start.mjs): asked
// here, it answers `listen` once the build is in place, so the address printed below serves the page.
if (process.env.HR_LISTEN_AFTER_BUILD === '1' && process.send) {
  const orphaned = () => process.exit(1);
  process.on('disconnect', orphaned);
  await new Promise<void>((resolve) => {
    process.on('message', (message) => message === 'listen' && resolve());
    process.send?.('waiting');
  });
  process.off('disconnect', orphaned);
}

await app.listen({ port: config.port, host: config.host });

const lines = [
  '',
  `  HR-клуб работает: ${config.appUrl}  (старт за ${((Date.now() - startedAt) / 1000).toFixed(1)} с)`,
  `  База данных: ${embedded ? `встроенная (PGlite) в ${config.dataDir}` : 'PostgreSQL'}`,
  `  Почта: ${config.smtpUrl ? 'SMTP' : 'в журнал и таблицу mail_outbox (SMTP_URL не задан)'}`,
];
if (demo.resumes !== undefined) lines.push(`  Демо-резюме: ${demo.resumes}`);
if (demo.logins.length) {
  lines.push('  Демо-входы:');
  for (const d of demo.logins) lines.push(`    ${d.email} / ${d.password}  — ${d.role}`);
}
if (demo.notice) lines.push(`  ${demo.notice}`);
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
