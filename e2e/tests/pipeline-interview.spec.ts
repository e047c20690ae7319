import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { ReceivedMail } from '../fixtures/mailbox.ts';
import { expect, test } from '../fixtures/test.ts';
import { appInControl, dialog } from '../fixtures/ui.ts';
import { vacancyWithReply } from '../fixtures/pipeline.ts';

/**
 * Issue 24, interviews: a member schedules an interview from a reply's page, the candidate gets a
 * letter with an `.ics` invitation (read from the test SMTP server), a reschedule sends an update
 * with the same UID and SEQUENCE:1, and the member's feedback shows in the panel.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (target: Page | Locator, name: string, fullPage = false) => {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/${name}.png`, ...('goto' in target ? { fullPage } : {}) });
};


/** The letter's text/calendar part, decoded (base64 or quoted-printable), unfolded. */
function calendarOf(mail: ReceivedMail): string {
  const part = mail.raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/calendar/i.test(p));
  if (!part) throw new Error(`no text/calendar part in «${mail.subject}»`);
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  let text = body;
  if (/content-transfer-encoding:\s*base64/i.test(head)) text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
    text = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))), 'latin1').toString('utf8');
  return text.replace(/\r\n[ \t]/g, '');
}

/** The time picker's hours and minutes, typed as a person would. */
async function setTime(scope: Locator, hours: string, minutes: string) {
  const h = scope.getByLabel('Часы', { exact: true });
  await h.click();
  await h.press('Control+a');
  await h.pressSequentially(hours);
  const m = scope.getByLabel('Минуты', { exact: true });
  await m.click();
  await m.press('Control+a');
  await m.pressSequentially(minutes);
  await expect(h).toHaveValue(hours);
  await expect(m).toHaveValue(minutes);
}

