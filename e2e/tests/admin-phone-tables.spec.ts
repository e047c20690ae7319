import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../fixtures/admin.ts';
import { loginPageAt, registerAt } from '../fixtures/cabinet.ts';
import { freePort, type OwnServer, startOwnServer } from '../fixtures/own-server.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * The back office's «Почта» and «Ошибки» on a phone: cards instead of a table scrolled sideways.
 * A server of its own whose mail server refuses every connection, so a letter really fails (the
 * journeys' SMTP takes them all); a browser's report is sent as the page's error reporting does.
 * `ADMIN_PHONE_SHOTS=/dir` keeps screenshots.
 */
let own: OwnServer | undefined;
let base: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const deadSmtp = await freePort(); // nobody listens there: every letter fails and waits for a retry
  own = await startOwnServer({ SMTP_URL: `smtp://127.0.0.1:${deadSmtp}?ignoreTLS=true` });
  base = own.base;
});

test.afterAll(async () => {
  await own?.stop();
});

async function shot(page: Page, name: string) {
  const dir = process.env.ADMIN_PHONE_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Serious and critical axe findings (WCAG 2.x A/AA) on the page as it is now. */
async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('«Почта» and «Ошибки» are tables at 1280 px and cards at 375 px, nothing wider than the window', async ({ page }) => {
  test.setTimeout(120_000);
  // A letter the mail server never takes: a password recovery for a new member.
  const member = await registerAt(base);
  const visitor = await page.request.get(`${base}/sanctum/csrf-cookie`);
  expect([200, 204]).toContain(visitor.status());
  const xsrf = (await page.context().cookies(base)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const forgot = await page.request.post(`${base}/password/email`, {
    data: { email: member.email },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
  });
  expect(forgot.status()).toBe(200);
  // A browser's report of an uncaught error, long and English as browsers write them.
  const marker = `TypeError: Cannot read properties of undefined (reading 'someVeryLongPropertyNameThatNeverWraps') ${Date.now()}`;
  const report = await page.request.post(`${base}/api/error/send`, {
    data: { error: marker, info: 'at VacancyForm (vacancy-form.tsx:120:15)\nat renderWithHooks', host: '127.0.0.1', path: '/vacancy/new' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
  });
  expect(report.status()).toBe(200);

  await loginPageAt(page, base, DEMO_ADMIN);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });

    await page.goto(`${base}/admin/mail`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The failed try is written once the queue has run it.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/^(Повторная попытка|Не отправлено)$/).first()).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    if (width === 375) {
      const cards = page.getByRole('list', { name: 'Неотправленные письма' });
      await expect(cards.getByRole('listitem').first()).toBeVisible();
      await expect(page.locator('main table')).toHaveCount(0);
    } else await expect(page.getByRole('columnheader', { name: 'Причина' })).toBeVisible();
    expect(await overflowOf(page), `«Почта» at ${width} px is wider than the window`).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page), `«Почта» at ${width} px`).toEqual([]);
    await shot(page, `mail-${width}`);

    await page.goto(`${base}/admin/errors`);
    await expect(page.getByText(marker)).toBeVisible();
    if (width === 375) {
      const card = page.getByRole('list', { name: 'Ошибки в браузерах' }).getByRole('listitem').filter({ hasText: marker });
      await expect(card).toContainText('Раз: 1 · пользователей: 0');
      await card.getByRole('button', { name: 'Подробности последнего отчёта' }).click();
      await expect(card).toContainText('vacancy-form.tsx:120:15');
      await expect(page.locator('main table')).toHaveCount(0);
    } else await expect(page.getByRole('columnheader', { name: 'Пользователей' })).toBeVisible();
    expect(await overflowOf(page), `«Ошибки» at ${width} px is wider than the window`).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page), `«Ошибки» at ${width} px`).toEqual([]);
    await shot(page, `errors-${width}`);
  }
});
