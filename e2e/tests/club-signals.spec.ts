import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type Credentials, fetchXsrf, registerUser } from '../fixtures/api.ts';
import { DEMO_ADMIN } from '../fixtures/admin.ts';
import { type ApiUser, DEMO_LEAD, okRes, signInApi } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';
import { appInControl } from '../fixtures/ui.ts';

/**
 * Issue 23, «Уже в работе у коллег», «Похожие резюме» and the history: two companies keep and invite
 * one candidate; a third member sees only counts, the teammate sees the team's names and vacancy,
 * the lead sees who of the team opened the resume; the history lists it and finds it; the resume
 * page leads on to similar resumes.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
/** Screenshots for a person to look at, when E2E_SHOTS_DIR is set. */
const shot = async (page: Page, name: string, fullPage = true) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
};

const DESCRIPTION =
  '<p>Ищем рекрутера в IT-компанию: закрывать вакансии разработчиков и аналитиков, вести кандидатов от первого звонка до выхода на работу.</p>' +
  '<p>Официальное оформление, гибкое начало дня, обучение за счёт компании и сильная команда рядом.</p>';

async function axeFindings(page: Page, scope: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(scope).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** The admin sets a member's flags (a lead of their own company with vacancies). */
async function setFlags(userId: number, flags: string[]): Promise<void> {
  const admin = await signInApi(DEMO_ADMIN);
  try {
    const res = await admin.ctx.put(`/api/admin/users/${userId}/flags`, {
      data: { flags },
      headers: { 'X-XSRF-TOKEN': await fetchXsrf(admin.ctx), Accept: 'application/json' },
      failOnStatusCode: false,
    });
    await okRes(res, 'PUT flags');
  } finally {
    await admin.dispose();
  }
}

/** `lead` invites `member` to the team and the member accepts. */
async function joinTeam(lead: ApiUser, member: Credentials): Promise<void> {
  const invite = await lead.post<{ id: number }>('/api/user/team/invite/create', { user_id: member.id });
  const api = await signInApi(member);
  try {
    await api.post('/api/user/team/invite', { id: invite.id, status: 1 });
  } finally {
    await api.dispose();
  }
}

/** A published vacancy of `owner` with `hash` invited to it; its id. */
async function inviteToNewVacancy(owner: ApiUser, title: string, hash: string): Promise<number> {
  const { id } = await owner.post<{ id: number }>('/api/vacancy', { title, city: '1', description: DESCRIPTION, status: 'published' });
  await owner.post(`/api/vacancy/${id}/invite`, { resume_hash: hash });
  return id;
}

type Card = { hash: string; title: string; city: { value: string } | null; salary: { amount: number } | null };

/** A club resume far from the first results (which other journeys favourite), with its title. */
async function quietResume(api: ApiUser): Promise<Card> {
  const page = await api.get<{ data: Card[] }>('/api/resume/search?per_page=50&page=4');
  const pick = page.data[Math.floor(Math.random() * page.data.length)];
  if (!pick) throw new Error('no resume on the 4th page of the search');
  return pick;
}

const panel = (page: Page) => page.getByTestId('signals-panel');
/** A page's first content on a busy machine (the journeys share two cores with the app). */
const LOAD = 45_000;

test.describe('the club signals', () => {
  test('counts without companies for a member, names for the team, who opened it for the lead; history and similar resumes', async ({
    page,
    loginViaApi,
  }) => {
    test.setTimeout(360_000); // five members, two vacancies, three sign-ins, each page on a busy machine
    const stamp = Date.now().toString(36);

    // Company one: a lead with vacancies and a teammate.
    const leadCreds = await registerUser({ fio: 'Лидова Анна Сергеевна', company: 'ООО Первая команда' });
    await setFlags(leadCreds.id, ['team_lead', 'has_vacancy']);
    const lead = await signInApi(leadCreds);
    const mateCreds = await registerUser({ fio: 'Коллегин Пётр Ильич', company: 'ООО Первая команда' });
    await joinTeam(lead, mateCreds);

    // Company two: a member of the demo lead's team (vacancies come with it).
    const otherCreds = await registerUser({ fio: 'Чужаков Максим Олегович', company: 'ООО Дальний берег' });
    const demoLead = await signInApi(DEMO_LEAD);
    try {
      await joinTeam(demoLead, otherCreds);
    } finally {
      await demoLead.dispose();
    }

    const mate = await signInApi(mateCreds);
    const other = await signInApi(otherCreds);
    let resume: Card;
    let teamVacancy: number;
    const teamTitle = `Рекрутер команды ${stamp}`;
    const otherTitle = `Вакансия конкурента ${stamp}`;
    try {
      resume = await quietResume(mate);
      await other.post(`/api/favourite/${resume.hash}`, {});
      await inviteToNewVacancy(other, otherTitle, resume.hash);
      await mate.post(`/api/favourite/${resume.hash}`, {});
      teamVacancy = await inviteToNewVacancy(lead, teamTitle, resume.hash);
    } finally {
      await Promise.all([mate.dispose(), other.dispose(), lead.dispose()]);
    }

    // A third member, of no team: the club's counts, and no company, member or vacancy named.
    const third = await registerUser({ fio: 'Третьякова Ольга Ивановна' });
    await loginViaApi(third);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/resume/${resume.hash}`);
    await appInControl(page);
    await expect(panel(page)).toContainText('в избранном у 2 участников', { timeout: LOAD });
    await expect(panel(page)).toContainText('приглашали на вакансию 2 компании за 90 дней');
    const seen = (await page.locator('main').textContent()) ?? '';
    for (const hidden of ['Дальний берег', 'Первая команда', 'Чужаков', 'Коллегин', 'Лидова', otherTitle, teamTitle]) {
      expect(seen, `a third member must not see «${hidden}»`).not.toContain(hidden);
    }
    await expect(panel(page).getByTestId('signals-team')).toHaveCount(0);
    await expect(panel(page).getByTestId('signals-opened')).toHaveCount(0);
    expect(await axeFindings(page, '[data-testid="signals-panel"]')).toEqual([]);

    // «Похожие резюме»: up to ten, each a link to its own page.
    const similar = page.getByTestId('similar-list').getByRole('link');
    await expect(similar.first()).toBeVisible({ timeout: LOAD });
    expect(await similar.count()).toBeLessThanOrEqual(10);
    const hrefs = await similar.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href).toMatch(/^\/resume\/[\w-]+$/);
    expect(hrefs).not.toContain(`/resume/${resume.hash}`);
    await expect(page.getByRole('link', { name: 'Все похожие' })).toHaveAttribute('href', `/?similar_to=${resume.hash}`);
    await shot(page, 'signals-member-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(panel(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'signals-member-375');

    const firstSimilar = hrefs[0] ?? '';
    await page.getByTestId('similar-list').locator(`a[href="${firstSimilar}"]`).click({ timeout: LOAD });
    await expect(page).toHaveURL(new RegExp(`${firstSimilar}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: LOAD });

    // «Все похожие»: the search of more like it, said as such, with the way back to the whole search.
    await page.goto(`/resume/${resume.hash}`);
    await page.getByRole('link', { name: 'Все похожие' }).click({ timeout: LOAD });
    await expect(page).toHaveURL(new RegExp(`/\\?similar_to=${resume.hash}$`));
    await expect(page.getByTestId('search-similar')).toContainText('Резюме, похожие на это резюме', { timeout: LOAD });
    await expect(page.locator('article.resume-card').first()).toBeVisible();
    await expect(page.locator(`article.resume-card[data-hash="${resume.hash}"]`)).toHaveCount(0);

    // The teammate: the team's own names, vacancy and status; not who opened it (that is the lead's).
    await page.context().clearCookies();
    await loginViaApi(mateCreds);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/resume/${resume.hash}`);
    const team = panel(page).getByTestId('signals-team');
    await expect(team).toContainText('Коллегин П.', { timeout: LOAD });
    await expect(team.getByRole('link', { name: `«${teamTitle}»` })).toHaveAttribute('href', `/vacancy/${teamVacancy}/reply`);
    await expect(team).toContainText('Приглашение');
    await expect(team).toContainText('приглашён');
    await expect(panel(page)).not.toContainText(otherTitle);
    await expect(panel(page)).not.toContainText('Чужаков');
    await expect(panel(page).getByTestId('signals-opened')).toHaveCount(0);

    // Its search card says so: the title as a phrase, its city and salary narrow the search down to it.
    const narrow = new URLSearchParams({ text: resume.title, logic: 'phrase', per_page: '100' });
    if (resume.city) narrow.append('search_city[]', resume.city.value);
    if (resume.salary) {
      narrow.set('salary_from', String(resume.salary.amount));
      narrow.set('salary_to', String(resume.salary.amount));
    }
    await page.goto(`/?${narrow}`);
    const badge = page.locator(`article.resume-card[data-hash="${resume.hash}"]`).getByTestId('card-signals');
    await expect(badge).toContainText('В работе у вашей команды', { timeout: LOAD });
    await expect(badge).toHaveAttribute('title', /В избранном у 2\sучастников, приглашали на вакансию 2\sкомпании за 90\sдней/);
    await shot(page, 'search-badges-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(badge).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'search-badges-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The lead: who of the team opened the resume, and when.
    await page.context().clearCookies();
    await loginViaApi(leadCreds);
    await page.goto(`/resume/${resume.hash}`);
    const opened = panel(page).getByTestId('signals-opened');
    await expect(opened).toContainText(/Коллегин П\. — \d{1,2} [а-я]+, \d{2}:\d{2}/, { timeout: LOAD });
    await expect(opened).toContainText('Лидова А.');
    await expect(opened).not.toContainText('Третьякова');
    await shot(page, 'signals-lead-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(opened).toBeVisible();
    await shot(page, 'signals-lead-375');
    await panel(page).scrollIntoViewIfNeeded();
    await shot(page, 'signals-lead-375-panel', false);

    // The lead's history: the resume under «Сегодня», with the time, and the search inside finds it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/history');
    await expect(page.getByRole('heading', { level: 1, name: 'История просмотров' })).toBeVisible({ timeout: LOAD });
    await expect(page.getByText('за последние 90 дней', { exact: false })).toBeVisible();
    const today = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Сегодня' }) });
    const item = today.locator(`article.resume-card[data-hash="${resume.hash}"]`);
    await expect(item).toBeVisible({ timeout: LOAD });
    await expect(item).toContainText(/Открыто в \d{2}:\d{2}/);
    await shot(page, 'history-1280');
    const search = page.getByRole('textbox', { name: 'Поиск в истории' });
    const word = resume.title.split(/\s+/).find((w) => w.length > 3) ?? resume.title;
    await search.fill(word);
    await expect(page).toHaveURL(new RegExp(`[?&]text=${encodeURIComponent(word).replace(/%20/g, '\\+')}`));
    await expect(page.locator(`article.resume-card[data-hash="${resume.hash}"]`)).toBeVisible();
    await search.fill('несуществующаяпрофессия');
    await expect(page.getByRole('heading', { name: 'Ничего не нашлось' })).toBeVisible();
    await page.getByRole('button', { name: 'Показать все' }).click();
    await expect(page.locator(`article.resume-card[data-hash="${resume.hash}"]`)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'history-375', false);
  });

  test('a member who opened nothing is told where to find candidates', async ({ page, loginViaApi }) => {
    test.slow(); // a fresh member's first page on a busy machine
    const fresh = await registerUser();
    await loginViaApi(fresh);
    await page.goto('/history');
    await expect(page.getByText('Вы ещё не открывали резюме за последние 90 дней — найдите кандидатов на странице поиска')).toBeVisible({
      timeout: LOAD,
    });
    await page.getByRole('link', { name: 'Перейти к поиску' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
