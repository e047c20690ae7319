import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { postJson } from '../fixtures/api.ts';
import { makeLead, signInApi } from '../fixtures/cabinet.ts';
import { resultCards } from '../fixtures/resumes.ts';
import { expect, test } from '../fixtures/test.ts';
import { selectOption } from '../fixtures/ui.ts';

/** Hashes of a few club resumes, from the search a member makes. */
async function threeHashes(page: Page): Promise<[string, string, string]> {
  const res = await page.request.get(`/api/resume/search?text=${encodeURIComponent('менеджер')}&per_page=20`);
  const [a, b, c] = ((await res.json()) as { res: { data: { hash: string }[] } }).res.data.map((card) => card.hash);
  if (!a || !b || !c) throw new Error('the search found fewer than three resumes');
  return [a, b, c];
}

const cardOf = (page: Page, hash: string): Locator => page.locator(`article.resume-card[data-hash="${hash}"]`);

test.describe('favourites: folders, notes in the list, search and export', () => {
  test('a member puts a candidate into a new folder from the resume page, edits a note in the list, finds it, exports the list and manages folders', async ({
    page,
    registerUser,
    loginViaApi,
  }) => {
    test.slow(); // one journey over the resume page, the list, a dialog and a download on a loaded machine
    const creds = await registerUser();
    await loginViaApi(creds);
    const [first, second, third] = await threeHashes(page);
    for (const hash of [second, third]) expect((await postJson(page.request, `/api/favourite/${hash}`, {})).status()).toBe(200);
    const folderName = `Финалисты ${Date.now().toString(36)}`;

    // The resume page: «В избранное», then «Папки» → a new folder, ticked at once.
    await page.goto(`/resume/${first}`);
    const actions = page.getByRole('complementary', { name: 'Действия с резюме' });
    await actions.getByRole('button', { name: 'В избранное', exact: true }).click();
    await actions.getByRole('button', { name: /^Папки кандидата/ }).click();
    const picker = page.getByRole('dialog').filter({ hasText: 'В каких папках кандидат' });
    await picker.getByLabel('Новая папка').fill(folderName);
    await picker.getByLabel('Новая папка').press('Enter');
    await expect(picker.getByRole('checkbox', { name: folderName })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(actions.getByText(`В папках: ${folderName}`)).toBeVisible();

    // The list: three candidates; the folder narrows it to the one.
    await page.goto('/favourite');
    await expect(resultCards(page)).toHaveCount(3);
    await selectOption(page.locator('.favourite-toolbar'), 'Папка', `${folderName} (1)`);
    await expect(resultCards(page)).toHaveCount(1);
    await expect(cardOf(page, first)).toBeVisible();
    await expect(page).toHaveURL(/folder=\d+/);
    await expect(cardOf(page, first).getByText(folderName)).toBeVisible();

    // A note written in the list with the keyboard: Ctrl+Enter saves, «Сохранено» says so.
    const note = `созвон в пятницу ${Date.now().toString(36)}`;
    const card = cardOf(page, first);
    await card.getByRole('button', { name: /^Добавить заметку/ }).click();
    const field = card.getByRole('textbox', { name: /^Заметка о кандидате/ });
    await expect(field).toBeFocused();
    await field.fill(note);
    await field.press('Control+Enter');
    await expect(card.getByText('Сохранено')).toBeVisible();
    await expect(card.getByText(note)).toBeVisible();
    await expect(card.getByRole('button', { name: /^Изменить заметку/ })).toBeFocused();

    // Search over all favourites by the note's word; a word that is nowhere gives the empty state.
    await selectOption(page.locator('.favourite-toolbar'), 'Папка', 'Все кандидаты');
    await expect(resultCards(page)).toHaveCount(3);
    await page.getByLabel('Поиск в избранном').fill(note.split(' ').at(-1) ?? '');
    await expect(resultCards(page)).toHaveCount(1);
    await expect(page.getByText('Найдено: 1 кандидат')).toBeVisible();

    // The export is what is shown: this one candidate, with the note; a member without open_contact gets initials.
    await page.getByRole('button', { name: 'Скачать' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Файл CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^izbrannoe-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[0]).toMatch(/^Инициалы;Должность;/);
    expect(csv[1]).toContain(note);
    expect(csv[1]).toContain(folderName);

    await page.getByLabel('Поиск в избранном').fill('такогословаточнонет');
    await expect(page.getByRole('heading', { name: 'Ничего не нашлось' })).toBeVisible();
    await page.getByRole('button', { name: 'Показать всех' }).click();
    await expect(resultCards(page)).toHaveCount(3);

    // «Папки»: a duplicate name is refused in Russian, a folder is renamed, then deleted; the candidates stay.
    await page.getByRole('button', { name: 'Папки', exact: true }).click();
    const manager = page.getByRole('dialog', { name: 'Папки избранного' });
    await manager.getByLabel('Новая папка').fill(folderName.toUpperCase());
    await manager.getByRole('button', { name: 'Создать' }).click();
    await expect(manager.getByText('Папка с таким названием у вас уже есть')).toBeVisible();
    await manager.getByRole('button', { name: `Переименовать папку «${folderName}»` }).click();
    await manager.getByLabel('Название папки').fill('Шорт-лист');
    await manager.getByLabel('Название папки').press('Enter');
    await expect(manager.getByText('Шорт-лист')).toBeVisible();
    await expect(cardOf(page, first).getByText('Шорт-лист')).toBeAttached();
    await manager.getByRole('button', { name: 'Удалить папку «Шорт-лист»' }).click();
    await page.getByRole('dialog', { name: 'Удалить папку?' }).getByRole('button', { name: 'Удалить' }).click();
    await expect(manager.getByText('Папок пока нет.', { exact: false })).toBeVisible();
    await manager.getByRole('button', { name: 'Закрыть' }).click();
    await expect(resultCards(page)).toHaveCount(3);
  });

  test("a teammate sees and fills the lead's shared folder, not the private one, and loses it on leaving the team", async ({
    page,
    registerUser,
    loginViaApi,
  }) => {
    test.slow(); // a lead made by the admin, an invite, two lists
    const lead = await makeLead(await registerUser());
    const mateCreds = await registerUser();
    const mate = await signInApi(mateCreds);
    try {
      const invite = await lead.post<{ id: number }>('/api/user/team/invite/create', { user_id: mate.id });
      await mate.post('/api/user/team/invite', { id: invite.id, status: 1 });
      await loginViaApi(mateCreds);
      const [leadsPick, matesPick] = await threeHashes(page);
      const stamp = Date.now().toString(36);
      const shared = await lead.post<{ id: number }>('/api/favourite/folders', { name: `Команде ${stamp}`, shared: true });
      await lead.post('/api/favourite/folders', { name: `Только лиду ${stamp}` });
      await lead.post(`/api/favourite/${leadsPick}`, {});
      const put = await lead.ctx.put(`/api/favourite/${leadsPick}/folders`, {
        data: { folder_ids: [shared.id] },
        headers: {
          'X-XSRF-TOKEN': decodeURIComponent((await lead.ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''),
        },
      });
      expect(put.status()).toBe(200);
      expect((await postJson(page.request, `/api/favourite/${matesPick}`, {})).status()).toBe(200);

      // The teammate filters by the lead's shared folder (the private one is not offered) and sees the lead's candidate.
      await page.goto('/favourite');
      await expect(resultCards(page)).toHaveCount(2);
      const toolbar = page.locator('.favourite-toolbar');
      await toolbar.getByLabel('Папка', { exact: true }).click();
      await expect(page.getByRole('option', { name: `Только лиду ${stamp}` })).toHaveCount(0);
      await page.getByRole('option', { name: `Команде ${stamp} (1)` }).click();
      await expect(resultCards(page)).toHaveCount(1);
      await expect(cardOf(page, leadsPick).getByText(/добавил\(а\)/)).toBeVisible();

      // …and puts their own candidate into it from the list.
      await selectOption(toolbar, 'Папка', 'Все кандидаты');
      await cardOf(page, matesPick)
        .getByRole('button', { name: /^Папки кандидата/ })
        .click();
      const picker = page.getByRole('dialog').filter({ hasText: 'В каких папках кандидат' });
      await picker.getByRole('checkbox', { name: new RegExp(`^Команде ${stamp}`) }).check();
      await expect(cardOf(page, matesPick).getByText(`Команде ${stamp}`)).toBeVisible();
      await page.keyboard.press('Escape');
      const leadsView = await lead.get<{ data: { hash: string }[] }>(`/api/favourite?folder=${shared.id}`);
      expect(leadsView.data.map((c) => c.hash).sort()).toEqual([leadsPick, matesPick].sort());

      // Leaving the team takes the shared folder away.
      await mate.post('/api/user/team/leave');
      await page.reload();
      await expect(resultCards(page)).toHaveCount(1);
      await toolbar.getByLabel('Папка', { exact: true }).click();
      await expect(page.getByRole('option', { name: /^Команде/ })).toHaveCount(0);
    } finally {
      await lead.dispose();
      await mate.dispose();
    }
  });
});