/** Serious and critical axe findings on the page as it is. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).exclude('iframe').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();

test('an interview is scheduled from a reply, its .ics reaches the candidate, a reschedule keeps the UID, feedback shows in the panel', async ({
  page,
  loginViaApi,
  mailbox,
}) => {
  const { creds, title, vacancyId, replyId, candidateEmail } = await vacancyWithReply();

  await loginViaApi(creds);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/vacancy/${vacancyId}/reply/${replyId}`);
  await appInControl(page);
  const panel = page.getByRole('region', { name: 'Интервью' });
  await expect(panel.getByText('Интервью ещё не назначено.')).toBeVisible();
  await expect(panel).toContainText('Критерии оценки: Опыт · Профессиональные навыки · Коммуникация · Мотивация');

  // ── schedule ──
  await panel.getByRole('button', { name: 'Назначить интервью' }).click();
  const schedule = dialog(page, 'Назначить интервью');
  await expect(schedule).toBeVisible();
  await expect(schedule.getByRole('textbox', { name: 'Участники' })).toBeVisible();
  await setTime(schedule, '15', '30');
  await schedule.getByRole('textbox', { name: 'Место' }).fill('Москва, Тверская, 1, переговорная «Север»');
  await shot(page, 'interview-dialog-1280');
  expect(await axeFindings(page), 'axe on the scheduling dialog').toEqual([]);
  await schedule.getByRole('button', { name: 'Назначить и отправить' }).click();
  await expect(schedule).toBeHidden();
  const card = panel.getByRole('article').first();
  await expect(card).toContainText('15:30 (мск)');
  await expect(card).toContainText('Москва, Тверская, 1, переговорная «Север»');
  await expect(card).toContainText(`${creds.name} ${creds.family}`);

  const first = await mailbox.waitForMessage(candidateEmail, { subject: /Приглашение на интервью/ });
  expect(first.subject).toBe(`Приглашение на интервью: ${title}`);
  expect(first.text).toContain('Здравствуйте, Дарья!');
  expect(first.text).toContain('15:30 (мск)');
  expect(first.raw).toMatch(/filename="?invite\.ics"?/);
  const ics1 = calendarOf(first);
  expect(ics1).toMatch(/^BEGIN:VCALENDAR\r?\n/);
  expect(field(ics1, 'METHOD')).toBe('REQUEST');
  expect(field(ics1, 'SEQUENCE')).toBe('0');
  expect(field(ics1, 'DTSTART')).toMatch(/^\d{8}T123000Z$/);
  const uid = field(ics1, 'UID');
  expect(uid).toMatch(/^[0-9a-f-]{36}@/);
  expect(ics1).toContain(`mailto:${candidateEmail}`);
  // The candidate's copy names no member as an attendee: the candidate is its only one.
  expect(ics1.match(/^ATTENDEE[;:]/gm)).toHaveLength(1);
  // The participant (the member) gets the same event.
  const mine = await mailbox.waitForMessage(creds.email, { subject: /Приглашение на интервью/ });
  expect(field(calendarOf(mine), 'UID')).toBe(uid);

  // ── reschedule ──
  await card.getByRole('button', { name: 'Перенести' }).click();
  const move = dialog(page, 'Перенести интервью');
  await expect(move.getByLabel('Часы', { exact: true })).toHaveValue('15');
  await expect(move.getByLabel('Минуты', { exact: true })).toHaveValue('30');
  await setTime(move, '17', '00');
  await move.getByRole('button', { name: 'Перенести и отправить' }).click();
  await expect(move).toBeHidden();
  await expect(card).toContainText('17:00 (мск)');
  const second = await mailbox.waitForMessage(candidateEmail, { subject: /Интервью перенесено/ });
  const ics2 = calendarOf(second);
  expect(field(ics2, 'METHOD')).toBe('REQUEST');
  expect(field(ics2, 'UID')).toBe(uid);
  expect(field(ics2, 'SEQUENCE')).toBe('1');
  expect(field(ics2, 'DTSTART')).toMatch(/^\d{8}T140000Z$/);

  // ── feedback ──
  await card.getByRole('button', { name: 'Оставить отзыв' }).click();
  const feedback = dialog(page, 'Оставить отзыв');
  await feedback.getByRole('radiogroup', { name: 'Опыт' }).getByRole('radio', { name: '4 — хорошо' }).check();
  // By keyboard: the arrows move along a criterion's marks.
  const skills = feedback.getByRole('radiogroup', { name: 'Коммуникация' });
  await skills.getByRole('radio', { name: '3 — средне' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(skills.getByRole('radio', { name: '4 — хорошо' })).toBeChecked();
  await feedback.getByRole('radio', { name: 'Рекомендую', exact: true }).check();
  await feedback.getByRole('textbox', { name: 'Комментарий' }).fill('Сильная в IT-подборе, готова выйти через две недели.');
  await shot(page, 'interview-feedback-dialog-1280');
  expect(await axeFindings(page), 'axe on the feedback dialog').toEqual([]);
  await feedback.getByRole('button', { name: 'Сохранить отзыв' }).click();
  await expect(feedback).toBeHidden();
  const table = card.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /Опыт/ })).toContainText('4');
  await expect(table.getByRole('row', { name: /Коммуникация/ })).toContainText('4');
  await expect(table).toContainText('Рекомендую');
  await expect(table).toContainText('Сильная в IT-подборе');
  await expect(card.getByRole('button', { name: 'Изменить отзыв' })).toBeVisible();
  await shot(panel, 'interview-panel-1280');
  expect(await axeFindings(page), 'axe on the panel at 1280 px').toEqual([]);

  // ── a phone: stacked cards instead of the table, the dialog fits ──
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card.getByRole('table')).toBeHidden();
  const byMe = card.getByRole('article', { name: `Отзыв: ${creds.name} ${creds.family}` });
  await expect(byMe).toBeVisible();
  await expect(byMe).toContainText('Рекомендую');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'nothing wider than the phone').toBeLessThanOrEqual(0);
  await shot(panel, 'interview-panel-375');
  expect(await axeFindings(page), 'axe on the panel at 375 px').toEqual([]);
  // The toast of the saved feedback has gone (on a phone it lies over a dialog's header).
  await expect(page.getByText('Отзыв сохранён')).toBeHidden({ timeout: 10_000 });
  await card.getByRole('button', { name: 'Перенести' }).click();
  const phoneMove = dialog(page, 'Перенести интервью');
  await expect(phoneMove).toBeVisible();
  await shot(page, 'interview-dialog-375');
  expect(await axeFindings(page), 'axe on the dialog at 375 px').toEqual([]);
  await phoneMove.getByRole('button', { name: 'Отмена' }).click();
  await expect(phoneMove).toBeHidden();
});
