import { DEMO_LEAD, cabinetList, inviteToTeam, otherInstance, signInApi, waitForSubscription } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';
import { dialog, header } from '../fixtures/ui.ts';

const bellIndicator = (page: import('@playwright/test').Page) => page.getByTestId('notify-indicator');

test.describe('personal cabinet', () => {
  test('a notification created for a signed-in member appears without reload and the bell lights', { tag: '@services' }, async ({ page, registerUser, loginViaApi }) => {
    const user = await registerUser();
    await loginViaApi(user);
    const subscribed = waitForSubscription(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
    await expect(bellIndicator(page)).not.toHaveAttribute('data-active');
    await expect(page.getByTestId('notify-list')).toHaveCount(0); // «Уведомлений пока нет»
    await subscribed;
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // Another member's action: the demo lead invites this user to the team (on PostgreSQL + Redis
    // through the second instance: the push reaches this page's instance through Redis).
    const lead = await signInApi(DEMO_LEAD, otherInstance());
    try {
      await inviteToTeam(lead, user.id);
    } finally {
      await lead.dispose();
    }

    await expect(bellIndicator(page)).toHaveAttribute('data-active', 'true');
    await expect(cabinetList(page)).toHaveCount(1, { timeout: 15_000 }); // the list reloads on the same push as the bell; slower under load
    await expect(cabinetList(page).first()).toContainText('Приглашение в команду');
    await expect(cabinetList(page).first()).toHaveAttribute('data-unread', 'true');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The bell's dropdown lists it too; «Отметить все прочитанными» puts the indicator out.
    await header(page).getByRole('button', { name: 'Уведомления' }).click();
    const menu = page.getByTestId('notify-menu');
    await expect(menu.getByTestId('notify-item')).toHaveCount(1);
    await menu.getByRole('button', { name: 'Отметить все прочитанными' }).click();
    await expect(bellIndicator(page)).not.toHaveAttribute('data-active');
    await expect(cabinetList(page).first()).not.toHaveAttribute('data-unread');
  });

  test('the team invite is accepted through the popup and the team block shows the lead', async ({ page, registerUser, loginViaApi }) => {
    const user = await registerUser();
    const lead = await signInApi(DEMO_LEAD);
    let inviteId: number;
    try {
      inviteId = await inviteToTeam(lead, user.id);
    } finally {
      await lead.dispose();
    }
    await loginViaApi(user);
    await page.goto('/');
    await expect(bellIndicator(page)).toHaveAttribute('data-active', 'true');

    // The bell → the notification → /profile?show=team_invite&invite={id}
    await header(page).getByRole('button', { name: 'Уведомления' }).click();
    await page.getByTestId('notify-menu').getByTestId('notify-item').filter({ hasText: 'Приглашение в команду' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile\\?show=team_invite&invite=${inviteId}$`));
    const popup = dialog(page, 'Приглашение в команду');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(`${DEMO_LEAD.name} ${DEMO_LEAD.family} приглашает вас в свою команду`);
    await expect(popup).toContainText('получите');
    const personLink = popup.getByRole('link', { name: `${DEMO_LEAD.name} ${DEMO_LEAD.family}` });
    await expect(personLink).toHaveAttribute('href', /^\/person\/\d+$/);
    await expect(popup.getByRole('button', { name: 'Отклонить' })).toBeVisible();

    const answer = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/user/team/invite' && r.method() === 'POST');
    await popup.getByRole('button', { name: 'Принять' }).click();
    expect((await answer).postDataJSON()).toEqual({ id: inviteId, status: 1 });
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(bellIndicator(page)).not.toHaveAttribute('data-active');

    const lead2 = page.getByTestId('team-lead');
    await expect(lead2).toContainText(`${DEMO_LEAD.name} ${DEMO_LEAD.family}`);
    await expect(page.getByTestId('team-card').getByRole('button', { name: 'Выйти из команды' })).toBeVisible();
    // The inherited paid options show at once.
    await expect(page.locator('[data-flag="open_contact"]')).toHaveAttribute('data-enabled', 'true');

    // The person page of the lead.
    await lead2.getByRole('link', { name: `${DEMO_LEAD.name} ${DEMO_LEAD.family}` }).click();
    await expect(page).toHaveTitle('Участник клуба — HR-клуб');
    await expect(page.getByTestId('person-card')).toContainText('Руководитель команды');
  });

  test('«Показать ещё» loads the next page of notifications', async ({ page, registerUser, loginViaApi }) => {
    test.slow(); // 11 invitations and declines through the API
    const user = await registerUser();
    const lead = await signInApi(DEMO_LEAD);
    const member = await signInApi(user);
    try {
      for (let i = 0; i < 11; i += 1) {
        const id = await inviteToTeam(lead, user.id);
        await member.post('/api/user/team/invite', { id, status: 0 });
      }
    } finally {
      await lead.dispose();
      await member.dispose();
    }
    await loginViaApi(user);
    await page.goto('/profile');
    await expect(cabinetList(page)).toHaveCount(10);
    const more = page.getByRole('button', { name: 'Показать ещё' });
    await expect(more).toBeVisible();
    const next = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/notify/message' && new URL(r.url()).searchParams.get('page') === '2');
    await more.click();
    const request = await next;
    expect(Number(new URL(request.url()).searchParams.get('t'))).toBeGreaterThan(0);
    await expect(cabinetList(page)).toHaveCount(11);
    await expect(more).toBeHidden();
  });

  test('profile confirmation shows the SEED 5 errors and sends nothing until they are fixed', async ({ page, registerUser, loginViaApi }) => {
    const user = await registerUser();
    await loginViaApi(user);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/user/confirm') sent.push(r.method());
    });
    await page.goto('/profile?show=verify_profile');
    const popup = dialog(page, 'Подтвердите данные профиля');
    await expect(popup).toBeVisible();
    const company = popup.getByRole('textbox', { name: 'Компания' });
    await expect(company).toHaveValue(user.payload.company); // prefilled from the profile
    await company.fill('');
    await popup.getByRole('button', { name: 'Очистить количество сотрудников' }).click();
    await popup.getByRole('textbox', { name: 'Должность' }).fill('');
    await popup.getByRole('textbox', { name: 'Профессиональная область' }).fill('');
    await popup.getByText('Проверьте, что данные о вас актуальны').click(); // closes the suggestions
    await popup.getByRole('button', { name: 'Подтвердить' }).click();

    await expect(company).toHaveAccessibleDescription('Поле не может быть пустым');
    await expect(popup.getByRole('textbox', { name: 'Количество сотрудников' })).toHaveAccessibleDescription('Выберите значение из списка');
    await expect(popup.getByRole('textbox', { name: 'Должность' })).toHaveAccessibleDescription('Выберите значение из списка');
    await expect(popup.getByRole('textbox', { name: 'Профессиональная область' })).toHaveAccessibleDescription('Поле не может быть пустым');
    await expect(popup.getByText('Выберите не менее 2-х значений')).toBeVisible();
    await popup.getByRole('button', { name: 'Подтвердить' }).click();
    expect(sent).toEqual([]);

    // Fixed: it is sent once, closes, and the query is cleared.
    await company.fill('ООО Вектор');
    await popup.getByRole('textbox', { name: 'Количество сотрудников' }).click();
    await page.getByRole('option', { name: '151-500', exact: true }).click();
    await popup.getByRole('textbox', { name: 'Должность' }).fill('HR-директор');
    await popup.getByRole('textbox', { name: 'Профессиональная область' }).fill('Подбор персонала');
    await popup.getByRole('textbox', { name: 'Интересы' }).click();
    await page.getByRole('option', { name: 'IT-рекрутинг', exact: true }).click();
    await page.getByRole('option', { name: 'Массовый подбор', exact: true }).click();
    await popup.getByText('Проверьте, что данные о вас актуальны').click();
    await expect(popup.getByText('Выберите не менее 2-х значений')).toBeHidden();
    await popup.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    expect(sent).toEqual(['POST']);
    const profile = (await (await page.request.get('/api/user/profile')).json()) as { res: Record<string, unknown> };
    expect(profile.res).toMatchObject({ company: 'ООО Вектор', company_people_count: '151-500', must_confirm: false });
    expect(profile.res.tags).toEqual(expect.arrayContaining(['IT-рекрутинг', 'Массовый подбор']));
  });

  test('profile edit saves the profile and the notification preferences', async ({ page, registerUser, loginViaApi }) => {
    const user = await registerUser();
    await loginViaApi(user);
    await page.goto('/profile/edit');
    await expect(page).toHaveTitle('Редактирование профиля — HR-клуб');
    const company = page.getByRole('textbox', { name: 'Компания' });
    await expect(company).toHaveValue(user.payload.company);
    await company.fill('АО Север');
    const position = page.getByRole('textbox', { name: 'Должность' });
    await position.fill('Руководитель подбора (свободный ввод)');
    await position.press('Tab');
    const nickname = page.getByRole('textbox', { name: 'Ник в Telegram' });
    await nickname.fill('no');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    // Client-side check first: the nickname rule, under the field only (no «Почти готово» over it).
    await expect(nickname).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog(page, 'Почти готово')).toHaveCount(0);
    await nickname.fill('sever_hr_lead');

    const saved = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/user/profile' && r.method() === 'POST');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    // Only the changed fields are sent.
    expect((await saved).postDataJSON()).toEqual({
      company: 'АО Север',
      position: 'Руководитель подбора (свободный ввод)',
      telegram_nickname: 'sever_hr_lead',
    });
    await expect(page.getByText('Профиль сохранён')).toBeVisible();

    await page.getByRole('switch', { name: 'Сообщать об ответе на запрос отзыва' }).check();
    await page.getByRole('button', { name: 'Сохранить настройки' }).click();
    await expect(page.getByText('Настройки уведомлений сохранены')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Компания' })).toHaveValue('АО Север');
    await expect(page.getByRole('textbox', { name: 'Должность' })).toHaveValue('Руководитель подбора (свободный ввод)');
    await expect(page.getByRole('switch', { name: 'Сообщать об ответе на запрос отзыва' })).toBeChecked();
    await page.goto('/profile');
    await expect(page.getByTestId('profile-company')).toContainText('АО Север');
  });
});
