import { DEMO_LEAD, inviteToTeam, makeLead, signInApi } from '../fixtures/cabinet.ts';
import { resultCards } from '../fixtures/resumes.ts';
import { expect, test } from '../fixtures/test.ts';
import { dialog } from '../fixtures/ui.ts';

test.describe('SEED behaviour a new member meets', () => {
  test('?show=team_invite without an id shows the pending invites one after another', async ({ page, registerUser, loginViaApi }) => {
    test.slow(); // three members and a flag through the API, on a shared machine
    const user = await registerUser();
    const secondCreds = await registerUser({ fio: 'Кузнецов Пётр Ильич' });
    const demoLead = await signInApi(DEMO_LEAD);
    const secondLead = await makeLead(secondCreds);
    try {
      await inviteToTeam(demoLead, user.id);
      await inviteToTeam(secondLead, user.id);
    } finally {
      await demoLead.dispose();
      await secondLead.dispose();
    }
    const names = [`${DEMO_LEAD.name} ${DEMO_LEAD.family}`, `${secondCreds.name} ${secondCreds.family}`];

    await loginViaApi(user);
    await page.goto('/profile?show=team_invite');
    const popup = dialog(page, 'Приглашение в команду');
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await expect(popup).not.toContainText('не найдено');
    await expect(popup.getByTestId('invite-position')).toHaveText('1 из 2');
    const firstText = (await popup.textContent()) ?? '';
    const first = names.find((n) => firstText.includes(n));
    expect(first, `the popup names one of ${names.join(', ')}`).toBeTruthy();
    const next = names.find((n) => n !== first) ?? '';

    await popup.getByRole('button', { name: 'Отклонить' }).click();
    await expect(popup).toContainText(`${next} приглашает вас в свою команду`);
    await expect(popup.getByTestId('invite-position')).toHaveCount(0);
    await popup.getByRole('button', { name: 'Отклонить' }).click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
  });

});

test.describe('rough edges a new member meets', () => {
  test('/person/{unknown} shows only «Участник не найден»', async ({ page, registerUser, loginViaApi }) => {
    await loginViaApi(await registerUser());
    await page.goto('/person/999999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Участник не найден' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/скоро/i)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'В личный кабинет' })).toBeVisible();
  });

  test('a visitor with a shared advanced-query link gets a message in place and searches by keywords, no 403 dialog', async ({ page }) => {
    await page.goto('/?query=%D1%80%D0%B5%D0%BA%D1%80%D1%83%D1%82%D0%B5%D1%80');
    await expect(page.getByRole('heading', { name: 'Такой поиск доступен с расширенным доступом' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Искать по ключевым словам' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('text') === 'рекрутер' && !url.searchParams.has('query'));
    await expect(resultCards(page).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a toast has a named close button', async ({ page, registerUser, loginViaApi }) => {
    await loginViaApi(await registerUser());
    await page.goto('/?text=%D0%B1%D1%83%D1%85%D0%B3%D0%B0%D0%BB%D1%82%D0%B5%D1%80');
    const card = resultCards(page).first();
    await expect(card).toBeVisible({ timeout: 20_000 });
    await card.getByRole('link').first().click();
    const actions = page.getByRole('complementary', { name: 'Действия с резюме' });
    await actions.getByRole('button', { name: 'В избранное' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Кандидат добавлен в избранное' });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Закрыть' }).click();
    await expect(toast).toHaveCount(0);
  });
});

test.describe('settings without a Telegram bot', () => {
  test('«Копии в Telegram» is not offered while the bot is not configured', async ({ page, registerUser, loginViaApi }) => {
    await loginViaApi(await registerUser());
    const profile = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/profile' && r.request().method() === 'GET');
    await page.goto('/profile/edit');
    const body = (await (await profile).json()) as { res: { telegram_auth_url: string | null } };
    expect(body.res.telegram_auth_url, 'the e2e server runs without a bot').toBeNull();
    // The form is there, the switch for a bot that does not exist is not.
    await expect(page.getByRole('textbox', { name: /E-mail/ }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('switch', { name: 'Копии в Telegram' })).toHaveCount(0);
  });
});
