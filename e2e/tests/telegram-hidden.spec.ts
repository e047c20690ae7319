import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { freePort, type OwnServer, startOwnServer } from '../fixtures/own-server.ts';
import { expect, test } from '../fixtures/test.ts';
import { action, dialog, openLogin, openRegistration, requestLoginCode } from '../fixtures/ui.ts';

/**
 * The journeys' server runs without a Telegram bot: a visitor meets no Telegram and no «HR-облако»
 * anywhere before signing in — the home page's «Что даёт HR-клуб», the code login, the code popup,
 * the registration pitch — at 1280 and 375 px. With a bot (a server of its own) they stay as they
 * were; the flag itself is telegram-config.test.ts. `TELEGRAM_HIDDEN_SHOTS=/dir` keeps screenshots.
 */
const TELEGRAM = /telegram|телеграм|HR-облак/i;

async function shot(page: Page, name: string) {
  const dir = process.env.TELEGRAM_HIDDEN_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

for (const width of [1280, 375]) {
  test(`at ${width} px a visitor reads nothing of Telegram where no bot is set up`, async ({ page, registerUser }) => {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
    const config = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/telegram/config');
    await page.goto('/');
    expect((await (await config).json()).res).toEqual({ telegram_enabled: false });

    // The home page's pitch: three benefits, none of them the HR cloud.
    const club = page.locator('section', { has: page.getByRole('heading', { name: 'Что даёт HR-клуб' }) });
    await club.scrollIntoViewIfNeeded();
    await expect(club.getByRole('heading', { name: 'Нетворкинг' })).toBeVisible();
    await expect(club).not.toContainText(TELEGRAM);
    await shot(page, `home-club-${width}`);

    // Registration: the club's pitch beside (or above) the form.
    const reg = await openRegistration(page);
    await expect(reg).toContainText(/40 мероприятий в год/);
    await expect(reg.locator('.club-pitch')).not.toContainText(TELEGRAM);
    await shot(page, `register-${width}`);
    await page.keyboard.press('Escape');
    await expect(reg).toBeHidden();

    // Login by code: the e-mail only.
    const login = await openLogin(page);
    await action(login, 'Войти по коду').click();
    await expect(login).toContainText('Пришлём одноразовый код на e-mail.');
    await expect(login).not.toContainText(TELEGRAM);
    await shot(page, `login-code-${width}`);
    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();

    const user = await registerUser();
    const codeDialog = await requestLoginCode(page, user.email);
    await expect(codeDialog).toContainText('мы отправили на него 4-значный код. Введите его, чтобы войти.');
    await expect(codeDialog).not.toContainText(TELEGRAM);
    await expect(dialog(page, 'Почти готово')).toHaveCount(0);
    await shot(page, `code-${width}`);
  });
}

test.describe('with a bot', () => {
  let own: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // A bot set up (token and name); its Bot API is a port nobody listens on: nothing leaves the machine.
    const deadApi = await freePort();
    own = await startOwnServer({
      TELEGRAM_BOT_TOKEN: '123:abc',
      TELEGRAM_BOT_NAME: 'hr_club_bot',
      TELEGRAM_API_ROOT: `http://127.0.0.1:${deadApi}`,
      TELEGRAM_WEBHOOK_SECRET: 's3cret',
    });
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  test('a visitor reads of the HR cloud as before', async ({ page }) => {
    const base = own?.base ?? '';
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/`);
    const club = page.locator('section', { has: page.getByRole('heading', { name: 'Что даёт HR-клуб' }) });
    await club.scrollIntoViewIfNeeded();
    await expect(club.getByRole('heading', { name: 'HR-облако' })).toBeVisible();

    const reg = await openRegistration(page);
    await expect(reg.locator('.club-pitch')).toContainText('Telegram-бот клуба');
    await page.keyboard.press('Escape');
    await expect(reg).toBeHidden();

    const login = await openLogin(page);
    await action(login, 'Войти по коду').click();
    await expect(login).toContainText('а если аккаунт привязан к HR-облаку — ещё и в Telegram');
  });
});
