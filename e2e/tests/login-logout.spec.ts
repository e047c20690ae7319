import type { BrowserContext } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { expectLoggedIn, expectLoggedOut, header, openLogin, submitPasswordLogin } from '../fixtures/ui.ts';

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'hr_session');

test.describe('login and logout', () => {
  test('password login shows the member; a second tab follows the logout without reload', async ({ page, context, registerUser }) => {
    const user = await registerUser();
    await page.goto('/');
    await expectLoggedOut(page);
    const login = await openLogin(page);
    await submitPasswordLogin(login, user);
    await expect(login).toBeHidden();
    await expectLoggedIn(page, user);

    const tab2 = await context.newPage();
    await tab2.goto('/');
    await expectLoggedIn(tab2, user);
    // A marker that a reload would wipe: the second tab must follow through the storage event.
    await tab2.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    await header(page).getByRole('button', { name: 'Выход' }).click();
    await expectLoggedOut(page);
    await expectLoggedOut(tab2);
    expect(await tab2.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // And the server agrees: the session is gone for both tabs.
    const info = await page.request.get('/api/user/main_info', { failOnStatusCode: false });
    expect(info.status()).toBe(401);
  });

  test('a login in one tab shows up in the other without reload', async ({ page, context, registerUser }) => {
    const user = await registerUser();
    await page.goto('/');
    const tab2 = await context.newPage();
    await tab2.goto('/');
    await expectLoggedOut(tab2);
    const login = await openLogin(page);
    await submitPasswordLogin(login, user);
    await expectLoggedIn(page, user);
    await expectLoggedIn(tab2, user);
  });

  test('a wrong password shows the server error under the e-mail field', async ({ page, registerUser }) => {
    const user = await registerUser();
    await page.goto('/');
    const login = await openLogin(page);
    await submitPasswordLogin(login, { email: user.email, password: 'wrong-password' });
    const email = login.getByRole('textbox', { name: 'Логин' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/неверн/i);
    await expect(login).toBeVisible();
    await expectLoggedOut(page);
  });

  test('the password field has a show/hide toggle', async ({ page }) => {
    await page.goto('/');
    const login = await openLogin(page);
    const password = login.getByLabel('Пароль', { exact: true });
    await password.fill('secret123');
    await expect(password).toHaveAttribute('type', 'password');
    await login.getByRole('button', { name: /показать|скрыть/i }).first().click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('«Запомнить меня» makes the session cookie persistent; without it the cookie ends with the browser', async ({
    browser,
    registerUser,
    baseURL,
  }) => {
    const user = await registerUser();
    for (const remember of [true, false]) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto('/');
      const login = await openLogin(page);
      await submitPasswordLogin(login, user, { remember });
      await expectLoggedIn(page, user);
      const cookie = await sessionCookie(context);
      expect(cookie, 'hr_session cookie').toBeDefined();
      if (remember) {
        // Persistent: an expiry in the future (days ahead, not minutes).
        expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 86_400);
      } else {
        expect(cookie?.expires, 'a browser-session cookie has no expiry').toBe(-1);
      }
      expect(cookie?.httpOnly).toBe(true);
      await context.close();
    }
  });
});
