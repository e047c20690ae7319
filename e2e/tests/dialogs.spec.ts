import { registrationPayload } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { closeDialog, dialog, fillRegistration, openRegistration } from '../fixtures/ui.ts';

test.describe('error dialogs of SEED 8', { tag: '@ui-only' }, () => {
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

  test('a server 422 on a form shows the field errors inline and focuses the first, without «Почти готово»', async ({
    page,
    registerUser,
  }) => {
    test.slow(); // the whole registration form, with the 2 s city search
    const existing = await registerUser();
    await page.goto('/');
    const reg = await openRegistration(page);
    // Passes every client rule; only the server knows the e-mail and the phone are taken.
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
    for (const [field, messages] of Object.entries(body.errors ?? {})) {
      const label = { email: 'E-mail', phone: 'Телефон' }[field];
      if (!label) continue;
      const input = reg.getByRole('textbox', { name: label });
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      for (const message of messages) await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
    }
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
