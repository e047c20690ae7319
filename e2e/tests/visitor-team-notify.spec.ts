import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { type Credentials, uniqueSuffix } from '../fixtures/api.ts';
import { DEMO_LEAD, makeLead, signInApi, waitForSubscription } from '../fixtures/cabinet.ts';
import { expect, test } from '../fixtures/test.ts';
import { dialog, header, submitPasswordLogin } from '../fixtures/ui.ts';

/**
 * Issue 11, a new member's rough edges: a visitor's resume, joining and inviting a team, and the
 * bell. Every page and popup on the way is checked with axe (WCAG 2.0–2.2 A/AA) at 1280 and 375 px.
 */

const WIDTHS = [1280, 375] as const;
const SHOTS = process.env.E2E_SHOTS_DIR;

async function expectNoSeriousA11y(page: Page, testInfo: TestInfo, what: string, scope?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  await testInfo.attach(`axe-${what}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `serious/critical a11y findings on ${what}`).toEqual([]);
}

/**
 * axe and (when E2E_SHOTS_DIR is set) a screenshot at each width; ends at 1280 px. `prepare` opens
 * again what a resize closes (an autocomplete's list).
 */
async function checkAtWidths(
  page: Page,
  testInfo: TestInfo,
  what: string,
  ready: () => Locator,
  opts: { scope?: string; prepare?: () => Promise<void> } = {},
) {
  const { scope, prepare } = opts;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await prepare?.();
    await expect(ready()).toBeVisible();
    await expectNoSeriousA11y(page, testInfo, `${what}-${width}`, scope);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `${what}-${width}.png`), fullPage: width === 375 });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A resume of the demo database with the candidate's name, read by a member who may see names. */
async function demoResume(): Promise<{ hash: string; title: string; firstName: string; lastName: string }> {
  const member = await signInApi(DEMO_LEAD);
  try {
    const search = await member.get<{ data: { hash: string }[] }>('/api/resume/search?per_page=20');
    for (const card of search.data) {
      const resume = await member.get<{ title: string; first_name: string | null; last_name: string | null; experience: unknown[] }>(
        `/api/resume/${card.hash}`,
      );
      if (resume.first_name && resume.last_name && resume.experience.length) {
        return { hash: card.hash, title: resume.title, firstName: resume.first_name, lastName: resume.last_name };
      }
    }
  } finally {
    await member.dispose();
  }
  throw new Error('no named resume with experience in the first search page');
}

const menu = (page: Page) => page.getByTestId('notify-menu');

/** «1 новое», «2 новых», «5 новых», «21 новое»: Russian agreement, written out here independently of the app. */
function newCount(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  return `${n} ${mod10 === 1 && mod100 !== 11 ? 'новое' : 'новых'}`;
}

test.describe('a visitor opens a shared resume', () => {
  test('sees the resume without the name or contacts, a clear notice, and logs in back to it', async ({ page, registerUser }, testInfo) => {
    test.slow();
    const resume = await demoResume();
    const member = await registerUser();

    await page.goto(`/resume/${resume.hash}`);
    const visitor = page.getByTestId('resume-visitor');
    await expect(page.getByRole('heading', { level: 1, name: resume.title })).toBeVisible({ timeout: 20_000 });
    const notice = page.getByRole('complementary', { name: 'Войдите, чтобы увидеть имя и контакты' });
    await expect(notice).toBeVisible();
    await expect(visitor.getByTestId('resume-name-hidden')).toHaveText('Имя скрыто');
    // No login dialog over it, and nothing of who the candidate is.
    await expect(dialog(page, 'Вход')).toHaveCount(0);
    await expect(visitor).not.toContainText(resume.lastName);
    await expect(visitor).not.toContainText(resume.firstName);
    await expect(visitor.getByRole('heading', { name: /Опыт работы/ })).toBeVisible();
    await expect(visitor.getByRole('button', { name: /контакты/i })).toHaveCount(0);
    await expect(page).toHaveTitle(`${resume.title} — HR-клуб`);
    await checkAtWidths(page, testInfo, 'resume-visitor', () => notice);

    await notice.getByRole('button', { name: 'Войти' }).click();
    const login = dialog(page, 'Вход');
    await expect(login).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname === `/resume/${resume.hash}` && url.searchParams.get('redirect') === `/resume/${resume.hash}`,
    );
    await checkAtWidths(page, testInfo, 'resume-visitor-login', () => login);
    await submitPasswordLogin(login, member);
    await expect(login).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === `/resume/${resume.hash}`);
    // The member's page: the actions beside the resume, no visitor notice.
    await expect(page.getByRole('complementary', { name: 'Действия с резюме' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('resume-visitor')).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: 'Выход' })).toBeVisible();
  });
});

test.describe('team', () => {
  test('a member joins a lead from the lead’s page and takes the request back', async ({ page, registerUser, loginViaApi }, testInfo) => {
    test.slow();
    const leadCreds = await registerUser({ fio: `Лидерова${uniqueSuffix().slice(0, 5)} Ольга Павловна` });
    const lead = await makeLead(leadCreds);
    const member = await registerUser();
    try {
      await loginViaApi(member);
      await page.goto(`/person/${leadCreds.id}`);
      const teamBlock = page.getByRole('region', { name: 'Команда' });
      const join = teamBlock.getByRole('button', { name: 'Вступить в команду' });
      await expect(join).toBeVisible({ timeout: 20_000 });
      await expect(teamBlock).toContainText('руководит командой');
      await checkAtWidths(page, testInfo, 'person-join', () => join);

      await join.click();
      await expect(page.getByText('Запрос отправлен руководителю команды')).toBeVisible();
      await expect(teamBlock).toContainText('Запрос на вступление отправлен и ждёт ответа руководителя');
      const requests = await lead.get<{ reverseInviteUsers: { id: number; from_user: { id: number } }[] }>('/api/user/team');
      expect(requests.reverseInviteUsers.map((r) => r.from_user.id)).toContain(member.id);

      await teamBlock.getByRole('button', { name: 'Отменить запрос' }).click();
      await expect(teamBlock.getByRole('button', { name: 'Вступить в команду' })).toBeVisible();
      const after = await lead.get<{ reverseInviteUsers: { from_user: { id: number } }[] }>('/api/user/team');
      expect(after.reverseInviteUsers.map((r) => r.from_user.id)).not.toContain(member.id);
    } finally {
      await lead.dispose();
    }
  });

  test('a lead invites by searching a name and by e-mail, then cancels an invitation', async ({
    page,
    registerUser,
    loginViaApi,
  }, testInfo) => {
    test.slow();
    const family = `Искомова${uniqueSuffix().slice(-6)}`;
    const leadCreds = await registerUser();
    const lead = await makeLead(leadCreds);
    await lead.dispose();
    const byName = await registerUser({ fio: `${family} Вера Андреевна` });
    const byEmail = await registerUser({ fio: 'Почтова Нина Игоревна' });

    await loginViaApi(leadCreds);
    await page.goto('/profile');
    const card = page.getByTestId('team-card');
    const input = card.getByRole('textbox', { name: 'Пригласить в команду' });
    await expect(input).toBeVisible({ timeout: 20_000 });
    const typeName = async () => {
      await input.fill('');
      await input.fill(family.slice(0, 10));
    };
    await typeName();
    const option = page.getByRole('option', { name: new RegExp(`Вера ${family}`) });
    await expect(option).toBeVisible();
    await checkAtWidths(page, testInfo, 'team-invite-search', () => option, { prepare: typeName });
    await option.click();
    await expect(input).toHaveValue(`Вера ${family}`);
    await card.getByRole('button', { name: 'Пригласить', exact: true }).click();
    await expect(page.getByText('Приглашение отправлено').first()).toBeVisible();
    const waiting = card.getByTestId('team-person').filter({ hasText: `Вера ${family}` });
    await expect(waiting).toContainText('приглашение отправлено');
    await expect(input).toHaveValue('');

    // The same name again: offered, but marked and not selectable.
    await input.fill(family.slice(0, 10));
    await expect(page.getByRole('option', { name: /приглашение ждёт ответа/ })).toBeVisible();
    await input.fill('');

    await input.fill(byEmail.email);
    await card.getByRole('button', { name: 'Пригласить', exact: true }).click();
    await expect(card.getByTestId('team-person').filter({ hasText: 'Нина Почтова' })).toContainText('приглашение отправлено');

    // A name that is not picked from the list is not guessed at.
    await input.fill('Просто текст');
    await card.getByRole('button', { name: 'Пригласить', exact: true }).click();
    await expect(input).toHaveAccessibleDescription(/Выберите участника из списка или введите e-mail/);
    await expect(input).toBeFocused();
    await input.fill('');

    await checkAtWidths(page, testInfo, 'team-card', () => waiting);
    await waiting.getByRole('button', { name: `Отменить приглашение: Вера ${family}` }).click();
    await expect(page.getByText('Приглашение отменено').first()).toBeVisible();
    await expect(waiting).toHaveCount(0);

    // The addressee sees the invitation as cancelled, without buttons.
    const addressee = await signInApi(byName);
    try {
      const notes = await addressee.get<{ data: { invite?: { status: string } }[] }>('/api/notify/message');
      expect(notes.data.find((n) => n.invite)?.invite?.status).toBe('cancelled');
    } finally {
      await addressee.dispose();
    }
  });
});

test.describe('the bell', () => {
  test('counts unread with Russian plurals, says it to screen readers, and marks answered invitations', async ({
    page,
    registerUser,
    loginViaApi,
  }, testInfo) => {
    test.slow();
    const user: Credentials = await registerUser();
    const firstLeadCreds = await registerUser({ fio: 'Первова Анна Олеговна' });
    const secondLeadCreds = await registerUser({ fio: 'Вторых Илья Петрович' });
    const firstLead = await makeLead(firstLeadCreds);
    const secondLead = await makeLead(secondLeadCreds);
    try {
      await firstLead.post('/api/user/team/invite/create', { user_id: user.id });
      await loginViaApi(user);
      const me = await signInApi(user);
      // Counted from the server: an announcement to everyone from a journey running beside this one adds to it.
      const unread = () => me.get<number>('/api/notify/message/unread_count');
      // A push sent before the page listens would be lost: wait for the page's real-time subscription.
      const subscribed = waitForSubscription(page);
      await page.goto('/profile');
      await subscribed;
      let count = await unread();
      expect(count).toBeGreaterThanOrEqual(1);
      await expect(header(page).getByRole('button', { name: `Уведомления: ${newCount(count)}`, exact: true })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByTestId('notify-live')).toHaveText(`Уведомления: ${newCount(count)}`);
      await expect(page.getByTestId('notify-unread-badge')).toHaveText(newCount(count));
      if (count === 1) await expect(page.getByTestId('notify-unread-badge')).toHaveText('1 новое');

      // A second one arrives while the page is open: the name and the live region follow.
      await secondLead.post('/api/user/team/invite/create', { user_id: user.id });
      count = await unread();
      await expect(header(page).getByRole('button', { name: `Уведомления: ${newCount(count)}`, exact: true })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByTestId('notify-live')).toHaveText(`Уведомления: ${newCount(count)}`);
      await expect(page.getByTestId('notify-unread-badge')).toHaveText(newCount(count));
      if (count === 2) await expect(page.getByTestId('notify-unread-badge')).toHaveText('2 новых');
      await me.dispose();

      await header(page)
        .getByRole('button', { name: /^Уведомления/ })
        .click();
      const dropdown = menu(page);
      await expect(dropdown).toBeVisible();
      const items = dropdown.getByRole('listitem');
      const fromFirst = items.filter({ hasText: 'Анна Первова' });
      const fromSecond = items.filter({ hasText: 'Илья Вторых' });
      await expect(fromFirst.getByRole('button', { name: 'Принять' })).toBeVisible();
      await checkAtWidths(page, testInfo, 'bell-menu', () => dropdown);

      await fromFirst.getByRole('button', { name: 'Принять' }).click();
      await expect(fromFirst.getByTestId('notify-invite-mark')).toHaveText('Вы приняли приглашение');
      await expect(fromFirst.getByRole('button', { name: 'Принять' })).toHaveCount(0);
      await expect(fromFirst.getByRole('button', { name: 'Отклонить' })).toHaveCount(0);
      await fromSecond.getByRole('button', { name: 'Отклонить' }).click();
      await expect(fromSecond.getByTestId('notify-invite-mark')).toHaveText('Вы отклонили приглашение');
      await expect(fromSecond.getByRole('button', { name: 'Принять' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      // The cabinet list shows the same marks after a reload; reading all clears the count.
      await page.reload();
      const list = page.getByTestId('notify-list');
      await expect(list.getByRole('listitem').filter({ hasText: 'Анна Первова' }).getByTestId('notify-invite-mark')).toHaveText('Вы приняли приглашение', {
        timeout: 20_000,
      });
      await expect(list.getByRole('listitem').filter({ hasText: 'Илья Вторых' }).getByTestId('notify-invite-mark')).toHaveText('Вы отклонили приглашение');
      await expect(list.getByRole('button', { name: 'Принять' })).toHaveCount(0);
      await checkAtWidths(page, testInfo, 'profile-notifications', () => list);
      await page.getByRole('button', { name: 'Отметить все прочитанными' }).first().click();
      await expect(header(page).getByRole('button', { name: 'Уведомления', exact: true })).toBeVisible();
      await expect(page.getByTestId('notify-live')).toHaveText('');
      await expect(page.getByTestId('team-lead')).toContainText('Анна Первова');
    } finally {
      await firstLead.dispose();
      await secondLead.dispose();
    }
  });
});

// What the API gives a visitor of a resume (no names, no contacts; the member page is login-only) is
// apps/api/test/resume-visitor.test.ts.
