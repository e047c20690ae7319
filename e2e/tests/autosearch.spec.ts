import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DEMO_ADMIN } from '../fixtures/admin.ts';
import { loginViaApi, postJson, uniqueSuffix } from '../fixtures/api.ts';
import { resultCards, searchAfter } from '../fixtures/resumes.ts';
import { expect, test } from '../fixtures/test.ts';
import { dialog } from '../fixtures/ui.ts';

/** Moscow in the search's city list (the demo dictionaries). */
const MOSCOW = '1069';

/** A word no demo resume has: the saved search finds only what the journey imports. */
const uniqueWord = () =>
  `Ксенолог${uniqueSuffix()
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;

/** Resumes an operator would import (hh.ru's JSON Lines): `count` in Moscow with the word in the title, one elsewhere. */
function importFile(word: string, count: number): { file: string; name: string } {
  const suffix = uniqueSuffix();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hr-autosearch-'));
  const name = `autosearch-${suffix}.jsonl`;
  const lines = Array.from({ length: count }, (_, i) => ({
    id: `autosearch-${suffix}-${i}`,
    title: `Ведущий ${word}`,
    first_name: 'Ксения',
    last_name: `Новикова${i}`,
    area: { name: 'Москва' },
    skill_set: [word],
  }));
  // The same word in another city: the saved search's city must keep it out.
  lines.push({
    id: `autosearch-${suffix}-far`,
    title: `Ведущий ${word}`,
    first_name: 'Олег',
    last_name: 'Далёкий',
    area: { name: 'Новосибирск' },
    skill_set: [word],
  });
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return { file, name };
}

/** The administrator uploads the file in the back office and waits for its report. */
async function importAsOperator(browser: Browser, file: { file: string; name: string }): Promise<void> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await loginViaApi(admin, DEMO_ADMIN);
    await admin.goto('/admin/import');
    const chooser = admin.waitForEvent('filechooser');
    await admin.getByLabel('Файл импорта').click();
    await (await chooser).setFiles(file.file);
    await admin.getByRole('button', { name: 'Загрузить и импортировать' }).click();
    await expect(admin).toHaveURL(/\/admin\/import\/\d+$/);
    await expect(admin.getByText('Завершён', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  } finally {
    await context.close();
  }
}

const savedSearch = (page: Page, name: string) => page.getByRole('article', { name });
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('Автопоиск', () => {
  test('a member saves a search with filters, sees «новых: N» after an import, opens it: the new resumes are marked and the count is gone', async ({
    page,
    browser,
    registerUser,
  }) => {
    test.slow(); // an import and several searches on a shared machine
    const word = uniqueWord();
    const member = await registerUser();
    await loginViaApi(page, member);

    // The search: the word, Moscow, the newest first.
    await page.goto('/');
    const bar = page.getByRole('search', { name: 'Поиск кандидатов' });
    await bar.getByLabel('Ключевые слова').fill(word);
    await searchAfter(page, () => bar.getByRole('button', { name: 'Найти' }).click());
    const city = page.getByRole('textbox', { name: 'Город', exact: true });
    await city.click();
    await city.pressSequentially('Моск', { delay: 30 });
    await searchAfter(page, () =>
      page
        .getByRole('option', { name: /^Москва/ })
        .first()
        .click(),
    );
    const order = page.getByRole('textbox', { name: 'Сортировка', exact: true });
    await order.click();
    await searchAfter(page, () => page.getByRole('option', { name: 'по дате изменения', exact: true }).click());
    await expect(page).toHaveURL(new RegExp(`search_city(%5B%5D|\\[\\])=${MOSCOW}`));
    await expect(page).toHaveURL(/searchOrderBy=publication_time/);
    await expect(page.getByRole('status').filter({ hasText: 'Резюме не найдены' })).toBeVisible();

    // Saved with a name made of the words and the city.
    await page.getByRole('button', { name: 'Сохранить поиск' }).first().click();
    const save = dialog(page, 'Сохранить поиск');
    await expect(save).toBeVisible();
    await expect(save.getByLabel('Название')).toHaveValue(`${word}, Москва`);
    await expect(save).toContainText(`«${word}» · Москва`);
    await expect(save).toContainText('Сортировка: по дате изменения');
    await save.getByRole('radio', { name: 'Не присылать' }).check();
    await save.getByRole('button', { name: 'Сохранить', exact: true }).click();
    // The confirmation, with the way to the list in it.
    await page.getByRole('link', { name: 'Все автопоиски' }).click();
    await expect(save).toBeHidden();

    // The list: the search with nothing new yet.
    await expect(page).toHaveURL(/\/autosearch$/);
    const item = savedSearch(page, `${word}, Москва`);
    await expect(item).toBeVisible();
    await expect(item).toContainText('новых нет');
    await expect(item).toContainText('Рассылка: не присылать');

    // Two matching resumes arrive (and one in another city, which does not match).
    await importAsOperator(browser, importFile(word, 2));
    await page.reload();
    await expect(item).toContainText('новых: 2');

    // Opened: the new resumes first, marked «новое»; the search itself opens with its filters.
    await item.getByRole('link', { name: `Открыть автопоиск «${word}, Москва»` }).click();
    await expect(page).toHaveURL(/\/autosearch\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `${word}, Москва` })).toBeVisible();
    const results = page.getByRole('list', { name: 'Резюме автопоиска' });
    await expect(resultCards(page)).toHaveCount(2);
    await expect(results.locator('li[data-new="true"]')).toHaveCount(2);
    await expect(results.getByText('новое', { exact: true })).toHaveCount(2);
    const inSearch = page.getByRole('link', { name: 'Открыть в поиске' });
    await expect(inSearch).toHaveAttribute('href', new RegExp(`text=.*search_city\\[\\]=${MOSCOW}.*searchOrderBy=publication_time`));

    // Back in the list the count is gone.
    await page.getByRole('link', { name: 'Все автопоиски' }).click();
    await expect(item).toContainText('новых нет');

    // And the search opens on the search page with its filters.
    await page.goto('/autosearch');
    await item.getByRole('link', { name: `Открыть автопоиск «${word}, Москва»` }).click();
    await searchAfter(page, () => page.getByRole('link', { name: 'Открыть в поиске' }).click());
    await expect(page).toHaveURL(new RegExp(`search_city(%5B%5D|\\[\\])=${MOSCOW}`));
    await expect(resultCards(page)).toHaveCount(2);
  });

  test('at 375 px the list fits the phone: the name, the count and every action without scrolling sideways', async ({
    page,
    registerUser,
  }) => {
    const member = await registerUser();
    await page.setViewportSize({ width: 375, height: 812 });
    await loginViaApi(page, member);
    const name = `Очень длинное название автопоиска про IT-рекрутеров в Москве и Санкт-Петербурге ${uniqueSuffix()}`;
    const created = await postJson(page.request, '/api/autosearch', {
      name,
      query: `text=${encodeURIComponent('IT-рекрутер')}&search_city[]=${MOSCOW}`,
      frequency: 'daily',
      channels: { email: true, telegram: false },
    });
    expect(created.status(), await created.text()).toBe(200);

    await page.goto('/autosearch');
    const item = savedSearch(page, name);
    await expect(item).toBeVisible();
    await expect(item).toContainText('«IT-рекрутер» · Москва');
    await expect(item).toContainText('Рассылка: раз в день, в 9:00 по Москве, на почту');
    for (const action of ['Открыть', 'Переименовать', 'Поделиться', 'Удалить']) {
      await expect(item.getByRole(action === 'Открыть' ? 'link' : 'button', { name: new RegExp(`^${action}`) })).toBeInViewport();
    }
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);

    // Renamed in place, then deleted after the confirmation.
    await item.getByRole('button', { name: /^Переименовать/ }).click();
    const field = page.getByRole('textbox', { name: 'Название автопоиска', exact: true });
    await field.fill('IT-рекрутеры, Москва');
    await field.press('Enter');
    const renamed = savedSearch(page, 'IT-рекрутеры, Москва');
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: /^Удалить/ }).click();
    const confirm = dialog(page, 'Удалить автопоиск?');
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByRole('heading', { name: 'Автопоисков пока нет' })).toBeVisible();
    await expect(page.getByText('Сохраните поиск на странице поиска — кнопка «Сохранить поиск»')).toBeVisible();
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  });

  test('a digest’s unsubscribe link that does not verify says so in Russian, with no login asked', async ({ page }) => {
    await page.goto('/autosearch/unsubscribe/1.this-signature-is-not-the-clubs-own');
    // (The page asks the server once it has loaded: a busy machine takes its time.)
    await expect(page.getByRole('heading', { level: 1, name: 'Ссылка для отписки недействительна или устарела' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(page.getByText('Войдите в клуб, чтобы настроить автопоиски и рассылку.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
