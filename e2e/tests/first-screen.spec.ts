import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { DEMO_MEMBER, resultCards, searchAfter } from '../fixtures/resumes.ts';
import { appInControl } from '../fixtures/ui.ts';

// A visitor's search page comes with its first results drawn by the server (apps/api's first-screen
// plugin); the browser hydrates them: the same cards, then a working page.

/** Errors the page reports (a hydration mismatch among them) from the moment it starts loading. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * The GETs of what a search page comes with (the session, the search, a member's two options) the
 * page itself sent since this call.
 */
function askedOf(page: Page): () => string[] {
  const asked: string[] = [];
  const carriedGets = /^\/api\/(user\/main_info|resume\/search|user\/access\/(spec_search|mass_search)\/get)$/;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && carriedGets.test(url.pathname)) asked.push(`${url.pathname}${url.search}`);
  });
  return () => [...asked];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

/** The titles of the result cards in a page's HTML as the server sent it. */
const cardTitlesIn = (html: string) =>
  [...html.matchAll(/class="resume-card__title[^"]*"[^>]*>([^<]+)</g)].map((m) =>
    (m[1] ?? '').replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity).trim(),
  );

const SHOTS = process.env.E2E_SHOTS_DIR;
const BUH = '%D0%B1%D1%83%D1%85%D0%B3%D0%B0%D0%BB%D1%82%D0%B5%D1%80'; // «бухгалтер»

test.describe('the first screen drawn on the server', { tag: '@services' }, () => {
  test('a visitor gets the results in the HTML, the page keeps them and then works', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('data-first-screen');
    // Drawn before any script runs: its styles are linked, not only preloaded.
    expect(html).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"/);
    expect(html).not.toMatch(/rel="preload" as="style"/);
    const drawn = cardTitlesIn(html);
    expect(drawn).toHaveLength(20);

    const errors = collectErrors(page);
    // No search request is needed for the first results, nor the session's: the page brought them.
    const searches: string[] = [];
    const asked = askedOf(page);
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/resume/search') searches.push(r.url());
    });
    await page.goto('/');
    await expect(resultCards(page)).toHaveCount(20);
    expect(await resultCards(page).locator('.resume-card__title').allInnerTexts()).toEqual(drawn);

    // Hydrated: the search bar runs a new search.
    await appInControl(page);
    expect(asked()).toEqual([]);
    const bar = page.getByRole('search', { name: 'Поиск кандидатов' });
    await bar.getByLabel('Ключевые слова').fill('бухгалтер');
    const answer = await searchAfter(page, () => bar.getByRole('button', { name: 'Найти' }).click());
    await expect(page).toHaveURL(/text=/);
    await expect(resultCards(page).first()).toContainText(String(answer.data[0]?.title ?? ''));
    expect(searches).toHaveLength(1);
    expect(asked().map((url) => url.split('?')[0])).toEqual(['/api/resume/search']);
    expect(errors).toEqual([]);
  });

  test('a search in the address is drawn with its highlights, in the visitor\'s own time zone once hydrated', async ({ browser }) => {
    // Far from Moscow: the server draws Moscow's days, the page then shows the visitor's own.
    const context = await browser.newContext({ timezoneId: 'America/Los_Angeles', locale: 'ru-RU' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const html = await (await page.request.get(`/search?text=${BUH}`)).text();
    expect(html).toContain('<mark>');
    await page.goto(`/search?text=${BUH}`);
    await expect(resultCards(page).first().locator('mark').first()).toBeVisible();
    await expect(page.getByText(/^Найдено \d/)).toBeVisible();
    // A filter after hydration starts a new search.
    await searchAfter(page, () => page.getByRole('checkbox', { name: /Полный день/ }).first().check());
    await expect(page).toHaveURL(/schedule/);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('on a phone the page draws its own layout over the server\'s, filters in a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(resultCards(page).first()).toBeVisible();
    await page.getByRole('button', { name: /Фильтры/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a phone gets the phone\'s layout drawn and hydrates it: filters behind a button, no error', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 800 },
      isMobile: true,
      hasTouch: true,
      userAgent: 'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('data-first-screen="phone"');
    // The phone's layout: no filter column, a «Фильтры» button beside the count.
    expect(html).not.toContain('search-layout__filters');
    expect(cardTitlesIn(html)).toHaveLength(20);
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(resultCards(page)).toHaveCount(20);
    await appInControl(page);
    await page.getByRole('button', { name: /Фильтры/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`a member at ${width} px never sees the visitor's layout: the page is theirs from its first frame`, async ({ page, loginViaApi }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginViaApi(DEMO_MEMBER);
      const html = await (await page.request.get('/')).text();
      // Not drawn on the server, but it carries who the member is, their options and first results.
      expect(html).not.toContain('data-first-screen');
      expect(cardTitlesIn(html)).toEqual([]);
      // (Its query cache's dehydrated state: the answers under the keys the app's hooks read.)
      const carried = JSON.parse(/<script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
        answered?: string[];
        state?: { queries: { queryKey: unknown[] }[] };
      };
      expect(carried.answered).toEqual(['/api/user/main_info', '/api/resume/search', '/api/user/access/spec_search/get', '/api/user/access/mass_search/get']);
      expect(carried.state?.queries.map((q) => q.queryKey[0])).toEqual(['page', 'search', 'user', 'user']);

      const errors = collectErrors(page);
      const asked = askedOf(page);
      // Anything only a visitor sees (the login buttons, the club's line above the search), ever in the page?
      await page.addInitScript(() => {
        const w = window as unknown as { visitorSeen?: string[]; shift?: number };
        w.visitorSeen = [];
        w.shift = 0;
        new MutationObserver(() => {
          for (const selector of ['.app-header__auth-button', '.hero__eyebrow', '#club-heading']) {
            if (document.querySelector(selector) && !w.visitorSeen?.includes(selector)) w.visitorSeen?.push(selector);
          }
        }).observe(document, { childList: true, subtree: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) w.shift = (w.shift ?? 0) + entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/');
      await expect(resultCards(page).first()).toBeVisible();
      await expect(page.getByLabel('Расширенный запрос')).toBeVisible();
      await expect(page.getByText('Выбрать все на странице')).toBeVisible();
      // The header's own buttons come after the first results: the member's, in the place kept for them.
      await expect(page.locator('header').locator('.app-header__avatar-compact:visible, .app-header__user:visible').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => {
        const w = window as unknown as { visitorSeen: string[]; shift: number };
        return { visitorSeen: w.visitorSeen, shift: w.shift };
      });
      expect(seen.visitorSeen).toEqual([]);
      expect(seen.shift).toBeLessThanOrEqual(0.05);
      // Nothing the page came with was asked for again.
      expect(asked()).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-member-${width}.png` });
      expect(errors).toEqual([]);
    });
  }
});
