import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fetchXsrf, uniqueEmail, uniquePhone } from '../fixtures/api.ts';
import { signInApi, waitForSubscription } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';
import { TITLE_SUFFIX, dialog, header, pickCity, selectOption } from '../fixtures/ui.ts';
import { memberWithVacancyAccess, tinyPdf, typeDescription } from '../fixtures/vacancy.ts';

const DESCRIPTION = [
  'Ищем менеджера по подбору персонала в растущую команду. Вы будете закрывать вакансии офиса и производства, вести кандидатов от первого звонка до выхода на работу.',
  'Что важно: опыт массового и точечного подбора от года, уверенная работа с откликами и базами резюме, аккуратность в договорённостях.',
  'Мы предлагаем: официальное оформление, гибкое начало дня, обучение за счёт компании.',
];

/** serious and critical findings of axe on the page as it is now. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

test.describe('vacancy requests and replies', () => {
  test.describe.configure({ timeout: 150_000 });

  test('create → publish → a visitor replies with a PDF → the owner is told at once, downloads it and invites by mail', async ({
    page,
    browser,
    loginViaApi,
    mailbox,
  }) => {
    const owner = await memberWithVacancyAccess();
    await loginViaApi(owner);
    const title = `Менеджер по подбору ${Date.now().toString(36)}`;

    // ── the editor ──
    await page.goto('/vacancy/create');
    await expect(page).toHaveTitle(`Новая вакансия${TITLE_SUFFIX}`);
    const form = page.locator('form.vacancy-form');
    await form.getByRole('textbox', { name: 'Название вакансии' }).fill(title);
    await pickCity(form, 'Казан', 'Казань');
    await form.getByRole('textbox', { name: 'Зарплата от, ₽' }).fill('90000');
    await form.getByRole('textbox', { name: 'Зарплата до, ₽' }).fill('120000');
    const skills = form.getByRole('textbox', { name: 'Навыки' });
    await skills.fill('Подбор персонала');
    await skills.press('Enter');
    await skills.fill('Массовый подбор');
    await skills.press('Enter');

    // Publishing a short description is refused inline, with the focus on the editor.
    await typeDescription(page, ['Коротко о вакансии.']);
    await form.getByRole('button', { name: 'Опубликовать' }).click();
    await expect(form.getByText('Для публикации описание должно быть не короче 200 символов')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Описание вакансии' })).toBeFocused();

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await typeDescription(page, DESCRIPTION);
    await expect(form.getByText(/из 10\s000 символов/)).not.toContainText('для публикации ещё');
    await form.getByRole('button', { name: 'Опубликовать' }).click();

    // ── the public page, as the owner sees it ──
    await expect(page).toHaveURL(/\/vacancy\/\d+$/);
    const vacancyId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title}${TITLE_SUFFIX}`);
    await expect(page.getByRole('link', { name: 'Редактировать' })).toBeVisible();

    // The owner waits on the replies page with the real-time channel open.
    const subscribed = waitForSubscription(page);
    await page.goto(`/vacancy/${vacancyId}/reply`);
    await subscribed;
    await expect(page.getByText('Откликов пока нет')).toBeVisible();
    await expect(page.getByTestId('notify-indicator')).not.toHaveAttribute('data-active', 'true');

    // ── a visitor in a fresh browser replies with a file ──
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const candidate = { fio: 'Петрова Ольга Игоревна', email: uniqueEmail(), phone: uniquePhone() };
    try {
      await visitor.goto(`/vacancy/${vacancyId}`);
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(visitor.getByText('90 000 – 120 000 ₽')).toBeVisible();
      await expect(visitor.getByText('Казань').first()).toBeVisible();
      await expect(visitor.getByRole('link', { name: 'Редактировать' })).toHaveCount(0);
      const reply = visitor.locator('form.reply-form');
      await reply.getByRole('textbox', { name: 'ФИО' }).fill(candidate.fio);
      const phone = reply.getByRole('textbox', { name: 'Телефон' });
      await phone.click();
      await phone.pressSequentially(candidate.phone.replace(/\D/g, '').slice(1), { delay: 15 });
      await expect(phone).toHaveValue(candidate.phone);
      await reply.getByRole('textbox', { name: 'E-mail' }).fill(candidate.email);
      await reply.getByRole('textbox', { name: 'Сопроводительное письмо' }).fill('Готова выйти через две недели.');

      // Without consent the form says why, next to the checkbox.
      await visitor
        .locator('input[type=file]')
        .setInputFiles({ name: 'Петрова резюме.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
      await reply.getByRole('button', { name: 'Отправить отклик' }).click();
      await expect(reply.getByText('Необходимо согласие на обработку персональных данных')).toBeVisible();
      await expect(reply.getByRole('link', { name: 'обработку персональных данных' })).toHaveAttribute('href', '/personal-data');

      await reply.getByRole('checkbox').check();
      const sent = visitor.waitForResponse((r) => r.url().endsWith(`/api/vacancy/${vacancyId}/reply`) && r.request().method() === 'POST');
      await reply.getByRole('button', { name: 'Отправить отклик' }).click();
      const answer = await sent;
      expect(answer.status()).toBe(200);
      expect(answer.request().headers()['content-type']).toContain('multipart/form-data');
      await expect(visitor.getByRole('heading', { name: 'Отклик отправлен' })).toBeVisible();
    } finally {
      await visitorContext.close();
    }

    // ── the owner: the bell lights without a reload, the notification leads to the reply ──
    await expect(page.getByTestId('notify-indicator')).toHaveAttribute('data-active', 'true', { timeout: 15_000 });
    // The open replies list shows the new reply by itself.
    await expect(page.getByText('Откликов пока нет')).toBeHidden();
    await expect(page.locator('main').getByText(candidate.fio).first()).toBeVisible();
    await header(page).getByRole('button', { name: 'Уведомления' }).click();
    const item = page.getByTestId('notify-menu').getByTestId('notify-item').filter({ hasText: candidate.fio });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/vacancy/${vacancyId}/reply/\\d+$`));
    await expect(page.getByText(candidate.fio).first()).toBeVisible();
    await expect(page.getByText('Готова выйти через две недели.')).toBeVisible();
    // The first opening marks it as viewed; the history says who replied and when.
    await expect(page.getByTestId('reply-current-status')).toContainText('Просмотрен');
    const history = page.getByRole('list', { name: 'История отклика' });
    await expect(history).toContainText('Кандидат');

    // The CV comes back as it was sent.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Скачать', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.equals(tinyPdf())).toBe(true);

    // Invite with a letter: the reply moves to «Телефонное интервью», the history keeps the letter, the candidate gets it.
    const message = `Приглашаем на собеседование во вторник в 11:00. Код ${Date.now().toString(36)}`;
    const subject = `Приглашение: вакансия «${title}»`;
    await page.getByRole('button', { name: 'Перенести с письмом…' }).click();
    const invite = dialog(page, 'Перенести отклик');
    await expect(invite).toBeVisible();
    await selectOption(invite, 'Этап', 'Телефонное интервью');
    await invite.getByRole('checkbox', { name: 'Написать кандидату' }).check();
    // The template that fits the stage fills the letter first; the member then writes their own.
    const subjectField = invite.getByRole('textbox', { name: 'Тема письма' });
    await expect(subjectField).not.toHaveValue('');
    await subjectField.fill(subject);
    await invite.getByRole('textbox', { name: 'Текст письма' }).fill(message);
    await invite.getByRole('button', { name: 'Перенести и отправить' }).click();
    await expect(invite).toBeHidden();
    // The stage is said on its own line; the history tells the move and the letter.
    await expect(page.getByTestId('reply-current-status')).toContainText('Телефонное интервью');
    await expect(history).toContainText('Просмотрены → Телефонное интервью');
    await expect(history).toContainText(subject);
    await history.getByRole('button', { name: 'Показать текст письма' }).last().click();
    await expect(history.getByText(message)).toBeVisible();
    await expect(history).toContainText(`${owner.name} ${owner.family}`);

    const mail = await mailbox.waitForMessage(candidate.email, { subject, timeoutMs: 30_000 });
    expect(mail.text).toContain(message);
    await expect(history.getByTestId('reply-letter-state').last()).toHaveText('отправлено', { timeout: 30_000 });

    // The list counts the reply; it is no longer new.
    await page.goto('/vacancy');
    const card = page.locator(`article.vacancy-card[data-id="${vacancyId}"]`);
    await expect(card).toContainText('1 отклик');
    await expect(card).toContainText('Опубликована');
  });

  test('the public page is readable and accessible at 1280 and 375 px for a visitor', async ({ page, browser, loginViaApi }) => {
    const owner = await memberWithVacancyAccess();
    await loginViaApi(owner);
    const created = await page.request.post('/api/vacancy', {
      data: {
        title: 'Рекрутер в IT',
        city: '1',
        salary_from: 150000,
        skills: ['IT-рекрутинг', 'Sourcing'],
        description: `<p>${DESCRIPTION[0]}</p><ul><li>${DESCRIPTION[1]}</li><li>${DESCRIPTION[2]}</li></ul><p><a href="https://example.ru">Сайт компании</a> <script>alert(1)</script><img src=x onerror=alert(2)></p>`,
        status: 'published',
      },
      headers: { 'X-XSRF-TOKEN': await xsrf(page), Accept: 'application/json' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const vacancyId = ((await created.json()) as { res: { id: number } }).res.id;

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    try {
      for (const width of [1280, 375]) {
        await visitor.setViewportSize({ width, height: 900 });
        await visitor.goto(`/vacancy/${vacancyId}`);
        await expect(visitor.getByRole('heading', { level: 1, name: 'Рекрутер в IT' })).toBeVisible();
        await expect(visitor.getByRole('link', { name: 'Сайт компании' })).toHaveAttribute('href', 'https://example.ru/');
        await expect(visitor.locator('.vacancy-description script, .vacancy-description img')).toHaveCount(0);
        // Nothing wider than the screen.
        const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
        expect(await axeFindings(visitor), `axe at ${width}px`).toEqual([]);
      }
      // An unknown one is «не найдена», in place.
      await visitor.goto('/vacancy/2147483000');
      await expect(visitor.getByRole('heading', { name: 'Вакансия не найдена' })).toBeVisible();
    } finally {
      await visitorContext.close();
    }
  });

  test('a member without the option gets the access dialog; a closed vacancy takes no replies', async ({
    page,
    browser,
    registerUser,
    loginViaApi,
  }) => {
    const member = await registerUser();
    await loginViaApi(member);
    await page.goto('/vacancy/create');
    await expect(page.getByText('Нужна опция «Заявки на вакансии»')).toBeVisible();
    const form = page.locator('form.vacancy-form');
    // Client checks first: the title is required, and the focus goes there.
    await form.getByRole('button', { name: 'Сохранить черновик' }).click();
    await expect(form.getByText('Укажите название вакансии')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Название вакансии' })).toBeFocused();
    await form.getByRole('textbox', { name: 'Название вакансии' }).fill('Кладовщик');
    await pickCity(form, 'Казан', 'Казань');
    await form.getByRole('button', { name: 'Сохранить черновик' }).click();
    const denied = dialog(page, /Что-то не так|Доступ/);
    await expect(denied).toBeVisible();
    await expect(denied).toContainText('Доступ к услуге ограничен');

    // The owner closes a vacancy: a visitor sees «Вакансия закрыта» and no form.
    const owner = await signInApi(await memberWithVacancyAccess());
    let id: number;
    try {
      id = (
        await owner.post<{ id: number }>('/api/vacancy', {
          title: 'Водитель погрузчика',
          city: '1',
          description: `<p>${DESCRIPTION.join(' ')}</p>`,
          status: 'published',
        })
      ).id;
      const closed = await owner.ctx.delete(`/api/vacancy/${id}`, {
        headers: { 'X-XSRF-TOKEN': await fetchXsrf(owner.ctx), Accept: 'application/json' },
      });
      expect(closed.status()).toBe(200);
    } finally {
      await owner.dispose();
    }
    const visitor = await browser.newContext();
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/vacancy/${id}`);
      await expect(visitorPage.getByRole('heading', { level: 1, name: 'Водитель погрузчика' })).toBeVisible();
      await expect(visitorPage.getByText('Вакансия закрыта').first()).toBeVisible();
      await expect(visitorPage.locator('form.reply-form')).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });
});

async function xsrf(page: Page): Promise<string> {
  await page.request.get('/sanctum/csrf-cookie');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
}
