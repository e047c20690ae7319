import { registrationPayload } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { codeBoxes, fillRegistration, openRegistration, requestLoginCode } from '../fixtures/ui.ts';

test.describe('masked inputs', () => {
  test('phone mask: letters do nothing, digits format as +7 (XXX) XXX-XX-XX', async ({ page }) => {
    await page.goto('/');
    const reg = await openRegistration(page);
    const phone = reg.getByRole('textbox', { name: 'Телефон' });
    await phone.click();
    await phone.pressSequentially('abcабв!', { delay: 20 });
    // Nothing typed gets in: at most the mask's own «+7 (» prefix shows up.
    expect(['', '+7', '+7 ', '+7 (']).toContain(await phone.inputValue());

    await phone.pressSequentially('9161234567', { delay: 20 });
    await expect(phone).toHaveValue('+7 (916) 123-45-67');
    // More digits than the mask holds are ignored.
    await phone.pressSequentially('89', { delay: 20 });
    await expect(phone).toHaveValue('+7 (916) 123-45-67');
  });

  test('a phone with 7+ equal digits in a row, or whose area code starts with 5, is refused with «Ошибка заполнения данных» and nothing is sent', async ({
    page,
  }) => {
    test.slow(); // the whole registration form, with the 2 s city search
    await page.goto('/');
    const reg = await openRegistration(page);
    await fillRegistration(reg, registrationPayload({ phone: '+7 (999) 999-99-99' }));
    const phone = reg.getByRole('textbox', { name: 'Телефон' });
    await expect(phone).toHaveValue('+7 (999) 999-99-99');
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/register') posted.push(r.url());
    });
    await reg.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(reg.getByText('Ошибка заполнения данных')).toBeVisible();
    await expect(phone).toHaveAccessibleDescription(/Ошибка заполнения данных/);
    await expect(reg).toBeVisible();

    // The same form with an area code starting with 5.
    await phone.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await phone.pressSequentially('5161234567', { delay: 20 });
    await expect(phone).toHaveValue('+7 (516) 123-45-67');
    await reg.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(phone).toHaveAccessibleDescription(/Ошибка заполнения данных/);
    await expect(reg).toBeVisible();
    expect(posted, 'the form sends nothing while the phone is refused').toEqual([]);
  });

  test('code boxes: non-digits stripped, a paste spreads over the boxes, Backspace on an empty box goes back', async ({
    page,
    context,
    registerUser,
  }) => {
    const user = await registerUser();
    await page.goto('/');
    const codeDialog = await requestLoginCode(page, user.email);
    const boxes = codeBoxes(codeDialog);
    const [b1, b2, b3, b4] = boxes as [(typeof boxes)[0], (typeof boxes)[0], (typeof boxes)[0], (typeof boxes)[0]];

    // Non-digits are stripped.
    await b1.click();
    await page.keyboard.type('a');
    await expect(b1).toHaveValue('');
    await page.keyboard.type('-');
    await expect(b1).toHaveValue('');
    await page.keyboard.type('7');
    await expect(b1).toHaveValue('7');
    await expect(b2).toBeFocused();

    // Backspace on an empty box moves focus back.
    await page.keyboard.press('Backspace');
    await expect(b1).toBeFocused();

    // Clear and paste '1234' into the first box: it spreads over the four.
    for (const b of boxes) await b.fill('');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await b1.focus();
    await page.evaluate(() => navigator.clipboard.writeText('1234'));
    await page.keyboard.press('ControlOrMeta+V');
    await expect(b1).toHaveValue('1');
    await expect(b2).toHaveValue('2');
    await expect(b3).toHaveValue('3');
    await expect(b4).toHaveValue('4');

    // A pasted value with junk is stripped to its digits too.
    for (const b of boxes) await b.fill('');
    await b1.focus();
    await page.evaluate(() => navigator.clipboard.writeText('9 8-7a6'));
    await page.keyboard.press('ControlOrMeta+V');
    await expect(b1).toHaveValue('9');
    await expect(b2).toHaveValue('8');
    await expect(b3).toHaveValue('7');
    await expect(b4).toHaveValue('6');
  });
});
