import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { consentVersion } from '@hr/contract';
import { type Locator, type Page, request as playwrightRequest } from '@playwright/test';
import { postJson, uniqueEmail, uniquePhone } from '../fixtures/api.ts';
import { signInApi } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';
import { appInControl, dialog, selectOption } from '../fixtures/ui.ts';
import { memberWithVacancyAccess } from '../fixtures/vacancy.ts';

/**
 * Issue 24, the board: a member sees the vacancy's replies as columns of stages, moves one by mouse
 * and one by keyboard (the counts follow and stay after a reload), rejects one with a reason through
 * the move dialog, and finds every move in the reply's history.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const DESCRIPTION =
  '<p>Ищем рекрутера в производственную компанию: массовый подбор рабочих специальностей, звонки кандидатам, собеседования и выход на работу.</p>' +
  '<p>Официальное оформление, гибкое начало дня, обучение за счёт компании и сильная команда рядом.</p>';

const CANDIDATES = ['Орлова Мария Сергеевна', 'Белов Игорь Андреевич', 'Зайцева Анна Петровна', 'Морозов Денис Ильич'];

const column = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });
const count = (col: Locator): Locator => col.getByTestId('board-column-count');
const card = (col: Locator, fio: string): Locator => col.locator('li.board-card').filter({ hasText: fio });

async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

test('replies move on the board by mouse, by keyboard and to «Отказ» with a reason; the reply keeps every move', async ({
  page,
  loginViaApi,
}) => {
  test.setTimeout(180_000);
  const creds = await memberWithVacancyAccess();
  const owner = await signInApi(creds);
  const title = `Рекрутер на производство ${Date.now() % 100000}`;
  let vacancyId: number;
  try {
    vacancyId = (await owner.post<{ id: number }>('/api/vacancy', { title, city: '1', description: DESCRIPTION, status: 'published' })).id;
  } finally {
    await owner.dispose();
  }
  const visitor = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const replyIds: Record<string, number> = {};
  try {
    for (const fio of CANDIDATES) {
      const res = await postJson(visitor, `/api/vacancy/${vacancyId}/reply`, {
        fio,
        phone: uniquePhone(),
        email: uniqueEmail(),
        consent: true,
        consent_version: consentVersion('reply'),
        resume_text: 'Рекрутер, три года массового подбора.',
      });
      expect(res.status(), await res.text()).toBe(200);
      replyIds[fio] = ((await res.json()) as { res: { id: number } }).res.id;
    }
  } finally {
    await visitor.dispose();
  }
  const [byMouse, byKeyboard, rejected, staying] = CANDIDATES as [string, string, string, string];

  await loginViaApi(creds);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/vacancy/${vacancyId}/reply`);
  await appInControl(page);
  await page.getByText('Доска', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Доска' })).toBeChecked();
  const board = page.getByTestId('reply-board');
  await expect(board).toBeVisible();
  const fresh = column(page, 'Новые');
  const phone = column(page, 'Телефонное интервью');
  const interview = column(page, 'Интервью');
  const refusal = column(page, 'Отказ');
  await expect(count(fresh)).toHaveText('4');
  await expect(count(phone)).toHaveText('0');
  await shot(page, 'board-1280');
  expect(await axeFindings(page), 'axe on the board').toEqual([]);

  // ── by mouse: a card dragged onto «Телефонное интервью» ──
  const from = await card(fresh, byMouse).boundingBox();
  const to = await phone.boundingBox();
  if (!from || !to) throw new Error('the card or the column is not on screen');
  const moved = page.waitForResponse((r) => r.url().endsWith(`/reply/${replyIds[byMouse]}`) && r.request().method() === 'PATCH');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  await expect(card(phone, byMouse)).toBeVisible();
  await expect(count(fresh)).toHaveText('3');
  await expect(count(phone)).toHaveText('1');

  // After a reload the board (remembered as the member's view) shows it where it was put.
  await page.reload();
  await expect(board).toBeVisible();
  await expect(card(column(page, 'Телефонное интервью'), byMouse)).toBeVisible();
  await expect(count(column(page, 'Новые'))).toHaveText('3');

  // ── by keyboard: the card's handle, Space, arrows to «Интервью», Space ──
  const handle = page.getByRole('button', { name: `Перетащить: ${byKeyboard}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(`Карточка «${byKeyboard}» над своим этапом «Новые»`);
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('над этапом «Интервью»');
  const keyed = page.waitForResponse((r) => r.url().endsWith(`/reply/${replyIds[byKeyboard]}`) && r.request().method() === 'PATCH');
  await page.keyboard.press('Space');
  expect((await keyed).status()).toBe(200);
  await expect(card(interview, byKeyboard)).toBeVisible();
  await expect(count(interview)).toHaveText('1');
  await expect(count(fresh)).toHaveText('2');

  // ── a rejection from the card's menu asks for the reason first ──
  await page.getByRole('button', { name: `Перенести в… (${rejected})` }).click();
  await page.getByRole('menuitem', { name: 'Отказ', exact: true }).click();
  const move = dialog(page, 'Перенести отклик');
  await expect(move).toBeVisible();
  await selectOption(move, 'Причина отказа', 'Не подходит опыт');
  const refused = page.waitForResponse((r) => r.url().endsWith(`/reply/${replyIds[rejected]}`) && r.request().method() === 'PATCH');
  await move.getByRole('button', { name: 'Перенести', exact: true }).click();
  expect((await refused).status()).toBe(200);
  await expect(move).toBeHidden();
  await expect(card(refusal, rejected)).toContainText('Причина: Не подходит опыт');
  await expect(count(refusal)).toHaveText('1');
  await expect(card(fresh, staying)).toBeVisible();
  await expect(count(fresh)).toHaveText('1');
  await shot(page, 'board-moved-1280');

  // ── the stage editor: a stage holding replies stays; a new one is added, moved up and saved ──
  await page.getByRole('button', { name: 'Этапы', exact: true }).click();
  const editor = dialog(page, 'Этапы вакансии');
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Удалить: Телефонное интервью' })).toBeDisabled();
  await expect(editor).toContainText('Удалить нельзя: в этапе 1 отклик');
  await editor.getByRole('button', { name: 'Добавить этап' }).click();
  const added = editor.getByRole('textbox', { name: 'Название этапа 6' });
  await added.fill('Тестовое задание');
  await editor.getByRole('button', { name: 'Вверх: Тестовое задание' }).click();
  await expect(editor.getByRole('textbox', { name: 'Название этапа 5' })).toHaveValue('Тестовое задание');
  await shot(page, 'stage-editor-1280');
  expect(await axeFindings(page), 'axe on the stage editor').toEqual([]);
  await editor.getByRole('button', { name: 'Сохранить' }).click();
  await expect(editor).toBeHidden();
  await expect(column(page, 'Тестовое задание')).toBeVisible();
  await expect(count(column(page, 'Тестовое задание'))).toHaveText('0');

  // ── the reply's page tells each move: from, to, who, the reason ──
  const who = `${creds.name} ${creds.family}`;
  await page.goto(`/vacancy/${vacancyId}/reply/${replyIds[rejected]}`);
  const history = page.getByRole('list', { name: 'История отклика' });
  await expect(page.getByTestId('reply-current-status')).toContainText('Отказ');
  await expect(history).toContainText('Новые → Отказ');
  await expect(history).toContainText('Причина: Не подходит опыт');
  await expect(history).toContainText(who);
  await page.goto(`/vacancy/${vacancyId}/reply/${replyIds[byKeyboard]}`);
  await expect(page.getByTestId('reply-current-status')).toContainText('Интервью');
  await expect(page.getByRole('list', { name: 'История отклика' })).toContainText('Новые → Интервью');
  await shot(page, 'reply-1280');

  // ── at 375 px: one column at a time, chosen above it; nothing wider than the screen ──
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/vacancy/${vacancyId}/reply`);
  await expect(board).toBeVisible();
  await selectOption(page.locator('main'), 'Этап', 'Телефонное интервью · 1');
  await expect(card(column(page, 'Телефонное интервью'), byMouse)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'board-375');
  await page.getByRole('button', { name: 'Этапы', exact: true }).click();
  const phoneEditor = dialog(page, 'Этапы вакансии');
  await expect(phoneEditor.getByRole('textbox', { name: 'Название этапа 1' })).toHaveValue('Новые');
  const widest = await phoneEditor.locator('li').evaluateAll((rows) => Math.max(...rows.map((r) => r.getBoundingClientRect().right)));
  expect(widest, 'the stage rows fit the phone').toBeLessThanOrEqual(375);
  await page.screenshot({ path: SHOTS ? `${SHOTS}/stage-editor-375.png` : undefined });
  await phoneEditor.getByRole('button', { name: 'Отмена' }).click();
  await expect(phoneEditor).toBeHidden();
  await page.goto(`/vacancy/${vacancyId}/reply/${replyIds[rejected]}`);
  await expect(page.getByTestId('reply-current-status')).toContainText('Отказ');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'reply-375');
});
