import type { Page, Route } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { DEMO_MEMBER, openSearchPage, resultCards, searchAfter } from '../fixtures/resumes.ts';
import { appInControl } from '../fixtures/ui.ts';

const MANAGER = '%D0%BC%D0%B5%D0%BD%D0%B5%D0%B4%D0%B6%D0%B5%D1%80'; // «менеджер»

/** Holds the requests matching `pattern` until `release()`: what the page shows meanwhile is what a slow network shows. */
async function hold(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let open = false;
  const handler = async (route: Route) => {
    if (open) await route.continue();
    else held.push(route);
  };
  await page.route(pattern, handler);
  return async () => {
    open = true;
    for (const route of held.splice(0)) await route.continue();
    await page.unroute(pattern, handler);
  };
}

/** Whether an input shows its whole value (or, empty, its whole placeholder) in its box. */
const showsAllOf = (input: HTMLInputElement) => {
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  return context.measureText(input.value || input.placeholder).width <= room;
};

test.describe('search: how it feels', () => {
  for (const width of [1280, 375]) {
    test(`at ${width} px the words' placeholder and the longest «Слова» choice are not cut`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/?logic=any');
      await expect(resultCards(page).first()).toBeVisible({ timeout: 20_000 });
      const bar = page.getByRole('search', { name: 'Поиск кандидатов' });
      // Polled: measured once the page's font has come (a fallback font is wider for a moment).
      await expect.poll(() => bar.getByLabel('Ключевые слова').evaluate(showsAllOf)).toBe(true);
      if (width < 768) {
        // Folded on phones; a click before the app takes over the drawn page would be lost.
        await appInControl(page);
        await bar.getByRole('button', { name: /^Слова:/ }).click();
      }
      const logic = bar.getByRole('textbox', { name: 'Слова' });
      await expect(logic).toHaveValue('Любое из слов встречается');
      // Polled: the field's stand-in gives way to the real select after the first results.
      await expect.poll(() => logic.evaluate(showsAllOf)).toBe(true);
    });
  }

  test('a filter ticks at once and the new search shows it is loading at once, the old results dimmed', async ({ page }) => {
    const { facets } = await openSearchPage(page, '/');
    const bucket = [...(facets.experience ?? [])].sort((x, y) => y.count - x.count)[0];
    expect(bucket, 'the demo resumes have an experience bucket').toBeTruthy();
    await expect(resultCards(page).first()).toBeVisible({ timeout: 20_000 });
    const experience = page.getByRole('group', { name: 'Опыт работы' });
    const option = experience.getByRole('checkbox', { name: new RegExp(bucket?.title ?? '') });
    await expect(option).toBeVisible();
    await expect(option).not.toBeChecked();

    // From here on nothing new arrives: neither the next answer nor any code the page might still want
    // (the schema that reads a search from the address loads on the first touch).
    const releaseSearch = await hold(page, /\/api\/resume\/search\?/);
    const releaseCode = await hold(page, /\/assets\/.+\.js$/);
    await option.click();
    // Checked right away, not once the address and its search have been rendered.
    expect(await option.isChecked()).toBe(true);
    await expect(page.getByRole('progressbar', { name: 'Идёт поиск' })).toBeVisible({ timeout: 1000 });
    const results = page.getByRole('list', { name: 'Результаты поиска' });
    await expect(results).toHaveAttribute('aria-busy', 'true', { timeout: 1000 });
    await expect(results).toHaveClass(/search-results--stale/);
    await expect(resultCards(page).first()).toBeVisible(); // the previous results stay

    await releaseCode();
    await searchAfter(page, releaseSearch);
    await expect(page).toHaveURL(/experience(%5B%5D|\[\])=/);
    await expect(option).toBeChecked();
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('progressbar', { name: 'Идёт поиск' })).toHaveCount(0);
  });

  test('snippets are cut with a proper ellipsis, never with «..»', async ({ page }) => {
    const answer = await openSearchPage(page, `/?text=${MANAGER}`);
    const fragments = (answer.data as { highlight?: { fragments: string[] } }[]).flatMap((card) => card.highlight?.fragments ?? []);
    expect(fragments.length, 'the demo resumes have snippets for «менеджер»').toBeGreaterThan(0);
    for (const fragment of fragments) {
      expect(fragment).not.toMatch(/\.\s*\./);
      expect(fragment, 'no punctuation where the card puts «…»').not.toMatch(/^[\s.,;:…]|[\s.,;:…]$/);
    }
    await expect(page.locator('.resume-card__fragments').first()).toBeVisible({ timeout: 20_000 });
    const shown = await page.locator('.resume-card__fragments > *').allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) {
      expect(text).toMatch(/^….*…$/s);
      expect(text).not.toContain('..');
    }
  });

  test('at 375 px: the pin stays beside the place, the advanced query comes before «Найти», filter boxes are 24 px targets', async ({
    page,
    loginViaApi,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginViaApi(DEMO_MEMBER); // names make the line of facts wrap; spec_search gives the advanced query
    await page.goto(`/?text=${MANAGER}`);
    await expect(resultCards(page).first()).toBeVisible({ timeout: 20_000 });

    // A card: the pin sits on the first line of the facts, to their left, however they wrap.
    const facts = resultCards(page).locator('.resume-card__facts');
    for (let i = 0; i < Math.min(await facts.count(), 5); i += 1) {
      const pin = await facts.nth(i).locator('svg').boundingBox();
      const text = await facts.nth(i).locator('p, span').first().boundingBox();
      expect(pin && text, 'a card with a place shows the pin and the facts').toBeTruthy();
      if (!pin || !text) continue;
      expect(pin.x + pin.width).toBeLessThanOrEqual(text.x);
      expect(pin.y).toBeLessThan(text.y + 24); // on the first line, not on a line of its own
    }
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The form reads top to bottom: words, the advanced query, then «Найти».
    const bar = page.getByRole('search', { name: 'Поиск кандидатов' });
    const advanced = await bar.getByLabel('Расширенный запрос').boundingBox();
    const submit = await bar.getByRole('button', { name: 'Найти' }).boundingBox();
    const words = await bar.getByLabel('Ключевые слова').boundingBox();
    expect(advanced && submit && words).toBeTruthy();
    if (advanced && submit && words) {
      expect(words.y).toBeLessThan(advanced.y);
      expect(advanced.y + advanced.height).toBeLessThanOrEqual(submit.y);
    }

    // The filters (a drawer on phones): every checkbox is at least 24 × 24 px.
    await page.getByRole('button', { name: /^Фильтры/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Фильтры' });
    await expect(drawer.getByRole('group', { name: 'Опыт работы' })).toBeVisible();
    const boxes = drawer.getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(10);
    // Measured in one go in the page (one round trip per box took minutes on a busy machine).
    const sizes = await boxes.evaluateAll((elements) =>
      elements
        .map((el) => ({ el, rect: el.getBoundingClientRect() }))
        .filter(({ el, rect }) => rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden')
        .map(({ el, rect }) => ({ name: el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.id, width: rect.width, height: rect.height })),
    );
    expect(sizes.length).toBeGreaterThan(10);
    expect(sizes.filter((box) => box.width < 24 || box.height < 24)).toEqual([]);
  });
});
