import { expect, test } from '../fixtures/test.ts';
import { action, expectLoggedIn, expectLoggedOut, header, openLogin, recordStorageEvents, submitPasswordLogin } from '../fixtures/ui.ts';

test.describe('login and logout', () => {
  test('password login shows the member; a second tab follows the logout without reload', { tag: '@services' }, async ({ page, context, registerUser }) => {
    test.slow(); // two tabs, a login and a logout
    const user = await registerUser();
    await page.goto('/');
    await expectLoggedOut(page);
    const login = await openLogin(page);
    // «Запомнить меня» is sent as asked; what the server makes of it (a persistent HttpOnly cookie or one
    // that ends with the browser) is apps/api/test/journeys-server.test.ts.
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/login' && r.method() === 'POST');
    await submitPasswordLogin(login, user, { remember: true });
    expect((await sent).postDataJSON()).toMatchObject({ email: user.email, remember: true });
    await expect(login).toBeHidden();
    await expectLoggedIn(page, user);

    const tab2 = await context.newPage();
    await tab2.goto('/');
    await expectLoggedIn(tab2, user);
    // A marker that a reload would wipe: the second tab must follow through the storage event.
    await tab2.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    const storageKeysSeenByTab2 = await recordStorageEvents(tab2);

    await header(page).getByRole('button', { name: 'Выход' }).click();
    await expectLoggedOut(page);
    await expectLoggedOut(tab2);
    expect(await tab2.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // SEED 4: the broadcast goes through the local-storage key hr-app-logout.
    expect(await storageKeysSeenByTab2()).toContain('hr-app-logout');

    // SEED 4: the last login e-mail is remembered on this device and offered again.
    const again = await openLogin(page);
    await expect(again.getByRole('textbox', { name: 'Логин' })).toHaveValue(user.email);

    // And the server agrees: the session is gone for both tabs.
    const info = await page.request.get('/api/user/main_info', { failOnStatusCode: false });
    expect(info.status()).toBe(401);
  });

  test('a login in one tab shows up in the other without reload', { tag: '@services' }, async ({ page, context, registerUser }) => {
    const user = await registerUser();
    await page.goto('/');
    const tab2 = await context.newPage();
    await tab2.goto('/');
    await expectLoggedOut(tab2);
    const storageKeysSeenByTab2 = await recordStorageEvents(tab2);
    const login = await openLogin(page);
    await submitPasswordLogin(login, user);
    await expectLoggedIn(page, user);
    await expectLoggedIn(tab2, user);
    expect(await storageKeysSeenByTab2()).toContain('hr-app-login');
  });

  test('the password field has a show/hide toggle', async ({ page }) => {
    await page.goto('/');
    const login = await openLogin(page);
    const password = login.getByLabel('Пароль', { exact: true });
    await password.fill('secret123');
    await expect(password).toHaveAttribute('type', 'password');
    await login
      .getByRole('button', { name: /показать|скрыть/i })
      .first()
      .click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('«Регистрация» in the login popup closes it and opens the registration popup', async ({ page }) => {
    await page.goto('/');
    const login = await openLogin(page);
    await action(login, 'Регистрация').click();
    await expect(login).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Регистрация' })).toBeVisible();
  });
});
