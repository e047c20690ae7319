// `npm test`: typecheck, lint, web unit tests, API tests (PGlite, then PostgreSQL + Redis), the production build (once),
// then the browser journeys against it: every journey on the embedded database, then the journeys that
// depend on PostgreSQL + Redis (tagged @services: two tabs, live notifications across two instances, the
// first screen) on a fresh PostgreSQL database with Redis. The full axe sweep is `npm run test:a11y`.
// Honest by construction: a runner that exits non-zero, cannot start, or runs no test is a failure
// even when its report looks green. Ends with one line: `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { flakySummaryLines, summarizePlaywrightReport } from './lib/playwright-report.mjs';

const root = path.resolve(import.meta.dirname, '..');
const startedAt = Date.now();
const out = path.join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const isCI = process.env.CI === 'true' || process.env.CI === '1';
const pgUrl = process.env.TEST_DATABASE_URL || '';
const redisUrl = process.env.TEST_REDIS_URL || '';

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const timings = [];
/** Browser tests that passed only on a retry, per run: named in the summary, counted as passed. */
const retried = [];
const fail = (why) => {
  totals.failed++;
  problems.push(why);
  console.error(`✗ ${why}`);
};

/** Runs one command; returns its exit code, or null when it could not start or died by a signal. */
const run = (title, cmd, args, env = {}) => {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${title}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (r.error) {
    fail(`${title}: could not start ${cmd} (${r.error.message})`);
    return null;
  }
  if (r.status === null) {
    fail(`${title}: killed by ${r.signal}`);
    return null;
  }
  return r.status;
};

const step = (title, cmd, args, env) => {
  const code = run(title, cmd, args, env);
  if (code === 0) totals.passed++;
  else if (code !== null) fail(`${title}: exit code ${code}`);
};

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

/**
 * Adds a runner's counts, then checks them against its exit code: a non-zero exit with no failed test
 * (an unhandled rejection, a broken global setup) and a run of zero tests both count as one failure.
 */
const account = (title, code, counts) => {
  if (code === null) return; // already counted
  if (!counts) {
    fail(`${title}: no report written (exit code ${code})`);
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (counts.failed) problems.push(`${title}: ${counts.failed} failed`);
  if (counts.passed + counts.failed === 0) fail(`${title}: ran no test (exit code ${code})`);
  else if (code !== 0 && counts.failed === 0) fail(`${title}: exit code ${code} with no failed test (an error outside the tests)`);
};

const vitest = (title, file, env, root = 'apps/api') => {
  rmSync(file, { force: true });
  const code = run(title, 'npx', ['vitest', 'run', '--root', root, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  const r = existsSync(file) ? readJson(file) : undefined;
  account(
    title,
    code,
    r && {
      passed: r.numPassedTests ?? 0,
      failed: (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0),
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    },
  );
};

const playwright = (title, file, env) => {
  rmSync(file, { force: true });
  const code = run(title, 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    ...env,
  });
  const counts = existsSync(file) ? summarizePlaywrightReport(readJson(file)) : undefined;
  account(title, code, counts);
  if (counts) retried.push({ title, names: counts.flaky });
};

// Services: CI has PostgreSQL and Redis, so a missing one fails the run; locally it is said aloud.
if (!pgUrl || !redisUrl) {
  const missing = [!pgUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean).join(' and ');
  if (isCI) fail(`${missing} not set under CI: the PostgreSQL + Redis runs cannot be skipped`);
  else {
    console.log('\n' + '!'.repeat(78));
    console.log(`!! ${missing} not set: PostgreSQL/Redis parts are NOT run (embedded PGlite only).`);
    console.log('!! CI runs them; set both to run them here (see README, «Тесты»).');
    console.log('!'.repeat(78));
  }
}

step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
step('lint', 'npm', ['run', 'lint', '--silent']);

vitest('web unit tests', path.join(out, 'vitest-web.json'), {}, 'apps/web');
vitest('API tests (PGlite)', path.join(out, 'vitest-pglite.json'), { TEST_DATABASE_URL: '' });
if (pgUrl) vitest('API tests (PostgreSQL + Redis)', path.join(out, 'vitest-postgres.json'), { TEST_DATABASE_URL: pgUrl });

if (process.env.SKIP_E2E === '1') {
  if (isCI) fail('SKIP_E2E=1 under CI: the browser journeys cannot be skipped');
  else console.log('\n(browser journeys skipped: SKIP_E2E=1)');
} else {
  // The client and the server are built once here, not by each `npm start` of the journeys.
  const built = run('build (client and server)', 'npm', ['run', 'build', '--silent']);
  if (built === 0) {
    totals.passed++;
    playwright('browser journeys (embedded PGlite)', path.join(out, 'playwright-pglite.json'), { E2E_BACKEND: 'embedded' });
    if (pgUrl && redisUrl) {
      playwright('browser journeys @services (PostgreSQL + Redis, two instances)', path.join(out, 'playwright-postgres.json'), {
        E2E_BACKEND: 'postgres',
      });
    }
  } else if (built !== null) fail(`build (client and server): exit code ${built}; the browser journeys were not run`);
}

timings.push(`total: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
console.log(`\nTimings: ${timings.join('; ')}`);
if (problems.length) console.log(`Problems:\n  ${problems.join('\n  ')}`);
const flakyLines = flakySummaryLines(retried);
if (flakyLines.length) console.log(`\n${flakyLines.join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed ? 1 : 0);
