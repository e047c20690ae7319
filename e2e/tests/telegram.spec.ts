import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type FakeTelegram, startFakeTelegram, textUpdate } from '../../apps/api/test/fake-telegram.ts';
import { loginPageAt, registerAt } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';
import { dialog } from '../fixtures/ui.ts';

/**
 * The HR cloud end to end: a second server of its own with the bot pointed at a local fake Bot API
 * (recording sendMessage); updates are fed through the webhook with the secret header, as Telegram would.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 's3cret';

let fake: FakeTelegram;
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
  fake = await startFakeTelegram({ token: '123:abc', username: 'hr_club_bot' });
  tmpDir = mkdtempSync(path.join(os.tmpdir(), 'hr-e2e-tg-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // A copy of the journeys' prepared database when there is one (global-setup.ts): no migrations to wait for.
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
      SMTP_URL: process.env.E2E_SMTP_PORT ? `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true` : '',
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_BOT_NAME: 'hr_club_bot',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    },
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the Telegram test server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/sanctum/csrf-cookie`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 204 || res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the Telegram test server did not start');
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
  await fake?.close();
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
});

/** What Telegram posts to the webhook when the user presses Start in the deep link's chat. */
async function pressStart(token: string, chatId: number) {
  const res = await fetch(`${base}/api/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
    body: JSON.stringify(textUpdate(chatId, `/start ${token}`, { username: 'maria_hr' })),
  });
  expect(res.status).toBe(200);
}

async function waitForSent(chatId: number, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(() => {
      found = fake.sent(chatId).find((m) => pattern.test(m.text))?.text ?? '';
      return found;
    }, { timeout: 15_000 })
    .not.toBe('');
  return found;
}

test('popup 6 shows the QR code; after Start in the bot «Проверить» shows the account bound', async ({ page }) => {
  const user = await registerAt(base);
  await loginPageAt(page, base, user);
  // No socket for this page: the «Проверить» path, not the push, has to find the binding.
  await page.routeWebSocket(/\/ws$/, () => {});
  await page.goto(`${base}/profile`);
  await expect(page.getByTestId('telegram-status')).toHaveText('Не привязано');
  await page.getByRole('button', { name: 'Привязать HR-облако' }).click();
  await expect(page).toHaveURL(/show=hr_cloud/);

  const popup = dialog(page, 'Привязка к HR-облаку');
  await expect(popup).toBeVisible();
  const qr = popup.getByTestId('telegram-qr');
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())?.width).toBe(200);
  await expect(popup).toContainText('Start');
  await expect(popup).toContainText('поддержку');
  const link = (await popup.getByTestId('telegram-link').textContent()) ?? '';
  expect(link).toMatch(/^https:\/\/t\.me\/hr_club_bot\?start=[A-Za-z0-9_-]+$/);

  await popup.getByRole('button', { name: 'Проверить' }).click();
  await expect(popup.getByRole('alert')).toHaveText('Аккаунт не привязан к HR-облаку');

  const chatId = 700_000 + Math.floor(Math.random() * 100_000);
  await pressStart(link.split('start=')[1] ?? '', chatId);
  await waitForSent(chatId, /привязан/);

  await popup.getByRole('button', { name: 'Проверить' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByText('Аккаунт привязан к HR-облаку').first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('telegram-status')).toHaveText('Привязано');
});

test('the telegram.bound push closes the popup by itself', async ({ page }) => {
  const user = await registerAt(base, { telegram_nickname: `tg_${Date.now().toString(36)}` });
  await loginPageAt(page, base, user);
  await page.goto(`${base}/profile?show=hr_cloud`);
  const popup = dialog(page, 'Привязка к HR-облаку');
  const link = (await popup.getByTestId('telegram-link').textContent()) ?? '';
  const chatId = 800_000 + Math.floor(Math.random() * 100_000);
  await pressStart(link.split('start=')[1] ?? '', chatId);
  await expect(popup).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('Аккаунт привязан к HR-облаку').first()).toBeVisible();

  // That a bound account's login code goes to the chat is the API's (telegram.test.ts, «sends a login code»).
});

test('at 375 px the «HR-облако» heading and its status are shown whole', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginPageAt(page, base, await registerAt(base));
  await page.goto(`${base}/profile`);
  const card = page.getByTestId('telegram-card');
  const heading = card.getByRole('heading', { name: 'HR-облако' });
  const status = card.getByTestId('telegram-status');
  await expect(status).toBeVisible();
  // One line: no «HR-» and «облако» on two rows.
  const lineHeight = await heading.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
  expect((await heading.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.5);
  // The badge's words are not cut to «Не привяз…».
  const cut = await status.evaluate((el) => [el, ...el.querySelectorAll('*')].some((node) => node.scrollWidth > node.clientWidth + 1));
  expect(cut, 'the status badge is cut off').toBe(false);
  const cardBox = await card.boundingBox();
  const statusBox = await status.boundingBox();
  expect((statusBox?.x ?? 0) + (statusBox?.width ?? 0)).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0));
});
