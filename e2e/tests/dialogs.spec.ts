import { registrationPayload } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { DEMO_LEAD } from '../fixtures/cabinet.ts';
import { closeDialog, dialog, expectLoggedOut, fillRegistration, header, openLogin, openRegistration, submitPasswordLogin } from '../fixtures/ui.ts';

test.describe('error dialogs of SEED 8', () => {
  test('a basic member opening /admin meets «Что-то не так — Доступ к услуге ограничен»', async ({ page, registerUser, loginViaApi }) => {
    const user = await registerUser();
    await loginViaApi(user);
    const adminCall = page.waitForResponse((r) => r.url().includes('/api/admin/client-errors'));
    await page.goto('/admin');
    expect((await adminCall).status()).toBe(403);
    const forbidden = dialog(page, 'Что-то не так');
    await expect(forbidden).toBeVisible();
    await expect(forbidden).toContainText('Доступ к услуге ограничен');
    await closeDialog(forbidden);
  });

  test('a server 422 shows inline with the focus on the field, never «Почти готово»: registration, login, team invite', async ({
    page,
    registerUser,
    loginViaApi,
  }) => {
    test.slow(); // the whole registration form (with the 2 s city search), then two more forms
    const existing = await registerUser();

    // Registration: passes every client rule; only the server knows the e-mail and the phone are taken.
    await page.goto('/');
    const reg = await openRegistration(page);
    await fillRegistration(reg, registrationPayload({ email: existing.email.toUpperCase(), phone: existing.phone }));
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/register' && r.request().method() === 'POST');
    await reg.getByRole('button', { name: 'Зарегистрироваться' }).click();
    const res = await answer;
    expect(res.status()).toBe(422);
    const body = (await res.json()) as { status: string; errors?: Record<string, string[]> };
    expect(body.status).toBe('error');
    expect(Object.keys(body.errors ?? {})).toContain('email');
    // SEED 5: the dialog is practically unreachable — forms keep a 422 to themselves.
    // «Телефон» comes before «E-mail» in the form.
    await expect(reg.getByRole('textbox', { name: body.errors?.phone ? 'Телефон' : 'E-mail' })).toBeFocused();
    await expect(dialog(page, 'Почти готово')).toHaveCount(0);
    await expect(reg).toBeVisible();
    await expect(reg.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(/зарегистрирован/i);
    for (const [field, messages] of Object.entries(body.errors ?? {})) {
      const label = { email: 'E-mail', phone: 'Телефон' }[field];
      if (!label) continue;
      const input = reg.getByRole('textbox', { name: label });
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      for (const message of messages) await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
    }
    await expect(header(page).getByRole('button', { name: 'Войти', exact: true })).toBeVisible();

    // Login with a wrong password: the server's error under the e-mail field, the popup stays.
    await page.keyboard.press('Escape');
    await expect(reg).toBeHidden();
    const login = await openLogin(page);
    await submitPasswordLogin(login, { email: existing.email, password: 'wrong-password' });
    const email = login.getByRole('textbox', { name: 'Логин' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/неверн/i);
    await expect(login).toBeVisible();
    await expect(dialog(page, 'Почти готово')).toHaveCount(0);
    await expectLoggedOut(page);

    // The team invite form of a lead who invites themselves.
    await loginViaApi(DEMO_LEAD);
    await page.goto('/profile');
    const input = page.getByRole('textbox', { name: 'Пригласить в команду' });
    await expect(input).toBeVisible({ timeout: 20_000 });
    await input.fill(DEMO_LEAD.email);
    const invited = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/team/invite/create');
    await page.getByRole('button', { name: 'Пригласить', exact: true }).click();
    expect((await invited).status()).toBe(422);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/самого себя/);
    await expect(input).toBeFocused();
    await expect(dialog(page, 'Почти готово')).toHaveCount(0);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
