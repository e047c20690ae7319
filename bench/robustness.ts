// `npm run bench:robustness`: the property-based sweep of the OpenAPI document at 10,000 requests
// (ROBUSTNESS_REQUESTS, ROBUSTNESS_SEED) on a built app; the embedded database unless DATABASE_URL is
// set (REDIS_URL is used when set). Prints counts and the status histogram; exits 1 on any 5xx or hang.
// Then the leak sweep (ROBUSTNESS_LEAK_REQUESTS, 10,000): hostile free text through every door as
// every kind of viewer; prints the leaks per door and exits 1 on any.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runSweep } from '../apps/api/test/openapi-sweep.ts';
import { runLeakSweep } from '../apps/api/test/leak-sweep.ts';

const count = Number(process.env.ROBUSTNESS_REQUESTS ?? 10_000);
const seed = Number(process.env.ROBUSTNESS_SEED ?? 20_250_701);
const databaseUrl = process.env.DATABASE_URL || undefined;

const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
await database.migrate();
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hr-robustness-')),
  SESSION_SECRET: 'robustness-bench-secret-0123456789',
  REGISTER_LIMIT_PER_HOUR: '1000000',
  REPLY_LIMIT_PER_HOUR: '1000000',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
const { app } = await buildApp(config, { database, startWorker: false, logger: false });

console.log(`robustness: ${count} requests, seed ${seed}, ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}${config.redisUrl ? ' + Redis' : ''}`);
let last = Date.now();
const report = await runSweep(app, database, {
  count,
  seed,
  onProgress: (done) => {
    if (Date.now() - last > 10_000 || done === count) {
      last = Date.now();
      console.log(`  ${done}/${count}`);
    }
  },
});

// The leak sweep: candidates with contacts and names typed into every free text, through every door, as every viewer.
const leakCount = Number(process.env.ROBUSTNESS_LEAK_REQUESTS ?? 10_000);
const leakStarted = Date.now();
const leaks = await runLeakSweep(app, database, { count: leakCount, seed });
await app.close();
await database.close();

const histogram = Object.entries(report.byStatus)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([status, n]) => `${status}: ${n}`)
  .join(', ');
console.log(`operations: ${report.operations}`);
console.log(`requests: ${report.requests} (visitor ${report.byWho.visitor}, member ${report.byWho.member}, admin ${report.byWho.admin})`);
console.log(`multipart/form-data forms: ${report.multipart}`);
console.log(`statuses: ${histogram}`);
console.log(`time: ${(report.ms / 1000).toFixed(1)} s (${((report.requests / report.ms) * 1000).toFixed(0)} requests/s)`);
console.log(`5xx, hangs and errors: ${report.failures.length}`);
for (const f of report.failures.slice(0, 50)) console.log(`  ${f}`);
console.log(`\nleak sweep: ${leaks.requests} requests in ${((Date.now() - leakStarted) / 1000).toFixed(1)} s, leaks: ${leaks.leaks}`);
for (const [door, n] of Object.entries(leaks.byDoor)) console.log(`  ${door}: ${n.requests} requests, ${n.leaks} leaks`);
for (const e of leaks.examples) console.log(`  leak — ${e}`);
process.exit(report.failures.length || leaks.leaks ? 1 : 0);
