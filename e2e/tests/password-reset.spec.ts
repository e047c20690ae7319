import { extractResetLink } from '../fixtures/mailbox.ts';
import { expect, test } from '../fixtures/test.ts';
import { action, dialog, expectLoggedIn, expectLoggedOut, openLogin } from '../fixtures/ui.ts';

test.describe('password reset', () => {
  test('forgot → mail link → «Смена пароля» → signed in; the link a second time is refused', async ({ page, registerUser, mailbox }) => {
    test.slow(); // a mail and a reset
    const user = await registerUser();
    const newPassword = 'newSecret456';
    await page.goto('/');
    const login = await openLogin(page);
    await action(login, 'Забыли пароль?').click();

    const forgot = dialog(page, 'Восстановление доступа');
    await expect(forgot).toBeVisible();
    await forgot.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await forgot.getByRole('button', { name: 'Восстановить' }).click();
    // The server's message is shown (a success, whatever its wording).
    await expect(page.getByText(/отправ|письм|ссылк/i).first()).toBeVisible();

    const link = extractResetLink(await mailbox.waitFor(user.email, { subject: /восстановлен|парол/i }));
    const url = new URL(link);
    expect(url.searchParams.get('email')).toBe(user.email);
    expect(url.searchParams.get('pass_reset_token')).toBeTruthy();
    expect(url.origin).toBe(new URL(page.url()).origin);

    // A fresh tab that is not logged in opens the link.
    await page.context().clearCookies();
    await page.goto(link);
    const reset = dialog(page, 'Смена пароля');
    await expect(reset).toBeVisible();
    await expect(reset.getByRole('textbox', { name: 'E-mail' })).toHaveValue(user.email);
    await reset.getByLabel('Пароль', { exact: true }).fill(newPassword);
    await reset.getByLabel('Повтор пароля', { exact: true }).fill(newPassword);
    await reset.getByRole('button', { name: 'Сменить пароль' }).click();
    await expect(reset).toBeHidden();
    await expectLoggedIn(page, user);

    // The same link a second time: the popup shows the server's refusal. What the server does with
    // either password and with a used link is the API's «password reset» (src/modules/auth/auth.test.ts).
    await page.context().clearCookies();
    await page.goto(link);
    const again = dialog(page, 'Смена пароля');
    await expect(again).toBeVisible();
    await again.getByLabel('Пароль', { exact: true }).fill('thirdSecret789');
    await again.getByLabel('Повтор пароля', { exact: true }).fill('thirdSecret789');
    await again.getByRole('button', { name: 'Сменить пароль' }).click();
    await expect(page.getByText(/недействительн|устарел|ошибк/i).first()).toBeVisible();
    await expectLoggedOut(page);
  });

  test('«Войти или зарегистрироваться» goes back to the login popup', async ({ page }) => {
    await page.goto('/');
    const login = await openLogin(page);
    await action(login, 'Забыли пароль?').click();
    const forgot = dialog(page, 'Восстановление доступа');
    await expect(forgot).toBeVisible();
    await action(forgot, 'Войти или зарегистрироваться').click();
    await expect(forgot).toBeHidden();
    await expect(dialog(page, 'Вход')).toBeVisible();
  });

  test('«Восстановить» reads «Подождите...» while processing and ignores repeat submits', async ({ page, registerUser }) => {
    const user = await registerUser();
    let calls = 0;
    await page.route('**/password/email', async (route) => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/');
    const login = await openLogin(page);
    await action(login, 'Забыли пароль?').click();
    const forgot = dialog(page, 'Восстановление доступа');
    await forgot.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await forgot.getByRole('button', { name: 'Восстановить' }).click();
    const busy = forgot.getByRole('button', { name: 'Подождите...' });
    await expect(busy).toBeVisible();
    // Repeat submits while processing are ignored (SEED 4): a click if the button allows it, and Enter.
    if (await busy.isEnabled()) await busy.click();
    await forgot.getByRole('textbox', { name: 'E-mail' }).press('Enter');
    await expect(forgot.getByRole('button', { name: 'Восстановить' })).toBeVisible({ timeout: 10_000 });
    await expect(forgot.getByText(/отправ|письм|ссылк/i).first()).toBeVisible();
    expect(calls).toBe(1);
  });
});
