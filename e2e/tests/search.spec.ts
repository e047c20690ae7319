import { expect, test } from '../fixtures/test.ts';
import { dialog, selectOption, submitPasswordLogin, TITLE_SUFFIX } from '../fixtures/ui.ts';
import { DEMO_MEMBER, foundCount, resultCards, resultHashes, searchAfter } from '../fixtures/resumes.ts';

/** The parts of the address that make the search (everything but popups). */
const searchOf = (url: string) => new URL(url).search;

test.describe('candidate search (visitor)', () => {
  test('searches with a city and experience, sees counts, highlights, pages, sort; the URL is shareable and Back restores', async ({
    page,
    browser,
  }) => {
    test.slow(); // several searches on a shared, loaded machine
    await page.goto('/');
    await expect(page).toHaveTitle(`Поиск кандидатов${TITLE_SUFFIX}`);
    const bar = page.getByRole('search', { name: 'Поиск кандидатов' });

    // Words.
    await bar.getByLabel('Ключевые слова').fill('менеджер');
    let answer = await searchAfter(page, () => bar.getByRole('button', { name: 'Найти' }).click());
    await expect(page).toHaveURL(/[?&]text=%D0%BC%D0%B5%D0%BD%D0%B5%D0%B4%D0%B6%D0%B5%D1%80/);
    const allCities = await foundCount(page);
    expect(allCities).toBeGreaterThan(0);

    // A city, from the long list with search inside it.
    const city = page.getByRole('textbox', { name: 'Город', exact: true });
    await city.click();
    await city.pressSequentially('Моск', { delay: 30 });
    answer = await searchAfter(page, () =>
      page
        .getByRole('option', { name: /^Москва/ })
        .first()
        .click(),
    );
    await expect(page).toHaveURL(/search_city%5B%5D=1069|search_city\[\]=1069/);
    const inMoscow = await foundCount(page);
    expect(inMoscow).toBeGreaterThan(0);
    expect(inMoscow).toBeLessThanOrEqual(allCities);

    // Experience, with the facet counts beside the options.
    const experience = page.getByRole('group', { name: 'Опыт работы' });
    const bucket = answer.facets.experience?.filter((item) => item.count > 0).sort((a, b) => b.count - a.count)[0];
    expect(bucket, 'some experience bucket has results').toBeTruthy();
    if (!bucket) return;
    const option = experience.getByRole('checkbox', { name: new RegExp(bucket.title) });
    await expect(experience.locator('label', { hasText: bucket.title })).toContainText(
      String(bucket.count).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0'),
    );
    answer = await searchAfter(page, () => option.click());
    await expect(option).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`experience(%5B%5D|\\[\\])=${bucket.value}`));
    expect(await foundCount(page)).toBe(bucket.count);

    // Matched words are highlighted.
    await expect(resultCards(page).first().locator('mark').first()).toBeVisible();
    expect((await resultCards(page).locator('mark').allInnerTexts()).some((word) => /менеджер/i.test(word))).toBe(true);

    // Visitors never receive names, photos or contacts.
    for (const card of answer.data) {
      for (const key of ['first_name', 'last_name', 'middle_name', 'initials', 'photo', 'phone', 'email', 'telegram'])
        expect(card).not.toHaveProperty(key);
    }

    // Pages (if there are several), then the order.
    const firstPage = await resultHashes(page);
    expect(answer.last_page, 'the demo resumes give several pages here').toBeGreaterThan(1);
    await searchAfter(page, () => page.getByRole('button', { name: 'Страница 2' }).click());
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    expect(await resultHashes(page)).not.toEqual(firstPage);
    const beforeSort = await resultHashes(page);
    const beforeSortUrl = searchOf(page.url());
    await searchAfter(page, () => selectOption(page.locator('main'), 'Сортировка', 'по дате изменения'));
    await expect(page).toHaveURL(/searchOrderBy=publication_time/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    const sorted = await resultHashes(page);
    const sortedUrl = page.url();

    // The address is the whole search: a fresh page gets the same results.
    const fresh = await browser.newPage();
    try {
      await fresh.goto(sortedUrl);
      await expect(resultCards(fresh).first()).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => resultHashes(fresh)).toEqual(sorted);
      await expect(fresh.getByLabel('Ключевые слова')).toHaveValue('менеджер');
      await expect(fresh.getByRole('textbox', { name: 'Город', exact: true })).toHaveValue('Москва');
      await expect(
        fresh.getByRole('group', { name: 'Опыт работы' }).getByRole('checkbox', { name: new RegExp(bucket.title) }),
      ).toBeChecked();
    } finally {
      await fresh.close();
    }

    // Back restores the previous search.
    await page.goBack();
    await expect.poll(() => searchOf(page.url())).toBe(beforeSortUrl);
    await expect.poll(() => resultHashes(page)).toEqual(beforeSort);
    await expect(page.getByRole('textbox', { name: 'Сортировка' })).toHaveValue('по соответствию');
  });

  test('a visitor who opens a resume sees it without the name, logs in from it and lands on it', async ({ page }) => {
    await page.goto('/?text=%D1%80%D0%B5%D0%BA%D1%80%D1%83%D1%82%D0%B5%D1%80');
    const first = resultCards(page).first();
    await expect(first).toBeVisible({ timeout: 20_000 });
    const hash = await first.getAttribute('data-hash');
    await first.getByRole('link').first().click();
    const notice = page.getByRole('complementary', { name: 'Войдите, чтобы увидеть имя и контакты' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await notice.getByRole('button', { name: 'Войти' }).click();
    const login = dialog(page, 'Вход');
    await expect(login).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === `/resume/${hash}` && url.searchParams.get('redirect') === `/resume/${hash}`);
    await submitPasswordLogin(login, DEMO_MEMBER);
    await expect(page).toHaveURL((url) => url.pathname === `/resume/${hash}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
