import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../fixtures/admin.ts';
import { loginPageAt, registerAt } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * The back office's «Почта» and «Ошибки» on a phone: cards instead of a table scrolled sideways.
 * A server of its own whose mail server refuses every connection, so a letter really fails (the
 * journeys' SMTP takes them all); a browser's report is sent as the page's error reporting does.
 * `ADMIN_PHONE_SHOTS=/dir` keeps screenshots.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

let server: ChildProcess | undefined;
let tmpDir: string;
let base: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  tmpDir = mkdtempSync(path.join(os.tmpdir(), 'hr-e2e-mail-'));
  const port = await freePort();
  const deadSmtp = await freePort(); // nobody listens there: every letter fails and waits for a retry
  base = `http://127.0.0.1:${port}`;
  const snapshot = process.env.E2E_SNAPSHOT_DATA_DIR;
  if (snapshot) cpSync(snapshot, path.join(tmpDir, 'data'), { recursive: true, filter: (src) => path.basename(src) !== 'owner.lock' });
  server = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/server.ts')], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: path.join(tmpDir, 'data'),
      DEMO_SEED: '0',
      LOG_LEVEL: 'warn',
      REGISTER_LIMIT_PER_HOUR: '10000',
      SMTP_URL: `smtp://127.0.0.1:${deadSmtp}?ignoreTLS=true`,
      TELEGRAM_BOT_TOKEN: '',
    },
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the test server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/sanctum/csrf-cookie`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 204 || res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the test server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // gone
    }
    await new Promise((r) => setTimeout(r, 1500));
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string) {
  const dir = process.env.ADMIN_PHONE_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('«Почта» and «Ошибки» are tables at 1280 px and cards at 375 px, nothing wider than the window', async ({ page }) => {
  test.setTimeout(120_000);
  // A letter the mail server never takes: a password recovery for a new member.
  const member = await registerAt(base);
  const visitor = await page.request.get(`${base}/sanctum/csrf-cookie`);
  expect([200, 204]).toContain(visitor.status());
  const xsrf = (await page.context().cookies(base)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const forgot = await page.request.post(`${base}/password/email`, {
    data: { email: member.email },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
  });
  expect(forgot.status()).toBe(200);
  // A browser's report of an uncaught error, long and English as browsers write them.
  const marker = `TypeError: Cannot read properties of undefined (reading 'someVeryLongPropertyNameThatNeverWraps') ${Date.now()}`;
  const report = await page.request.post(`${base}/api/error/send`, {
    data: { error: marker, info: 'at VacancyForm (vacancy-form.tsx:120:15)\nat renderWithHooks', host: '127.0.0.1', path: '/vacancy/new' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
  });
  expect(report.status()).toBe(200);

  await loginPageAt(page, base, DEMO_ADMIN);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });

    await page.goto(`${base}/admin/mail`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The failed try is written once the queue has run it.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/^(Повторная попытка|Не отправлено)$/).first()).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    if (width === 375) {
      const cards = page.getByRole('list', { name: 'Неотправленные письма' });
      await expect(cards.getByRole('listitem').first()).toBeVisible();
      await expect(page.locator('main table')).toHaveCount(0);
    } else await expect(page.getByRole('columnheader', { name: 'Причина' })).toBeVisible();
    expect(await overflowOf(page), `«Почта» at ${width} px is wider than the window`).toBeLessThanOrEqual(0);
    await shot(page, `mail-${width}`);

    await page.goto(`${base}/admin/errors`);
    await expect(page.getByText(marker)).toBeVisible();
    if (width === 375) {
      const card = page.getByRole('list', { name: 'Ошибки в браузерах' }).getByRole('listitem').filter({ hasText: marker });
      await expect(card).toContainText('Раз: 1 · пользователей: 0');
      await card.getByRole('button', { name: 'Подробности последнего отчёта' }).click();
      await expect(card).toContainText('vacancy-form.tsx:120:15');
      await expect(page.locator('main table')).toHaveCount(0);
    } else await expect(page.getByRole('columnheader', { name: 'Пользователей' })).toBeVisible();
    expect(await overflowOf(page), `«Ошибки» at ${width} px is wider than the window`).toBeLessThanOrEqual(0);
    await shot(page, `errors-${width}`);
  }
});
