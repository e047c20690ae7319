import { extractLoginCode } from '../fixtures/mailbox.ts';
import { expect, test } from '../fixtures/test.ts';
import { codeBoxes, expectLoggedIn, requestLoginCode, typeCode } from '../fixtures/ui.ts';

test.describe('login by e-mail code', () => {
  test('the code from the mail signs the member in and lands on the redirect target', { tag: '@services' }, async ({ page, registerUser, mailbox }) => {
    const user = await registerUser();
    await page.goto('/');
    const codeDialog = await requestLoginCode(page, user.email);

    const code = extractLoginCode(await mailbox.waitFor(user.email, { subject: /код/i }));
    expect(Number(code)).toBeGreaterThanOrEqual(1000);
    expect(Number(code)).toBeLessThanOrEqual(9999);

    const codeRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/code' && r.method() === 'POST');
    await typeCode(codeDialog, code);
    const submit = codeDialog.getByRole('button', { name: 'Подтвердить' });
    if (await codeDialog.isVisible()) await submit.click().catch(() => {}); // unless typing the 4th digit already sent it
    // SEED 5: the code is sent as a number made by joining the digits.
    expect((await codeRequest).postDataJSON()).toMatchObject({ code: Number(code) });
    await expect(page).toHaveURL(/\/profile(\?|$)/);
    await expect(codeDialog).toBeHidden();
    await expectLoggedIn(page, user);
  });

  test('with ?redirect the code login goes to that page', async ({ page, registerUser, mailbox }) => {
    const user = await registerUser();
    await page.goto('/?show=login_form&redirect=/favourite');
    const codeDialog = await requestLoginCode(page, user.email, { popupOpen: true });
    const code = extractLoginCode(await mailbox.waitFor(user.email, { subject: /код/i }));
    await typeCode(codeDialog, code);
    if (await codeDialog.isVisible())
      await codeDialog
        .getByRole('button', { name: 'Подтвердить' })
        .click()
        .catch(() => {});
    await expect(page).toHaveURL(/\/favourite(\?|$)/);
    await expectLoggedIn(page, user);
  });

  test('a wrong code shows an error and locks «Подтвердить» for about 5 s', async ({ page, registerUser, mailbox }) => {
    const user = await registerUser();
    await page.goto('/');
    const codeDialog = await requestLoginCode(page, user.email);
    const code = extractLoginCode(await mailbox.waitFor(user.email, { subject: /код/i }));
    const wrong = code === '1234' ? '4321' : '1234';

    const submit = codeDialog.getByRole('button', { name: 'Подтвердить' });
    await typeCode(codeDialog, wrong);
    // Some clients send on the 4th digit; otherwise press the button.
    if (await submit.isEnabled()) await submit.click();
    const sentAt = Date.now();
    await expect(codeDialog).toContainText(/неверн|ошибк|не подходит/i);
    await expect(submit).toBeDisabled();

    // Still locked after ~3 s, free again within ~5 s (+ slack).
    await page.waitForTimeout(Math.max(0, 3000 - (Date.now() - sentAt)));
    await expect(submit).toBeDisabled();
    await expect(submit).toBeEnabled({ timeout: 5000 });
    const lockedFor = Date.now() - sentAt;
    expect(lockedFor).toBeGreaterThan(4000);
    expect(lockedFor).toBeLessThan(7500);

    // The right code then works.
    for (const box of codeBoxes(codeDialog)) await box.fill('');
    await typeCode(codeDialog, code);
    if (await codeDialog.isVisible()) await submit.click().catch(() => {});
    await expect(page).toHaveURL(/\/profile(\?|$)/);
    await expectLoggedIn(page, user);
  });
});
