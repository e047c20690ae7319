import type { Page } from '@playwright/test';
import { DEMO_LEAD, signInApi } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';

// What a visitor and a search engine get of the public pages: a vacancy drawn by the server with
// its link preview and JobPosting, a menu of what a visitor can use, robots.txt and sitemap.xml.

const SHOTS = process.env.E2E_SHOTS_DIR;
const DESCRIPTION =
  'Ищем рекрутера в команду подбора: закрытие вакансий ИТ и продаж, работа с откликами и базой резюме, собеседования, ' +
  'отчётность по воронке, адаптация новых сотрудников. Белая зарплата, гибридный график, обучение за счёт компании.';

let vacancyId = 0;
const TITLE = `Рекрутер </script><script>alert(1)</script> ${Date.now()}`;

test.beforeAll(async () => {
  // The demo lead has every paid option, has_vacancy among them.
  const owner = await signInApi(DEMO_LEAD);
  try {
    vacancyId = (
      await owner.post<{ id: number }>('/api/vacancy', {
        title: TITLE,
        company: 'ООО «Ромашка»',
        city: '1069',
        salary_from: 120000,
        salary_to: 180000,
        workingType: 'full',
        skills: ['Подбор персонала', 'Хантинг'],
        description: `<p>${DESCRIPTION}</p>`,
        status: 'published',
      })
    ).id;
  } finally {
    await owner.dispose();
  }
});

/** Errors the page reports (a hydration mismatch among them) from the moment it starts loading. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Layout shift from the start of the load (PerformanceObserver, buffered). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

for (const width of [1280, 375]) {
  test(`a visitor at ${width} px gets the vacancy drawn by the server, its menu only what a visitor can use`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const html = await (await page.request.get(`/vacancy/${vacancyId}`)).text();
    // Drawn: the title and the salary are in the HTML, not waiting for the scripts.
    expect(html).toContain('data-first-screen');
    expect(html).toMatch(/<h1[^>]*>Рекрутер &lt;\/script&gt;/);
    expect(html).toContain('120 000 – 180 000 ₽');
    expect(html).toContain('<meta property="og:title"');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(ld)).toMatchObject({
      '@type': 'JobPosting',
      title: TITLE,
      hiringOrganization: { name: 'ООО «Ромашка»' },
      employmentType: 'FULL_TIME',
      baseSalary: { currency: 'RUB', value: { minValue: 120000, maxValue: 180000 } },
    });

    const errors = collectErrors(page);
    // The page came with the vacancy and the session (its dehydrated query cache): neither is asked again.
    const asked: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (r.method() === 'GET' && (pathname === `/api/vacancy/${vacancyId}` || pathname === '/api/user/main_info')) asked.push(pathname);
    });
    await page.goto(`/vacancy/${vacancyId}`);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    // The header's own buttons have come (after the first content): nothing moved on the way.
    await expect(page.getByRole('button', { name: 'Войти' }).first()).toBeVisible();
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    expect(asked).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/vacancy-visitor-${width}.png` });

    const menu = width < 900 ? await openDrawerMenu(page) : page.getByRole('navigation', { name: 'Основное меню' });
    await expect(menu.getByRole('link')).toHaveText(['Кандидаты']);
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(0);
    if (width < 900) await page.getByRole('button', { name: 'Закрыть меню' }).click();

    // Hydrated: the reply form answers (sent empty, it shows its field errors in place).
    const form = page.locator('form.reply-form');
    await form.getByRole('button', { name: 'Отправить отклик' }).click();
    await expect(form.getByLabel('ФИО')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(new RegExp(`/vacancy/${vacancyId}$`));
    expect(errors).toEqual([]);
  });
}

async function openDrawerMenu(page: Page) {
  await page.getByRole('button', { name: 'Меню' }).click();
  const drawer = page.getByRole('dialog', { name: 'Меню' });
  await expect(drawer).toBeVisible();
  return drawer.getByRole('navigation', { name: 'Меню разделов' });
}

test('robots.txt closes the club and names the sitemap; sitemap.xml lists the published vacancy', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const rules = await robots.text();
  expect(rules).toContain('Disallow: /profile');
  expect(rules).toContain('Disallow: /api/');
  expect(rules).toMatch(/^Sitemap: http:\/\/[^/]+\/sitemap\.xml$/m);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
  expect(xml).toMatch(new RegExp(`<loc>http://[^<]+/vacancy/${vacancyId}</loc><lastmod>\\d{4}-`));
});
