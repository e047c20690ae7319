import { expect, test } from '../fixtures/test.ts';
import { header, TITLE_SUFFIX } from '../fixtures/ui.ts';
import { DEMO_MEMBER, resultCards } from '../fixtures/resumes.ts';

test.describe('resume, favourites, contacts, popular (member)', () => {
  test('a member opens a resume, keeps it with a note, finds it in /favourite, opens contacts; /popular_resume lists it', async ({
    page,
    loginViaApi,
  }) => {
    test.slow(); // one journey over four pages on a loaded machine
    await loginViaApi(DEMO_MEMBER);
    const note = `Позвонить в четверг — e2e ${Date.now().toString(36)}`;

    // A resume from the search.
    await page.goto('/?text=%D0%B1%D1%83%D1%85%D0%B3%D0%B0%D0%BB%D1%82%D0%B5%D1%80&searchOrderBy=publication_time');
    const card = resultCards(page).first();
    await expect(card).toBeVisible({ timeout: 20_000 });
    const hash = (await card.getAttribute('data-hash')) ?? '';
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL((url) => url.pathname === `/resume/${hash}`);
    // The resume page has loaded (not the search page still on screen) before its heading is read.
    await expect(page.getByRole('heading', { name: /^Опыт работы/ })).toBeVisible({ timeout: 15_000 });
    const title = page.getByRole('heading', { level: 1 });
    const resumeTitle = ((await title.textContent()) ?? '').trim();
    await expect(page).toHaveTitle(`${resumeTitle}${TITLE_SUFFIX}`);

    // Favourite with a note.
    const actions = page.getByRole('complementary', { name: 'Действия с резюме' });
    await actions.getByRole('button', { name: 'В избранное' }).click();
    await expect(actions.getByRole('button', { name: 'В избранном' })).toBeVisible();
    await actions.getByLabel('Заметка').fill(note);
    await actions.getByRole('button', { name: 'Сохранить заметку' }).click();
    await expect(actions.getByText('Заметка сохранена')).toBeVisible();

    // Contacts (the demo member has open_contact).
    await actions.getByRole('button', { name: /^(Открыть|Показать) контакты$/ }).click();
    const contacts = actions.getByRole('group', { name: 'Контакты кандидата' });
    await expect(contacts).toBeVisible();
    await expect(contacts.locator('a[href^="tel:"], a[href^="mailto:"]').first()).toBeVisible();
    const phone = contacts.locator('a[href^="tel:"]');
    if (await phone.count()) await expect(phone).toHaveText(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);

    // /favourite lists it with the note; its page shows the note first.
    await header(page).getByRole('link', { name: 'Избранное' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/favourite');
    const kept = page.locator(`article.resume-card[data-hash="${hash}"]`);
    await expect(kept).toBeVisible({ timeout: 15_000 });
    await expect(kept).toContainText(note);
    await kept.getByRole('link', { name: resumeTitle }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/favourite/${hash}`);
    await expect(page.getByRole('heading', { name: 'Заметка о кандидате' })).toBeVisible();
    await expect(page.getByLabel('Заметка')).toHaveValue(note);

    // The club's most viewed: the resume was just opened.
    await header(page).getByRole('link', { name: 'Популярные' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/popular_resume');
    const popular = page.locator(`article.resume-card[data-hash="${hash}"]`);
    await expect(popular).toBeVisible({ timeout: 15_000 });
    await expect(popular).toContainText(/\d+\s(просмотр|просмотра|просмотров)/);
  });
});
