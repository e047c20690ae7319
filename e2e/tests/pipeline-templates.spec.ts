import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { dialog, selectOption } from '../fixtures/ui.ts';
import { vacancyWithReply } from '../fixtures/pipeline.ts';

/**
 * Issue 24, message templates: a member writes a template shared with the team on «Шаблоны писем»,
 * moves a reply with a letter from it (the text edited in the move dialog), the candidate gets the
 * edited letter, and the reply's history says it was sent.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string, fullPage = true) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
};

/** Serious and critical axe findings on the page as it is. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
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


test('a shared template is written, sent from the move dialog after an edit, received, and shown as sent in the history', async ({
  page,
  loginViaApi,
  mailbox,
}) => {
  const { creds, title, vacancyId, replyId, candidateEmail } = await vacancyWithReply();
  // The confirmation the candidate gets on replying is not our letter.
  await mailbox.waitFor(candidateEmail, { subject: /получен/ });

  await loginViaApi(creds);

  // ── «Шаблоны писем»: the club's templates, none of one's own yet ──
  await page.goto('/vacancy/templates');
  await expect(page.getByRole('heading', { name: 'Шаблоны писем кандидатам' })).toBeVisible();
  const club = page.getByRole('region', { name: 'Шаблоны клуба' });
  await expect(club.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Своих шаблонов пока нет' })).toBeVisible();
  await shot(page, 'templates-empty-1280');

  await page.getByRole('button', { name: 'Новый шаблон' }).first().click();
  const editor = dialog(page, 'Новый шаблон');
  await expect(editor).toBeVisible();
  // Russian errors per field.
  await editor.getByRole('button', { name: 'Сохранить' }).click();
  await expect(editor.getByText('Назовите шаблон')).toBeVisible();
  await expect(editor.getByText('Укажите тему письма')).toBeVisible();

  await editor.getByLabel('Название', { exact: true }).fill('Приглашение на телефонный звонок');
  await selectOption(editor, 'Для чего', 'Приглашение');
  await editor.getByLabel('Тема письма', { exact: true }).fill('Звонок по вакансии ');
  // A placeholder goes where the cursor is.
  await editor.getByRole('button', { name: 'Вставить «Название вакансии»' }).click();
  await expect(editor.getByLabel('Тема письма', { exact: true })).toHaveValue('Звонок по вакансии {{vacancy}}');
  const body = editor.getByRole('textbox', { name: 'Текст письма' });
  await body.fill('Здравствуйте, !\n\nДавайте созвонимся на этой неделе.\n\n');
  await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(14, 14));
  await editor.getByRole('button', { name: 'Вставить «Имя кандидата»' }).click();
  await body.press('Control+End');
  await editor.getByRole('button', { name: 'Вставить «Ваше имя»' }).click();
  await expect(body).toHaveValue('Здравствуйте, {{first_name}}!\n\nДавайте созвонимся на этой неделе.\n\n{{member}}');
  await editor.getByRole('switch', { name: 'Показать команде' }).check();
  // The letter as the candidate reads it, with sample values.
  await expect(editor.getByText('Здравствуйте, Анна!')).toBeVisible();
  await shot(page, 'template-editor-1280', false);
  expect(await axeFindings(page), 'the template editor').toEqual([]);
  await editor.getByRole('button', { name: 'Сохранить' }).click();
  await expect(editor).toBeHidden();
  const mine = page.getByRole('region', { name: 'Мои' });
  await expect(mine.getByRole('article', { name: 'Приглашение на телефонный звонок' })).toBeVisible();
  await expect(mine.getByText('Видит команда')).toBeVisible();
  await shot(page, 'templates-1280');
  expect(await axeFindings(page), 'the templates page').toEqual([]);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(mine.getByRole('article', { name: 'Приглашение на телефонный звонок' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'templates-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  // ── the reply: moved with a letter from the template, edited first ──
  await page.goto(`/vacancy/${vacancyId}/reply/${replyId}`);
  await page.getByRole('button', { name: 'Перенести с письмом…' }).click();
  const move = dialog(page, 'Перенести отклик');
  await expect(move).toBeVisible();
  await selectOption(move, 'Этап', 'Телефонное интервью');
  await move.getByRole('checkbox', { name: 'Написать кандидату' }).check();
  // An interview stage starts with an invitation, the member's own first.
  await expect(move.getByLabel('Шаблон', { exact: true })).toHaveValue('Приглашение на телефонный звонок · Приглашение');
  const letter = move.getByRole('textbox', { name: 'Текст письма' });
  // Filled for this reply: the candidate's first name, the member's own.
  await expect(letter).toHaveValue(new RegExp(`^Здравствуйте, Дарья!\\n\\nДавайте созвонимся на этой неделе\\.\\n\\n${creds.name}`));
  await expect(move.getByRole('textbox', { name: 'Тема письма' })).toHaveValue(`Звонок по вакансии ${title}`);
  await letter.press('Control+End');
  await letter.pressSequentially('\nP.S. Удобно ли вам в четверг в 11:00?');
  await shot(page, 'move-dialog-1280', false);
  expect(await axeFindings(page), 'the move dialog with its letter').toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'move-dialog-375', false);
  await page.setViewportSize({ width: 1280, height: 900 });
  await move.getByRole('button', { name: 'Перенести и отправить' }).click();
  await expect(move).toBeHidden();

  const received = await mailbox.waitForMessage(candidateEmail, { subject: `Звонок по вакансии ${title}` });
  expect(received.text).toContain('Здравствуйте, Дарья!');
  expect(received.text).toContain('P.S. Удобно ли вам в четверг в 11:00?');
  expect(received.raw).toMatch(/text\/html/);

  // The history reads the delivery: «отправлено» once the SMTP server took it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('reply-letter-state').first()).toHaveText('отправлено', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // ── «Отказ»: a reason is required, a new one is added in place; the rejection letter comes first; Esc closes ──
  await page.getByRole('button', { name: 'Перенести с письмом…' }).click();
  const reject = dialog(page, 'Перенести отклик');
  await expect(reject).toBeVisible();
  await selectOption(reject, 'Этап', 'Отказ');
  await reject.getByRole('button', { name: 'Перенести', exact: true }).click();
  await expect(reject.getByText('Укажите причину отказа')).toBeVisible();
  await reject.getByRole('button', { name: 'Добавить причину' }).click();
  const reason = `Выбрала другое предложение ${Date.now() % 100000}`;
  await reject.getByLabel('Новая причина', { exact: true }).fill(reason);
  await reject.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(reject.getByLabel('Причина отказа', { exact: true })).toHaveValue(reason);
  await reject.getByRole('checkbox', { name: 'Написать кандидату' }).check();
  await expect(reject.getByLabel('Шаблон', { exact: true })).toHaveValue('Отказ');
  await expect(reject.getByRole('textbox', { name: 'Текст письма' })).toHaveValue(/^Здравствуйте, Дарья!/);
  await shot(page, 'move-dialog-reject-1280', false);
  expect(await axeFindings(page), 'the move dialog of a rejection').toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'move-dialog-reject-375', true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(reject).toBeHidden();
});
