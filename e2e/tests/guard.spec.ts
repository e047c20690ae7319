import { expect, test } from '../fixtures/test.ts';
import { dialog, expectLoggedIn, expectLoggedOut, header, submitPasswordLogin, TITLE_SUFFIX } from '../fixtures/ui.ts';

const titlePattern = new RegExp(`^.+${TITLE_SUFFIX}$`);

test.describe('route guard, titles, 404', () => {
  for (const route of ['/profile', '/favourite']) {
    test(`${route} while logged out opens the login popup with redirect, then lands there`, async ({ page, registerUser }) => {
      const user = await registerUser();
      await page.goto(route);
      await expect(page).toHaveURL(
        (url) => url.pathname === '/' && url.searchParams.get('show') === 'login_form' && url.searchParams.get('redirect') === route,
      );
      const login = dialog(page, 'Вход');
      await expect(login).toBeVisible();
      await submitPasswordLogin(login, user);
      await expect(page).toHaveURL((url) => url.pathname === route);
      await expect(login).toBeHidden();
      await expectLoggedIn(page, user);
      await expect(page).toHaveTitle(titlePattern);
    });
  }

  test('?show=login_form&redirect=/profile opens login and goes to /profile after it', async ({ page, registerUser }) => {
    const user = await registerUser();
    await page.goto('/?show=login_form&redirect=/profile');
    const login = dialog(page, 'Вход');
    await expect(login).toBeVisible();
    await submitPasswordLogin(login, user);
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    await expectLoggedIn(page, user);
  });

  test('a logged-in member opens /profile directly', async ({ page, registerUser, loginViaApi }) => {
    const user = await registerUser();
    await loginViaApi(user);
    await page.goto('/profile');
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    await expect(dialog(page, 'Вход')).toHaveCount(0);
    await expectLoggedIn(page, user);
  });

  test('logging out on a login-required route goes to main', async ({ page, registerUser, loginViaApi }) => {
    const user = await registerUser();
    await loginViaApi(user);
    await page.goto('/profile');
    await expectLoggedIn(page, user);
    await header(page).getByRole('button', { name: 'Выход' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectLoggedOut(page);
  });

  test('document titles are «{page} — HR-клуб» and change with the route', async ({ page, registerUser, loginViaApi }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(titlePattern);
    const homeTitle = await page.title();

    const user = await registerUser();
    await loginViaApi(user);
    await page.goto('/profile');
    await expect(page).toHaveTitle(`Личный кабинет${TITLE_SUFFIX}`);
    await expect(page).not.toHaveTitle(homeTitle);
    const profileTitle = await page.title();

    // Client-side navigation back home sets the title again.
    await page.goBack();
    await expect(page).toHaveTitle(homeTitle);
    await page.goForward();
    await expect(page).toHaveTitle(profileTitle);
  });

  test('an unknown route shows the 404 page, with no error in the console for a visitor', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const res = await page.goto('/no-such-page-e2e');
    expect(res?.status()).toBeLessThan(500);
    await expect(page.getByText(/404|не найден/i).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`не найден.*${TITLE_SUFFIX}$`, 'i'));
    await expect(page).toHaveURL(/\/no-such-page-e2e|\/404/);
    // The page settles (the header knows the visitor) before the console is read.
    await expect(page.getByRole('banner').getByRole('button', { name: /Войти/ }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors, 'console errors on a visitor\'s 404').toEqual([]);
  });
});
