// `npm test`: typecheck, lint, API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the browser journeys against a production build. Ends with one line: N passed, N failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const run = (title, cmd, args, env = {}) => {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
};
const step = (title, cmd, args, env) => {
  if (run(title, cmd, args, env)) passed++;
  else failed++;
};

step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
step('lint', 'npx', ['biome', 'lint', '.']);

const vitest = (title, file, env) => {
  const ok = run(title, 'npx', ['vitest', 'run', '--root', 'apps/api', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
  } else if (!ok) failed++;
};
const pgUrl = process.env.TEST_DATABASE_URL;
vitest('API tests (PGlite)', path.join(out, 'vitest-pglite.json'), { TEST_DATABASE_URL: '' });
if (pgUrl) vitest('API tests (PostgreSQL)', path.join(out, 'vitest-postgres.json'), { TEST_DATABASE_URL: pgUrl });

if (process.env.SKIP_E2E === '1') {
  console.log('\n(browser journeys skipped: SKIP_E2E=1)');
} else {
  const report = path.join(out, 'playwright.json');
  const ok = run('browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  if (existsSync(report)) {
    const s = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    if (!ok && !s.unexpected) failed++;
  } else if (!ok) failed++;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
