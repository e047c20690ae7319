import { mkdirSync, readFileSync } from 'node:fs';
import { consentVersion } from '@hr/contract';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { fetchXsrf, postJson, uniqueEmail, uniquePhone } from '../fixtures/api.ts';
import { signInApi } from '../fixtures/cabinet.ts';
import { expectNoSeriousA11y } from '../fixtures/review.ts';
import { expect, test } from '../fixtures/test.ts';
import { appInControl } from '../fixtures/ui.ts';
import { memberWithVacancyAccess } from '../fixtures/vacancy.ts';

/**
 * Issue 24, vacancy analytics: a visitor replies from the page opened by the team's Telegram share,
 * two more reply from the page itself, the team moves them through stages; the member opens the
 * vacancy's analytics, reads the funnel and the sources, downloads the CSV, and finds the vacancy on
 * the team's page. Both widths looked at (E2E_SHOTS_DIR keeps the screenshots).
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const DESCRIPTION =
  '<p>Ищем рекрутера в IT-компанию: закрывать вакансии разработчиков и аналитиков, вести кандидатов от первого звонка до выхода на работу.</p>' +
  '<p>Официальное оформление, гибкое начало дня, обучение за счёт компании.</p>';

async function replyFromSite(vacancyId: number, fio: string): Promise<number> {
  const visitor = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const res = await postJson(visitor, `/api/vacancy/${vacancyId}/reply`, {
      fio,
      phone: uniquePhone(),
      email: uniqueEmail(),
      consent: true,
      consent_version: consentVersion('reply'),
      resume_text: 'Рекрутер, четыре года в IT-подборе.',
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { res: { id: number } }).res.id;
  } finally {
    await visitor.dispose();
  }
}

async function move(ctx: APIRequestContext, vacancyId: number, replyId: number, status: string) {
  const res = await ctx.patch(`/api/vacancy/${vacancyId}/reply/${replyId}`, {
    data: { status },
    headers: { 'X-XSRF-TOKEN': await fetchXsrf(ctx), Accept: 'application/json' },
    failOnStatusCode: false,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The rows of a chart's text alternative (a table only screen readers read), cells joined by « | ». */
const tableRows = (page: Page, name: string) =>
  page
    .getByRole('table', { name })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent?.trim()).join(' | ')));

test('the analytics of a vacancy: the funnel and the sources (Telegram included), the CSV, the team page', async ({ page, browser, loginViaApi }, testInfo) => {
  const creds = await memberWithVacancyAccess();
  const owner = await signInApi(creds);
  const title = `Рекрутер в IT ${Date.now() % 100000}`;
  let vacancyId = 0;
  try {
    vacancyId = (await owner.post<{ id: number }>('/api/vacancy', { title, city: '1', description: DESCRIPTION, status: 'published' })).id;

    // ── a visitor opens the page from the Telegram share and replies through the form ──
    const visitorContext = await browser.newContext();
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/vacancy/${vacancyId}?from=telegram`);
      await appInControl(visitor);
      const form = visitor.locator('form.reply-form');
      await form.getByRole('textbox', { name: 'ФИО' }).fill('Кузнецова Дарья Олеговна');
      const phone = form.getByRole('textbox', { name: 'Телефон' });
      await phone.click();
      const typed = uniquePhone();
      await phone.pressSequentially(typed.replace(/\D/g, '').slice(1), { delay: 15 });
      await expect(phone).toHaveValue(typed);
      await form.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail());
      await form.getByRole('textbox', { name: 'Или расскажите о себе' }).fill('Три года в подборе IT-специалистов.');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'Отправить отклик' }).click();
      await expect(visitor.getByRole('heading', { name: 'Отклик отправлен' })).toBeVisible();
    } finally {
      await visitorContext.close();
    }

    // ── two more from the page itself; the team moves them ──
    const hired = await replyFromSite(vacancyId, 'Орлова Анна Сергеевна');
    const viewed = await replyFromSite(vacancyId, 'Лебедев Павел Андреевич');
    for (const status of ['viewed', 'invited', 'hired']) await move(owner.ctx, vacancyId, hired, status);
    await move(owner.ctx, vacancyId, viewed, 'viewed');
  } finally {
    await owner.dispose();
  }

  await loginViaApi(creds);
  await page.goto(`/vacancy/${vacancyId}`);
  // The team's share link carries the mark the analytics counts.
  const share = page.getByRole('link', { name: /Поделиться в Telegram/ });
  await expect(share).toHaveAttribute('href', new RegExp(`^https://t\\.me/share/url\\?url=.*%2Fvacancy%2F${vacancyId}%3Ffrom%3Dtelegram&text=`));
  await page.getByRole('link', { name: 'Аналитика', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/vacancy/${vacancyId}/analytics$`));
  await expect(page.getByRole('heading', { level: 1, name: `Аналитика: ${title}` })).toBeVisible();
  await expect(page.getByTestId('analytics-funnel')).toBeVisible();
  expect(await tableRows(page, 'Воронка')).toEqual([
    'Новые | 3 | 100 %',
    'Просмотрены | 2 | 66,7 %',
    'Телефонное интервью | 1 | 33,3 %',
    'Интервью | 1 | 33,3 %',
    'Оффер | 1 | 33,3 %',
    'Выход на работу | 1 | 33,3 %',
  ]);
  expect(await tableRows(page, 'Источники')).toEqual(['Публичная страница | 2', 'Ссылка в Telegram | 1', 'Приглашён из базы | 0', 'Другое | 0']);
  await shot(page, 'vacancy-analytics-1280');
  await expectNoSeriousA11y(page, testInfo, 'vacancy analytics at 1280 px');
  // The drawing says the same: the funnel's first bar is labelled with its count and share.
  await expect(page.getByTestId('analytics-funnel').getByText('3 · 100 %')).toBeVisible();
  await expect(page.getByTestId('analytics-sources').getByText('Ссылка в Telegram: 1')).toBeVisible();

  // ── the CSV ──
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Аналитика вакансии \d+ .*\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('Раздел;Показатель;Значение;Доля (%)');
  expect(csv).toContain('Воронка;Новые;3;100');
  expect(csv).toContain('Источники;Ссылка в Telegram;1;"33,3"');

  // ── a period of 30 days: the same replies (they came today) ──
  await page.getByText('30 дней').click();
  await expect(page).toHaveURL(/period=30/);
  await expect(page.getByTestId('analytics-funnel').getByText('3 · 100 %')).toBeVisible();

  // ── 375 px: the charts fit, the page does not scroll sideways ──
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('analytics-funnel')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'vacancy-analytics-375');
  await expectNoSeriousA11y(page, testInfo, 'vacancy analytics at 375 px');
  if (SHOTS) {
    await page.getByTestId('analytics-funnel').screenshot({ path: `${SHOTS}/vacancy-funnel-375.png` });
    await page.getByTestId('analytics-days').screenshot({ path: `${SHOTS}/vacancy-days-375.png` });
  }

  // ── the team's page: the vacancy among the team's, with its figures and a link back ──
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/vacancy');
  await page.getByRole('link', { name: 'Аналитика найма' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Аналитика найма' })).toBeVisible();
  const row = page.getByTestId('team-vacancies').getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Опубликована');
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await shot(page, 'team-analytics-1280');
  await expectNoSeriousA11y(page, testInfo, 'team analytics at 1280 px');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'team-analytics-375');
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Аналитика: ${title}` })).toBeVisible();
});
