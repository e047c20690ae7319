import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { consentVersion } from '@hr/contract';
import { type Locator, type Page, request as playwrightRequest } from '@playwright/test';
import { postJson, uniqueEmail, uniquePhone } from '../fixtures/api.ts';
import { signInApi } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';
import { appInControl, dialog } from '../fixtures/ui.ts';
import { memberWithVacancyAccess } from '../fixtures/vacancy.ts';

/**
 * Issue 24, duplicates: one candidate replies to two vacancies of a team with the phone written two
 * ways; the reply shows «Возможный дубль»; the member merges the two, taking the newer e-mail; the
 * kept reply shows both histories and «Объединено»; when the duplicates call fails the reply says so
 * and «Повторить» reads it again.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
/** The whole page, or what the viewport shows (a dialog scrolls on its own). */
const shot = async (target: Page | Locator, name: string, fullPage = true) => {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/${name}.png`, ...('goto' in target ? { fullPage } : {}) });
};

/** Serious and critical axe findings (WCAG 2.1 A/AA) of what the page shows now. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

const DESCRIPTION =
  '<p>Ищем рекрутера в IT-компанию: закрывать вакансии разработчиков и аналитиков, вести кандидатов от первого звонка до выхода на работу.</p>' +
  '<p>Официальное оформление, гибкое начало дня, обучение за счёт компании.</p>';

test('a candidate who replied twice is marked «Возможный дубль» and the two are merged field by field', async ({ page, loginViaApi }) => {
  const creds = await memberWithVacancyAccess();
  const owner = await signInApi(creds);
  const n = Date.now() % 100000;
  const [first, second] = [`Рекрутер в IT ${n}`, `Сорсер ${n}`];
  let v1: number;
  let v2: number;
  try {
    v1 = (await owner.post<{ id: number }>('/api/vacancy', { title: first, city: '1', description: DESCRIPTION, status: 'published' })).id;
    v2 = (await owner.post<{ id: number }>('/api/vacancy', { title: second, city: '1', description: DESCRIPTION, status: 'published' })).id;
  } finally {
    await owner.dispose();
  }
  const phone = uniquePhone();
  const digits = phone.replace(/\D/g, '').slice(1);
  const [oldMail, newMail] = [uniqueEmail(), uniqueEmail()];
  const candidate = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const reply = async (vacancyId: number, body: Record<string, string>) => {
    const res = await postJson(candidate, `/api/vacancy/${vacancyId}/reply`, {
      fio: 'Соколова Мария Игоревна',
      consent: true,
      consent_version: consentVersion('reply'),
      resume_text: 'Рекрутер, пять лет в IT-подборе.',
      ...body,
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { res: { id: number } }).res.id;
  };
  let r1: number;
  let r2: number;
  try {
    r1 = await reply(v1, { phone, email: oldMail });
    r2 = await reply(v2, { phone: `8 ${digits.slice(0, 3)} ${digits.slice(3)}`, email: newMail, resume_text: 'Рекрутер и сорсер, пять лет в IT.' });
  } finally {
    await candidate.dispose();
  }

  await loginViaApi(creds);
  await page.setViewportSize({ width: 1280, height: 900 });
  // ── the second reply: «Возможный дубль», the first reply named with why, where, the stage ──
  await page.goto(`/vacancy/${v2}/reply/${r2}`);
  await appInControl(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Возможный дубль' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('тот же телефон');
  await expect(alert).toContainText(`отклик на «${first}»`);
  await shot(page, 'duplicate-alert-1280');
  expect(await axeFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(alert.getByRole('button', { name: /Объединить/ })).toBeVisible();
  await shot(page, 'duplicate-alert-375', false);
  await page.setViewportSize({ width: 1280, height: 900 });

  // ── to the first reply by the alert's link; it is marked too (the relation goes both ways) ──
  await alert.getByRole('link', { name: 'Соколова Мария Игоревна' }).click();
  await expect(page).toHaveURL(new RegExp(`/vacancy/${v1}/reply/${r1}$`));
  const back = page.getByRole('alert').filter({ hasText: 'Возможный дубль' });
  await expect(back).toContainText(`отклик на «${second}»`);
  await back.getByRole('button', { name: /Объединить/ }).click();
  const merge = dialog(page, 'Объединить с дублем');
  await expect(merge).toBeVisible();
  const email = merge.getByRole('radiogroup', { name: 'E-mail' });
  await expect(email).toContainText(oldMail);
  await expect(email).toContainText(newMail);
  // The phone is the same once normalised: nothing to choose there.
  await expect(merge.getByRole('radiogroup', { name: 'Телефон' })).toHaveCount(0);
  await email.getByRole('radio', { name: 'Взять из дубля' }).check();
  await expect(merge).toContainText('Из дубля будут взяты: E-mail.');
  await expect(merge).toContainText('Отклик дубля перейдёт к этому кандидату со своей историей.');
  await shot(page, 'merge-dialog-1280', false);
  expect(await axeFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(email.getByRole('radio', { name: 'Взять из дубля' })).toBeChecked();
  await shot(page, 'merge-dialog-375', false);
  await merge.getByText('Что произойдёт').scrollIntoViewIfNeeded();
  await shot(page, 'merge-dialog-375-summary', false);
  expect(await axeFindings(page)).toEqual([]);
  await merge.getByRole('button', { name: 'Объединить', exact: true }).click();

  // ── the kept reply: notified, «Объединено», both histories, the new e-mail ──
  await expect(merge).toBeHidden();
  await expect(page.getByText('Резюме объединены: история обоих откликов сохранена')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/vacancy/${v1}/reply/${r1}$`));
  const merged = page.getByRole('region', { name: 'Объединения резюме' });
  await expect(merged).toContainText('Объединено с «Соколова Мария Игоревна»');
  await expect(merged).toContainText(`${creds.name} ${creds.family}`);
  await expect(merged).toContainText('взято из дубля: E-mail');
  await expect(merged.getByRole('link', { name: `Отклик на «${second}»` })).toBeVisible();
  await expect(merged.getByRole('list', { name: `История отклика на «${second}»` })).toContainText('Объединение резюме');
  await expect(page.getByRole('alert').filter({ hasText: 'Возможный дубль' })).toHaveCount(0);
  await expect(page.getByText(newMail).first()).toBeVisible();
  await shot(page, 'merged-375');
  expect(await axeFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(merged).toBeVisible();
  await shot(page, 'merged-1280');

  // ── the duplicates call fails: the reply says so and «Повторить» reads it again ──
  const duplicatesCall = `**/api/vacancy/${v1}/reply/${r1}/duplicates`;
  await page.route(duplicatesCall, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","message":"Ошибка сервера"}' }));
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: 'Не удалось проверить дубли' });
  await expect(failed).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await failed.scrollIntoViewIfNeeded();
  await shot(page, 'duplicates-error-375', false);
  expect(await axeFindings(page)).toEqual([]);
  await page.unroute(duplicatesCall);
  await failed.getByRole('button', { name: 'Повторить' }).click();
  await expect(failed).toBeHidden();
  await expect(page.getByRole('region', { name: 'Объединения резюме' })).toContainText('Объединено с «Соколова Мария Игоревна»');
});
