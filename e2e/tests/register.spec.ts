import { registrationPayload } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { dialog, expectLoggedIn, fillRegistration, header, openRegistration } from '../fixtures/ui.ts';

test.describe('registration', () => {
  test('a visitor registers through the popup and is signed in as a basic member', async ({ page }) => {
    test.slow(); // the whole registration form, with the 2 s city search
    const p = registrationPayload({ position: `Директор по персоналу ${Date.now() % 100000}` });
    await page.goto('/');
    const reg = await openRegistration(page);
    await fillRegistration(reg, p, { cityTyped: 'Моск' });
    await reg.getByRole('button', { name: 'Зарегистрироваться' }).click();

    await expect(reg).toBeHidden({ timeout: 15_000 });
    await expectLoggedIn(page, { name: 'Мария', family: 'Иванова' }, 'Базовый');
    // This server has no Telegram bot: no «Подключите HR-облако» popup (stale-and-small.spec.ts).
    await expect(dialog(page, 'Подключите HR-облако')).toHaveCount(0);
    await expect(header(page)).toContainText(/ID: \d+/);

    // What the form sent is what the club keeps: the free-typed position, the city picked from the list.
    const profile = await page.request.get('/api/user/profile');
    expect(profile.status()).toBe(200);
    const res = ((await profile.json()) as { res: Record<string, unknown> }).res;
    expect(res.position).toBe(p.position);
    expect(res.company).toBe(p.company);
    expect(res.company_people_count).toBe(p.company_people_count);
  });
  // Registering with a taken e-mail: dialogs.spec.ts, «a server 422 shows inline».
});
