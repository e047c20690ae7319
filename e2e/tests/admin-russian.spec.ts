import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { loginViaApi } from '../fixtures/api.ts';
import { DEMO_ADMIN } from '../fixtures/admin.ts';
import { pickResumeWithJob } from '../fixtures/review.ts';
import { expect, test } from '../fixtures/test.ts';
import { dialog } from '../fixtures/ui.ts';

/**
 * Issue 22: the back office speaks Russian, not the stored codes, and a form with inline errors
 * opens no «Почти готово» over them. `ADMIN_SHOTS_DIR=/some/dir` also keeps a screenshot of every
 * admin page at both widths, to look at.
 */

/** A stored code standing on its own (not inside an address like admin@hr-club.demo or a file name). */
const WIRE_WORDS = /(?<![\w@.-])(recommend|not_recommend|neutral|request|member|import|demo|reply|basic|resident|admin|pending|approved|rejected)(?![\w@.-])/i;
const RAW_PHONE = /\+7\d{10}/;

async function wireOn(page: Page): Promise<string[]> {
  // A browser's own error message is quoted as it came, marked lang="en": the rest must be Russian.
  const text = await page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const quoted of copy.querySelectorAll('[lang="en"]')) quoted.remove();
    document.body.append(copy);
    const out = copy.innerText;
    copy.remove();
    return out;
  });
  const found: string[] = [];
  const word = WIRE_WORDS.exec(text);
  if (word) found.push(`code «${word[1]}» in «${text.slice(Math.max(0, word.index - 40), word.index + 40)}»`);
  const phone = RAW_PHONE.exec(text);
  if (phone) found.push(`raw phone «${phone[0]}»`);
  if (text.includes('{"')) found.push('JSON «{"»');
  return found;
}

