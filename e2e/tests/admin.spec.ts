import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { loginViaApi } from '../fixtures/api.ts';
import { DEMO_ADMIN, importFileWithOneBadLine } from '../fixtures/admin.ts';
import { expect, test } from '../fixtures/test.ts';
import { dialog, header } from '../fixtures/ui.ts';

/** Serious and critical axe findings on the page as it is now. */
async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

test.describe('admin back office', () => {
  test('an admin approves a residency request; the member sees «Резидент клуба» in the header after reload', async ({
    page,
    browser,
    registerUser,
  }) => {
    const member = await registerUser({ is_resident: true });
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await loginViaApi(memberPage, member);
    await memberPage.goto('/profile');
    await expect(header(memberPage)).toContainText('Базовый');

    await loginViaApi(page, DEMO_ADMIN);
    await page.goto('/admin');
    await page.getByLabel('Поиск', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    // The list before the search may hold another member of the same name: wait for the filtered one.
    await expect(page.getByRole('link', { name: member.payload.fio })).toHaveCount(1);
    await page.getByRole('link', { name: member.payload.fio }).click();
    await expect(page.getByRole('heading', { name: member.payload.fio })).toBeVisible();
    await expect(page.getByText('Ждёт решения').first()).toBeVisible();
    await page.getByRole('button', { name: 'Подтвердить резидентство' }).click();
    await expect(page.getByText('Подтверждено').first()).toBeVisible();
    await expect(page.getByText('Резидент клуба').first()).toBeVisible();

    await memberPage.reload();
    await expect(header(memberPage)).toContainText('Резидент клуба');
    await memberContext.close();
  });

  test('an admin uploads a JSON Lines file and reads its report: the refused line and the line kept with notes', async ({ page }) => {
    const { file, name } = importFileWithOneBadLine();
    await loginViaApi(page, DEMO_ADMIN);
    await page.goto('/admin/import');
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Файл импорта').click();
    await (await chooser).setFiles(file);
    await expect(page.getByLabel('Файл импорта')).toContainText(name);
    await page.getByRole('button', { name: 'Загрузить и импортировать' }).click();
    await expect(page).toHaveURL(/\/admin\/import\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Завершён', { exact: true })).toBeVisible({ timeout: 20_000 });
    const report = page.getByRole('list', { name: 'Строки с замечаниями и отклонённые' });
    await expect(report).toBeVisible();
    const rows = report.locator(':scope > li');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Строка 2');
    await expect(rows.nth(0)).toContainText('Отклонена');
    await expect(rows.nth(0)).toContainText('нет ни имени, ни фамилии');
    await expect(rows.nth(1)).toContainText('Строка 3');
    await expect(rows.nth(1)).toContainText('Загружена с замечаниями');
    await expect(rows.nth(1)).toContainText('«native» → «l1»');
    await expect(rows.nth(1)).toContainText('«+71234567890» — неверный номер телефона');
    // Fields are named in Russian first; the path in the file is only a hint beside the note.
    await expect(rows.nth(1)).toContainText('Языки, 1-й: уровень: «native» → «l1»');
    await expect(rows.nth(1)).toContainText('Контакты, 1-й: «+71234567890»');
    await expect(rows.nth(1)).not.toContainText('))');

    await page.getByRole('link', { name: 'Все загрузки' }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();
  });

  test('a member opening /admin sees the 403 dialog once and no inline warning', async ({ page, registerUser }) => {
    const member = await registerUser();
    await loginViaApi(page, member);
    await page.goto('/admin');
    const forbidden = dialog(page, 'Что-то не так');
    await expect(forbidden).toBeVisible();
    await expect(forbidden).toContainText('Доступ к услуге ограничен');
    await page.waitForTimeout(1500); // a second dialog or a late inline warning would show by now
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByText('Раздел доступен только администраторам')).toHaveCount(0);
    // Nor the list of sections the member cannot open.
    await expect(page.getByText('Пользователи, модерация, импорт, журнал и персональные данные')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Разделы администрирования' })).toHaveCount(0);
  });

  for (const width of [1280, 375]) {
    test(`the users page has no serious or critical axe findings at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await loginViaApi(page, DEMO_ADMIN);
      await page.goto('/admin');
      await expect(page.getByRole('link', { name: /Орлова Елена/ })).toBeVisible();
      expect(await seriousFindings(page)).toEqual([]);
    });
  }
});
