import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { consentVersion } from '@hr/contract';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { postJson, uniqueEmail, uniquePhone } from '../fixtures/api.ts';
import { signInApi } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';
import { dialog, selectOption } from '../fixtures/ui.ts';
import { memberWithVacancyAccess } from '../fixtures/vacancy.ts';

/**
 * Issue 24, bulk actions: in the replies list a member chooses replies and acts on them at once.
 * A move undone within its 10 seconds puts the reply back and its letter never leaves; three replies
 * rejected with a reason and a template get their letters only once the undo window has closed.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string, fullPage = false) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
};

/** axe (WCAG 2.0–2.2 A/AA, as the a11y sweep) on the list with its bar and note: nothing serious or critical. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .include('.bulk-list')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const DESCRIPTION =
  '<p>Ищем менеджера по продажам B2B: вести клиентов от первого звонка до договора, работать с CRM.</p>' +
  '<p>Официальное оформление, обучение за счёт компании, бонусы от выручки, гибкое начало рабочего дня, офис у метро.</p>';
const CANDIDATES = ['Орлова Вера Игоревна', 'Соколов Павел Андреевич', 'Лебедева Нина Олеговна', 'Морозов Илья Сергеевич'] as const;

test('three replies rejected at once get their letters after the undo window; an undone move sends nothing', async ({ page, loginViaApi, mailbox }) => {
  test.setTimeout(120_000);
  const creds = await memberWithVacancyAccess();
  const owner = await signInApi(creds);
  const title = `Менеджер по продажам ${Date.now() % 100000}`;
  let vacancyId: number;
  try {
    vacancyId = (await owner.post<{ id: number }>('/api/vacancy', { title, city: '1', description: DESCRIPTION, status: 'published' })).id;
  } finally {
    await owner.dispose();
  }
  const emails = CANDIDATES.map(() => uniqueEmail());
  const candidate = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    for (const [i, fio] of CANDIDATES.entries()) {
      const res = await postJson(candidate, `/api/vacancy/${vacancyId}/reply`, {
        fio,
        phone: uniquePhone(),
        email: emails[i],
        consent: true,
        consent_version: consentVersion('reply'),
        resume_text: 'Продажи B2B, пять лет, CRM.',
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  } finally {
    await candidate.dispose();
  }
  // The receipt each candidate gets on replying is not our letter.
  for (const email of emails) await mailbox.waitFor(email, { subject: /получен/ });

  await loginViaApi(creds);
  await page.goto(`/vacancy/${vacancyId}/reply`);
  await page.getByText('Список', { exact: true }).click();
  const pick = (fio: string) => page.getByRole('checkbox', { name: `Выбрать: ${fio}` });
  await expect(pick(CANDIDATES[0])).toBeVisible();
  const notice = page.getByRole('region', { name: 'Результат действия' });
  const status = notice.getByRole('status');

  // ── a move with a letter, undone within its 10 seconds ──
  await pick(CANDIDATES[3]).check();
  const bar = page.getByRole('region', { name: 'Действия с выбранными откликами' });
  await expect(bar.getByText('Выбрано: 1 отклик')).toBeVisible();
  await bar.getByRole('button', { name: 'Перенести…' }).click();
  const one = dialog(page, 'Перенести отклик');
  await expect(one).toBeVisible();
  await selectOption(one, 'Этап', 'Интервью');
  await one.getByRole('checkbox', { name: 'Написать кандидату' }).check();
  await expect(one.getByRole('textbox', { name: 'Текст письма' })).not.toHaveValue('');
  await one.getByRole('button', { name: 'Перенести и отправить' }).click();
  await expect(one).toBeHidden();
  await expect(status.getByText('Изменено: 1 отклик')).toBeVisible();
  await notice.getByRole('button', { name: 'Отменить', exact: true }).click();
  await expect(status.getByText('Возвращено: 1 отклик')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  const rowOf = (fio: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: fio }) });
  await expect(rowOf(CANDIDATES[3]).getByText('Новые', { exact: true })).toBeVisible();
  await notice.getByRole('button', { name: 'Закрыть уведомление' }).click();

  // ── three replies rejected with a reason and a template ──
  for (const fio of CANDIDATES.slice(0, 3)) await pick(fio).check();
  await expect(bar.getByText('Выбрано: 3 отклика')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'list-bulk-bar-1280');
  expect(await axeFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(bar).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'list-bulk-bar-375');
  await shot(page, 'list-bulk-bar-375-full', true);
  expect(await axeFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await bar.getByRole('button', { name: 'Отказать…' }).click();
  const reject = dialog(page, 'Перенести отклики: 3');
  await expect(reject).toBeVisible();
  // A rejection asks for its reason.
  await reject.getByRole('button', { name: 'Перенести', exact: true }).click();
  await expect(reject.getByText('Укажите причину отказа')).toBeVisible();
  await selectOption(reject, 'Причина отказа', 'Не подходит опыт');
  await reject.getByRole('checkbox', { name: 'Написать кандидату' }).check();
  // For many replies the template keeps its placeholders: each candidate gets their own name.
  await expect(reject.getByRole('textbox', { name: 'Текст письма' })).toHaveValue(/\{\{first_name\}\}/);
  await reject.getByRole('button', { name: 'Перенести и отправить' }).click();
  await expect(reject).toBeHidden();
  await expect(status.getByText('Изменено: 3 отклика')).toBeVisible();
  const undo = notice.getByRole('button', { name: 'Отменить', exact: true });
  await expect(undo).toBeVisible();
  // The seconds left are shown beside it.
  await expect(notice.getByTestId('undo-seconds')).toHaveText(/^(10|[1-9]) с$/);
  await shot(page, 'list-undo-1280');
  for (const fio of CANDIDATES.slice(0, 3)) await expect(rowOf(fio).getByText('Не подходит опыт')).toBeVisible();

  // Nothing leaves while the action can still be undone.
  await expect(undo).toBeHidden({ timeout: 15_000 });
  for (const email of emails.slice(0, 3)) expect(mailbox.messagesTo(email).filter((m) => /Ваш отклик на вакансию/.test(m.subject))).toHaveLength(0);
  for (const [i, email] of emails.slice(0, 3).entries()) {
    const letter = await mailbox.waitForMessage(email, { subject: `Ваш отклик на вакансию «${title}»`, timeoutMs: 30_000 });
    expect(letter.text).toContain(`Здравствуйте, ${CANDIDATES[i]?.split(' ')[1]}!`);
  }
  // The undone move's letter was due before these: it never left.
  expect(mailbox.messagesTo(emails[3] as string).map((m) => m.subject)).toEqual([expect.stringMatching(/получен/)]);
});
