import { defineConfig, devices } from '@playwright/test';

/**
 * The foundation journeys: real Chromium (Debian's), the app started the way the README starts it
 * (`npm start`), and a real SMTP server on loopback — both started by global-setup.ts.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3217);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
const isCI = !!process.env.CI;
/** `embedded` (PGlite, the default) or `postgres` (PostgreSQL + Redis, see global-setup.ts). */
const backend = process.env.E2E_BACKEND === 'postgres' ? 'postgres' : 'embedded';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  // Two workers, the app, its database and Chromium share 2 cores: room for a busy machine.
  timeout: 60_000,
  // What a user waits for (a page, a dialog, a push) may take this long with the machine busy.
  expect: { timeout: 20_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: `./test-results/${backend}`,
  // The PostgreSQL + Redis pass runs the journeys tagged @services only: those whose server side differs
  // with PostgreSQL and Redis (two tabs, live notifications across two instances, the code sent from the
  // queue, the first screen). The storage engines themselves are covered by the API suite on both.
  grep: backend === 'postgres' ? /@services/ : undefined,
  use: {
    baseURL: BASE_URL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // Recorded on the retry of a failed journey only: a trace of every journey (the page's snapshots
    // and screenshots at each step) took a third of the browser stage on 2 cores (12 journeys 2.6 →
    // 1.6 min, 21 journeys 2.4 → 1.6 min); a failure still leaves its screenshot, CI's retry the trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: `chromium-${backend}`, use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