/** Serious and critical axe findings (WCAG 2.x A/AA) on the page as it is now. */
async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Nothing pushes the page wider than the window (a wide table scrolls inside its own box). */
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function shot(page: Page, name: string) {
  const dir = process.env.ADMIN_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

test.describe('the back office in Russian', () => {
  test('a member sees the opinion form errors inline with no «Почти готово»; the admin moderates it and reads it all in Russian at 1280 and 375 px', async ({
    page,
    browser,
    registerUser,
  }, testInfo) => {
    test.setTimeout(300_000);
    const member = await registerUser();
    await loginViaApi(page, member);
    const resume = await pickResumeWithJob(page.request, 20 + testInfo.parallelIndex * 5);
    await page.goto(`/resume/${resume.hash}`);
    await page.getByRole('button', { name: 'Написать отзыв' }).click({ timeout: 60_000 });
    const form = dialog(page, 'Отзыв о кандидате');
    await expect(form).toBeVisible();

    // Sent empty: what is wrong stands under the fields, nothing covers them.
    await form.getByRole('button', { name: 'Опубликовать отзыв' }).click();
    await expect(form.getByText(/не короче 20 символов|Поле обязательно/).first()).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Отзыв' })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog(page, 'Почти готово')).toHaveCount(0);

    const text = `Работали вместе над наймом, надёжный и внимательный специалист ${Date.now()}`;
    await form.getByRole('radio', { name: 'Рекомендую', exact: true }).check();
    await form.getByRole('textbox', { name: 'Отзыв' }).fill(text);
    // A required field: its label ends with the asterisk.
    await form.getByRole('textbox', { name: /^Откуда вы знаете кандидата/ }).click();
    await page.getByRole('option', { name: 'Коллега', exact: true }).click();
    await form.getByRole('button', { name: 'Опубликовать отзыв' }).click();
    await expect(form).toBeHidden();
    await expect(dialog(page, 'Почти готово')).toHaveCount(0);

    // The profile: a phone cut short says what is wrong, under the field, with no dialog over it.
    await page.goto('/profile/edit');
    const phone = page.getByRole('textbox', { name: 'Телефон' });
    // The form is filled from the loaded profile first; typing before that would be replaced.
    await expect(page.getByRole('textbox', { name: 'Компания' })).toHaveValue(member.payload.company);
    await expect(phone).toHaveValue(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
    await phone.click();
    await phone.press('ControlOrMeta+a');
    await phone.press('Backspace');
    await phone.pressSequentially('91612345', { delay: 20 });
    await expect(phone).toHaveValue('+7 (916) 123-45');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(/Ошибка заполнения данных: не хватает цифр — после \+7 нужно 10, введено 8/);
    await expect(dialog(page, 'Почти готово')).toHaveCount(0);

    // The admin, in a browser of their own.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await loginViaApi(admin, DEMO_ADMIN);

    await admin.goto('/admin/opinions');
    const card = admin.locator('.mantine-Card-root').filter({ hasText: text });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Рекомендую');
    await expect(card).toContainText('Отзыв участника клуба');
    await card.getByRole('button', { name: 'Скрыть…' }).click();
    const why = dialog(admin, 'Скрыть отзыв');
    await why.getByRole('textbox', { name: 'Причина' }).fill('Проверка журнала');
    await why.getByRole('button', { name: 'Скрыть' }).click();
    await expect(why).toBeHidden();
    await expect(card).toContainText('Причина: Проверка журнала');

    // The log names the opinion by its resume, with a link; the reason is a line, not JSON.
    await admin.goto('/admin/audit?action=opinion.hide');
    const first = admin.locator('tbody tr').first();
    await expect(first.getByRole('link', { name: /^Отзыв о резюме «.+»/ })).toHaveAttribute('href', `/resume/${resume.hash}`);
    await expect(first).toContainText('Причина: Проверка журнала');

    // The member's card: the phone as people write it.
    await admin.goto(`/admin?q=${encodeURIComponent(member.email)}`);
    await admin.getByRole('link', { name: member.payload.fio }).click();
    await expect(admin.getByRole('heading', { name: member.payload.fio })).toBeVisible();
    const memberPage = admin.url();
    await expect(admin.locator('main')).toContainText(/\+7 \d{3} \d{3}-\d{2}-\d{2}/);

    const pages: [string, string][] = [
      ['users', '/admin'],
      ['user', new URL(memberPage).pathname],
      ['education', '/admin/education'],
      ['opinions', '/admin/opinions'],
      ['errors', '/admin/errors'],
      ['mail', '/admin/mail'],
      ['audit', '/admin/audit'],
      ['pd-member', `/admin/personal-data?q=${encodeURIComponent(member.email)}`],
      ['pd-candidate', `/admin/personal-data?kind=candidate&q=${resume.hash}`],
    ];
    for (const width of [1280, 375]) {
      await admin.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
      for (const [name, url] of pages) {
        await admin.goto(url);
        await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
        // Lists load after the frame: wait until no skeleton says it is still loading.
        await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await wireOn(admin), `${name} at ${width} px`).toEqual([]);
        expect(await overflowOf(admin), `${name} at ${width} px is wider than the window`).toBeLessThanOrEqual(0);
        // The pages whose layout this change rebuilt (the log's table and cards, the users' cards).
        if (name === 'audit' || name === 'users') expect(await seriousFindings(admin), `${name} at ${width} px`).toEqual([]);
        if (width === 375) {
          // The sections are a row wider than a phone: the open one is scrolled into view and a
          // faded edge says more sections follow.
          const nav = admin.getByRole('navigation', { name: 'Разделы администрирования' });
          await expect(nav.locator('[aria-current="page"]')).toBeInViewport({ ratio: 1 });
          const cue = await nav.evaluate((n) => n.hasAttribute('data-more-start') || n.hasAttribute('data-more-end'));
          expect(cue, `${name}: a faded edge on the sections' row`).toBe(true);
        }
        await shot(admin, `${name}-${width}`);
      }
    }
    await adminContext.close();
  });
});
