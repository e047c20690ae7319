import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Locator, type Page, expect, request as playwrightRequest } from '@playwright/test';
import { type Credentials, postJson, registerUser, registrationPayload, uniqueEmail, uniquePhone } from '../fixtures/api.ts';
import { DEMO_ADMIN } from '../fixtures/admin.ts';
import { type ApiUser, DEMO_LEAD, inviteToTeam, signInApi } from '../fixtures/cabinet.ts';
import { test } from '../fixtures/test.ts';
import { dialog, fillRegistration, header } from '../fixtures/ui.ts';
import { memberWithVacancyAccess } from '../fixtures/vacancy.ts';
import { Mailbox } from '../fixtures/mailbox.ts';
import { extractReviewRequestLink } from '../fixtures/review.ts';
import { consentVersion } from '../../packages/contract/src/consent.ts';

/**
 * Every route of the app and every popup, as a visitor, a member, a member without options and an
 * administrator, at 1280 and 375 px: axe (WCAG 2.0–2.2 A/AA) finds nothing serious or critical.
 * One browser context per role and width, signed in once; every stop is checked even when an
 * earlier one fails, and the findings are printed per stop.
 */

const WIDTHS = [1280, 375] as const;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DESCRIPTION =
  'Ищем рекрутера в растущую команду: закрывать вакансии офиса и производства, вести кандидатов от первого звонка до выхода на работу, договариваться с нанимающими менеджерами и держать воронку в порядке.';

/** `cabinet` is the member again: the cabinet, its popups and the person pages, in a context of its own. */
type Role = 'visitor' | 'member' | 'cabinet' | 'basic' | 'admin';

/** One place to check: a path, what says it is ready, and optionally a popup or menu opened on it. */
type Stop = {
  what: string;
  path: string;
  /** Visible once the page has its content (default: its level-1 heading). */
  ready?: (page: Page) => Locator;
  /** Opens a popup or menu on the loaded page; resolves with it (its animation is awaited). */
  open?: (page: Page) => Promise<Locator>;
  /** What axe reads when a popup is open (the page under it is a stop of its own). */
  scope?: string;
  /** Before the page is opened: answers the page will get (a stop that cannot be made through the API). */
  prepare?: (page: Page) => Promise<void>;
  /** One of the stops `npm test` checks: one per kind of page (see SWEEP). */
  sample?: true;
};

/**
 * `npm test` (CI) checks one representative stop per kind of page at each width: the search page drawn
 * on the server, a resume as a visitor and as a member, a public page and a public form, the not-found
 * page, a form popup with its errors, a dialog over a page, the drawer menu, the member's search
 * results, lists, the vacancy editor and a reply, the cabinet, a settings form, a person page, the
 * notifications menu, a page behind a paid option and the admin's tables. `npm run test:a11y`
 * (A11Y_SWEEP=full) checks every stop.
 */
const SWEEP: 'full' | 'sample' = process.env.A11Y_SWEEP === 'full' ? 'full' : 'sample';

/** An education announcement as the server sends it; axe reads the real popup around it. */
const EDUCATION_MESSAGE_ID = 2147483001;
const EDUCATION_MESSAGE = {
  id: EDUCATION_MESSAGE_ID,
  title: 'Вебинар «Оценка кандидата по компетенциям»',
  message:
    '<p>Разберём структурированное интервью и карту компетенций на примерах участников клуба.</p><ul><li>Четверг, 19:00 по Москве</li><li>Запись для тех, кто не успеет</li></ul>',
  education_id: 42,
  url: 'https://example.ru/education/42',
  created_at: '2026-11-20T09:00:00.000Z',
};

/** Registration of a new member through the popup (the city search waits 2 s). */
async function register(page: Page, narrow: boolean): Promise<Locator> {
  await headerButton(page, 'Регистрация', narrow);
  const reg = dialog(page, 'Регистрация');
  await fillRegistration(reg, registrationPayload());
  await reg.getByRole('button', { name: 'Зарегистрироваться' }).click();
  return reg;
}

/** The objects the stops point at; made once per worker through the API. */
type World = {
  resumeHash: string;
  otherResumeHash: string;
  member: Credentials;
  basic: Credentials;
  leadId: number;
  vacancyId: number;
  replyId: number;
  opinionId: number;
  reviewRequestId: string;
  adminUserId: number;
};

let world: Promise<World> | undefined;

async function makeWorld(): Promise<World> {
  const member = await memberWithVacancyAccess();
  const basic = await registerUser();
  const api: ApiUser = await signInApi(member);
  const lead = await signInApi(DEMO_LEAD);
  try {
    // A pending invite for the basic member: `?show=team_invite` has something to show.
    await inviteToTeam(lead, basic.id);
    const search = await api.get<{ data: { hash: string; last_job: { company: string } | null }[] }>('/api/resume/search?per_page=20');
    const withJob = search.data.filter((card) => card.last_job?.company);
    const [first, second] = withJob.length >= 2 ? withJob : search.data;
    if (!first || !second) throw new Error('the demo search returned fewer than two resumes');
    await api.post(`/api/favourite/${first.hash}`, { note: 'Сильный рекрутер, позвонить в понедельник' });
    const vacancy = await api.post<{ id: number }>('/api/vacancy', {
      title: 'Рекрутер в IT',
      city: '1',
      salary_from: 150000,
      salary_to: 200000,
      skills: ['IT-рекрутинг', 'Sourcing'],
      description: `<p>${DESCRIPTION}</p><ul><li>Опыт подбора от года</li><li>Аккуратность в договорённостях</li></ul>`,
      status: 'published',
    });
    const candidate = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
    let replyId: number;
    try {
      const res = await postJson(candidate, `/api/vacancy/${vacancy.id}/reply`, {
        fio: 'Петрова Ольга Игоревна',
        phone: uniquePhone(),
        email: uniqueEmail(),
        consent: true,
        consent_version: consentVersion('reply'),
        city_name: 'Казань',
        cover_letter: 'Готова выйти через две недели.',
        resume_text: 'Рекрутер, пять лет в IT-подборе: массовый и точечный наём, работа с hh.ru и LinkedIn.',
      });
      expect(res.status(), await res.text()).toBe(200);
      replyId = ((await res.json()) as { res: { id: number } }).res.id;
    } finally {
      await candidate.dispose();
    }
    const opinion = await api.post<{ id: number }>('/api/review', {
      resume_hash: first.hash,
      verdict: 'recommend',
      relation: 'colleague',
      company: 'ООО «Ромашка»',
      text: 'Работали вместе два года: надёжный, аккуратный, закрывал сложные вакансии в срок.',
    });
    const addressee = uniqueEmail();
    await api.post<{ id: string }>('/api/review/request', {
      resume_hash: first.hash,
      email: addressee,
      name: 'Елена Петрова',
      message: 'Расскажите, пожалуйста, о работе кандидата.',
      experience_index: 0,
      candidate_consent: true,
    });
    // The public page opens by the link's token, which only the addressee's letter carries.
    const letter = await new Mailbox().waitForMessage(addressee, { subject: /рекомендац/i, timeoutMs: 30_000 });
    const reviewRequestToken = extractReviewRequestLink(letter.text).split('/').pop() as string;
    return {
      resumeHash: first.hash,
      otherResumeHash: second.hash,
      member,
      basic,
      leadId: lead.id,
      vacancyId: vacancy.id,
      replyId,
      opinionId: opinion.id,
      reviewRequestId: reviewRequestToken,
      adminUserId: member.id,
    };
  } finally {
    await api.dispose();
    await lead.dispose();
  }
}

/** The page's level-1 heading, not the one of the page navigated away from (see navigateInApp). */
const freshHeading = (page: Page) => page.locator('h1:not([data-a11y-stale])').first();

const section = (path: string) => path.split(/[?#]/)[0]?.split('/')[1] ?? '';

/**
 * A stop is reached the way a member moves on (the router, no reload) when the page before it had
 * no popup open and was another section: the same section may keep its heading element, and a
 * popup opened by a button would stay open. A reload boots the whole app: the slow part of a stop.
 */
const canNavigateInApp = (from: Stop, to: Stop) => !from.open && !to.open && !to.ready && section(from.path) !== section(to.path);

async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-a11y-stale', '');
    // The router's own history entry shape: {usr, key, idx}.
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** Opens the drawer menu (the burger of a narrow screen). */
async function openMenu(page: Page): Promise<Locator> {
  await header(page).getByRole('button', { name: 'Меню' }).click();
  return dialog(page, 'Меню');
}

/** Presses a header button: in the header itself on a wide screen, in the drawer menu on a narrow one. */
async function headerButton(page: Page, name: string, narrow: boolean): Promise<void> {
  if (narrow) await (await openMenu(page)).getByRole('button', { name, exact: true }).click();
  else await header(page).getByRole('button', { name, exact: true }).click();
}

function stopsFor(role: Role, w: World, width: number): Stop[] {
  const narrow = width < 768;
  const popup =
    (name: string | RegExp) =>
    async (page: Page): Promise<Locator> =>
      dialog(page, name);
  if (role === 'visitor') {
    return [
      { what: 'home', path: '/', sample: true },
      // A shared link with an advanced query needs an option: the message in place of the results.
      {
        what: 'search message for a visitor',
        path: '/?query=%D1%80%D0%B5%D0%BA%D1%80%D1%83%D1%82%D0%B5%D1%80',
        ready: (p) => p.getByRole('heading', { name: 'Такой поиск доступен с расширенным доступом' }),
      },
      { what: 'old search', path: '/search_old' },
      {
        what: 'resume for a visitor',
        path: `/resume/${w.resumeHash}`,
        ready: (p) => p.locator('main').getByRole('heading').or(dialog(p, 'Вход')).first(),
        sample: true,
      },
      { what: 'vacancy (public)', path: `/vacancy/${w.vacancyId}`, sample: true },
      { what: 'vacancy not found', path: '/vacancy/2147483000' },
      { what: 'review request (public)', path: `/review/request/${w.reviewRequestId}` },
      { what: 'review request send form', path: `/review/request/${w.reviewRequestId}/send`, sample: true },
      // The same for everyone but the header, which the other stops check signed in.
      { what: 'personal data policy', path: '/personal-data' },
      { what: 'not found page', path: '/no-such-page', sample: true },
      { what: 'error page', path: '/error' },
      {
        what: 'login popup (?show=login_form)',
        path: '/?show=login_form',
        ready: (p) => dialog(p, 'Вход'),
        open: popup('Вход'),
      },
      {
        what: 'login popup by code',
        path: '/',
        open: async (p) => {
          await headerButton(p, 'Войти', narrow);
          const login = dialog(p, 'Вход');
          await login
            .getByRole('button', { name: 'Войти по коду' })
            .or(login.getByRole('link', { name: 'Войти по коду' }))
            .first()
            .click();
          await expect(login.getByRole('button', { name: 'Продолжить' })).toBeVisible();
          return login;
        },
      },
      {
        what: 'code popup',
        path: '/?show=login_form',
        ready: (p) => dialog(p, 'Вход'),
        open: async (p) => {
          const login = dialog(p, 'Вход');
          await login
            .getByRole('button', { name: 'Войти по коду' })
            .or(login.getByRole('link', { name: 'Войти по коду' }))
            .first()
            .click();
          await login.getByRole('textbox', { name: 'E-mail' }).fill(w.basic.email);
          await login.getByRole('button', { name: 'Продолжить' }).click();
          return dialog(p, 'Код подтверждения');
        },
      },
      {
        what: 'registration popup',
        path: '/',
        open: async (p) => {
          await headerButton(p, 'Регистрация', narrow);
          return dialog(p, 'Регистрация');
        },
      },
      {
        what: 'registration popup with errors',
        path: '/',
        sample: true,
        open: async (p) => {
          await headerButton(p, 'Регистрация', narrow);
          const reg = dialog(p, 'Регистрация');
          await reg.getByRole('textbox', { name: 'E-mail' }).fill('не почта');
          await reg.getByRole('button', { name: /Зарегистрироваться/ }).click();
          await expect(reg.locator('.field-error').first()).toBeVisible();
          return reg;
        },
      },
      {
        what: 'forgot password popup',
        path: '/?show=login_form',
        ready: (p) => dialog(p, 'Вход'),
        open: async (p) => {
          const login = dialog(p, 'Вход');
          await login
            .getByRole('button', { name: /Забыли пароль/ })
            .or(login.getByRole('link', { name: /Забыли пароль/ }))
            .first()
            .click();
          return dialog(p, /Восстановление доступа/i);
        },
      },
      {
        what: 'reset password popup',
        path: `/?email=${encodeURIComponent('someone@example.ru')}&pass_reset_token=${'a'.repeat(64)}`,
        ready: (p) => dialog(p, /Смена пароля/i),
        open: popup(/Смена пароля/i),
      },
      ...(narrow ? [{ what: 'menu drawer', path: '/', open: openMenu, sample: true as const }] : []),
      {
        // An invitation link that points at an existing account: the server finds it by the token.
        what: '«Это ваш аккаунт?» popup',
        path: '/',
        open: async (p) => {
          await p.route('**/register', (route) =>
            route.fulfill({ json: { status: 'success', res: { user: { email: 'm***a@example.ru', phone: '+7 (9**) ***-**-45' } } } }),
          );
          try {
            await register(p, narrow);
            const ask = dialog(p, 'Это ваш аккаунт?');
            await expect(ask).toBeVisible();
            return ask;
          } finally {
            await p.unroute('**/register');
          }
        },
      },
      // The Telegram welcome after registration exists only where the bot is set up (not on this server).
    ];
  }
  if (role === 'member') {
    return [
      { what: 'home', path: '/' },
      {
        what: 'search with results',
        path: '/search?query=%D1%80%D0%B5%D0%BA%D1%80%D1%83%D1%82%D0%B5%D1%80',
        ready: (p) => p.locator('article.resume-card').first(),
        sample: true,
      },
      { what: 'old search', path: '/search_old' },
      { what: 'popular resumes', path: '/popular_resume' },
      ...(narrow
        ? [
            {
              what: 'search filters drawer',
              path: '/search?query=%D1%80%D0%B5%D0%BA%D1%80%D1%83%D1%82%D0%B5%D1%80',
              ready: (p: Page) => p.locator('article.resume-card').first(),
              open: async (p: Page) => {
                await p
                  .getByRole('button', { name: /^Фильтры/ })
                  .first()
                  .click();
                return dialog(p, /Фильтры/);
              },
            },
          ]
        : []),
      { what: 'resume', path: `/resume/${w.resumeHash}`, sample: true },
      {
        what: 'reference request dialog',
        path: `/resume/${w.resumeHash}`,
        sample: true,
        open: async (p) => {
          await p
            .getByRole('button', { name: /^Запросить отзыв/ })
            .first()
            .click();
          return dialog(p, 'Запрос рекомендации');
        },
      },
      { what: 'favourites', path: '/favourite', sample: true },
      {
        what: 'favourite removal confirmation',
        path: '/favourite',
        open: async (p) => {
          await p
            .getByRole('button', { name: /Удалить из избранного|Убрать из избранного/ })
            .first()
            .click();
          return dialog(p, 'Удалить из избранного?');
        },
      },
      { what: 'favourite resume', path: `/favourite/${w.resumeHash}` },
      { what: 'vacancy list', path: '/vacancy' },
      { what: 'vacancy create', path: '/vacancy/create' },
      { what: 'vacancy (owner)', path: `/vacancy/${w.vacancyId}` },
      { what: 'vacancy edit', path: `/vacancy/${w.vacancyId}/edit`, sample: true },
      { what: 'vacancy replies', path: `/vacancy/${w.vacancyId}/reply` },
      {
        what: 'vacancy replies board',
        path: `/vacancy/${w.vacancyId}/reply`,
        sample: true,
        scope: '[data-testid="reply-board"]',
        open: async (p) => {
          await p.getByText('Доска', { exact: true }).click();
          const board = p.getByTestId('reply-board');
          await expect(board.locator('li.board-card').first()).toBeVisible();
          return board;
        },
      },
      {
        what: 'vacancy stage editor',
        path: `/vacancy/${w.vacancyId}/reply`,
        open: async (p) => {
          await p.getByRole('button', { name: 'Этапы', exact: true }).click();
          return dialog(p, 'Этапы вакансии');
        },
      },
      { what: 'vacancy reply', path: `/vacancy/${w.vacancyId}/reply/${w.replyId}`, sample: true },
    ];
  }
  if (role === 'cabinet') {
    return [
      { what: 'cabinet', path: '/profile', sample: true },
      { what: 'profile edit', path: '/profile/edit', sample: true },
      { what: 'person page (lead)', path: `/person/${w.leadId}`, sample: true },
      { what: 'person not found', path: '/person/2147483000' },
      { what: 'opinion edit', path: `/review/${w.opinionId}` },
      { what: 'profile confirmation popup', path: '/profile?show=verify_profile', ready: (p) => dialog(p, /.+/), open: popup(/.+/) },
      { what: 'HR-cloud popup', path: '/profile?show=hr_cloud', ready: (p) => dialog(p, /.+/), open: popup(/.+/) },
      { what: 'education popup (unknown)', path: '/profile?e_notify=2147483000', ready: (p) => dialog(p, /.+/), open: popup(/.+/) },
      {
        what: 'education announcement popup',
        path: `/profile?e_notify=${EDUCATION_MESSAGE_ID}`,
        prepare: async (p) => {
          await p.route(`**/api/user/education/message/${EDUCATION_MESSAGE_ID}`, (route) =>
            route.request().method() === 'GET' ? route.fulfill({ json: { status: 'success', res: EDUCATION_MESSAGE } }) : route.fallback(),
          );
        },
        ready: (p) => dialog(p, EDUCATION_MESSAGE.title),
        open: popup(EDUCATION_MESSAGE.title),
      },
      {
        what: 'notifications menu',
        path: '/profile',
        sample: true,
        open: async (p) => {
          await header(p).getByRole('button', { name: 'Уведомления' }).click();
          return p.getByTestId('notify-menu');
        },
        scope: '[data-testid="notify-menu"]',
      },
      ...(narrow ? [{ what: 'menu drawer', path: '/profile', open: openMenu }] : []),
    ];
  }
  if (role === 'basic') {
    return [
      { what: 'cabinet', path: '/profile' },
      { what: 'team invite popup (pending)', path: '/profile?show=team_invite', ready: (p) => dialog(p, /.+/), open: popup(/.+/) },
      { what: 'vacancy create without the option', path: '/vacancy/create', sample: true },
      { what: 'popular resumes without the option', path: '/popular_resume' },
      { what: 'resume without contacts', path: `/resume/${w.otherResumeHash}` },
      { what: 'admin for a member', path: '/admin', ready: (p) => p.locator('main').getByText(/.+/).first() },
    ];
  }
  return [
    { what: 'admin users', path: '/admin', ready: (p) => p.getByRole('link', { name: /Орлова Елена/ }), sample: true },
    { what: 'admin user', path: `/admin/users/${w.adminUserId}`, sample: true },
    { what: 'admin education', path: '/admin/education' },
    { what: 'admin opinions', path: '/admin/opinions' },
    { what: 'admin import', path: '/admin/import' },
    { what: 'admin client errors', path: '/admin/errors' },
    { what: 'admin audit', path: '/admin/audit' },
    { what: 'admin personal data', path: '/admin/personal-data' },
  ];
}

/** Waits until nothing loads and no transition runs (axe reads colours mid-fade otherwise). */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Loader:visible, .mantine-Skeleton:visible, [aria-busy="true"]:visible')).toHaveCount(0, {
    timeout: 20_000,
  });
  // Finite ones only: a spinner or a pulsing dot runs forever.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 10_000 },
  );
}

/** How many of a run of alike siblings (result cards, table rows, notifications) axe reads. */
const SAMPLE = 5;

/**
 * Marks the siblings after the first SAMPLE of every run of alike list items, rows or cards:
 * they are built by the same component, and reading every one of 20 cards at two widths is what
 * made a run take minutes on a busy machine.
 */
async function markRepeats(page: Page): Promise<void> {
  await page.evaluate((keep) => {
    for (const el of document.querySelectorAll('[data-a11y-repeat]')) el.removeAttribute('data-a11y-repeat');
    for (const parent of document.querySelectorAll('body *')) {
      const children = [...parent.children];
      if (children.length <= keep) continue;
      const signature = (el: Element) => `${el.tagName}.${el.getAttribute('class') ?? ''}`;
      const first = children[0] as Element;
      // List items, table rows and cards only: form fields look alike too, but each has its own label.
      if (!['LI', 'TR', 'ARTICLE'].includes(first.tagName)) continue;
      if (!children.every((child) => signature(child) === signature(first))) continue;
      for (const child of children.slice(keep)) child.setAttribute('data-a11y-repeat', '');
    }
  }, SAMPLE);
}

/** serious and critical findings, one readable line per node (at most five per rule). */
async function axeFindings(page: Page, scope?: string): Promise<string[]> {
  await markRepeats(page);
  // Legacy mode runs axe in the page itself; the default opens a blank page for every analysis,
  // which doubles the time on a busy machine. No cross-origin frames here to miss.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(AXE_TAGS)
    // WCAG 2.5.3 (label in name) is still «experimental» in axe: asked for by name.
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (scope) builder = builder.include(scope);
  builder = builder.exclude('[data-a11y-repeat]');
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.slice(0, 5).map((n) => {
        const why = (n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
        return `[${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')}: ${why} — ${n.html.slice(0, 160)}`;
      }),
    );
}

async function contextFor(browser: Browser, role: Role, width: number, w: World): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: { width, height: width < 768 ? 812 : 900 },
    isMobile: false,
  });
  const creds = role === 'member' || role === 'cabinet' ? w.member : role === 'basic' ? w.basic : role === 'admin' ? DEMO_ADMIN : null;
  if (creds) {
    const res = await postJson(context.request, '/login', { email: creds.email, password: creds.password, remember: true });
    expect(res.status(), await res.text()).toBe(200);
  }
  return context;
}

test.describe(SWEEP === 'full' ? 'axe on every page and popup' : 'axe on one page of each kind', () => {
  for (const role of ['visitor', 'member', 'cabinet', 'basic', 'admin'] as const) {
    for (const width of WIDTHS) {
      test(`${role} at ${width} px`, async ({ browser }, testInfo) => {
        // Two workers, the app and Chromium on 2 busy cores: a stop takes 5–15 s, some 40.
        test.setTimeout(480_000);
        world ??= makeWorld();
        const w = await world;
        const context = await contextFor(browser, role, width, w);
        const page = await context.newPage();
        const failures: string[] = [];
        /** The stop the page shows, when it was checked without trouble. */
        let previous: Stop | null = null;
        try {
          for (const stop of stopsFor(role, w, width).filter((s) => SWEEP === 'full' || s.sample)) {
            const where = `${stop.what} (${stop.path}) at ${width} px`;
            const started = Date.now();
            try {
              const inApp = previous !== null && canNavigateInApp(previous, stop);
              previous = null;
              if (stop.prepare) await stop.prepare(page);
              if (inApp) await navigateInApp(page, stop.path);
              else await page.goto(stop.path);
              await expect((stop.ready ?? freshHeading)(page)).toBeVisible({ timeout: 30_000 });
              if (stop.open) await expect(await stop.open(page)).toBeVisible();
              await settle(page);
              const loaded = Date.now();
              const findings = await axeFindings(page, stop.open ? (stop.scope ?? '[role="dialog"]') : undefined);
              if (findings.length) {
                failures.push(`${where}:\n    ${findings.join('\n    ')}`);
                console.log(`axe: ${where}:\n    ${findings.join('\n    ')}`);
              }
              if (process.env.A11Y_TIMES) console.log(`${where}: loaded in ${loaded - started} ms, axe ${Date.now() - loaded} ms`);
              previous = stop;
            } catch (error) {
              await page.screenshot({ path: testInfo.outputPath(`${stop.what.replace(/\W+/g, '-')}-${width}.png`) }).catch(() => undefined);
              failures.push(`${where}: could not be checked — ${String(error).split('\n')[0]}`);
              console.log(`axe: ${where}: could not be checked — ${String(error).split('\n')[0]}`);
            }
          }
        } finally {
          await context.close();
        }
        expect(failures, `axe findings for ${role} at ${width} px:\n  ${failures.join('\n  ')}`).toEqual([]);
      });
    }
  }
});

test('the logo is named by the words it shows (WCAG 2.5.3)', async ({ page }) => {
  await page.goto('/personal-data');
  const logo = header(page).locator('a.logo');
  const shown = `${(await logo.locator('.logo__mark').innerText()).trim()} ${(await logo.locator('.logo__text').innerText()).trim()}`;
  expect(shown).toBe('HR клуб');
  await expect(header(page).getByRole('link', { name: `${shown} — на главную`, exact: true })).toBeVisible();
});

test('with no Telegram bot configured the cabinet has no «HR-облако» card', async ({ page, registerUser, loginViaApi }) => {
  // The journeys' server runs without a bot; the card at 375 px is checked in telegram.spec.ts, which has one.
  await page.setViewportSize({ width: 375, height: 812 });
  await loginViaApi(await registerUser());
  await page.goto('/profile');
  await expect(page.getByText('Мои опции').first()).toBeVisible();
  await expect(page.getByTestId('telegram-card')).toHaveCount(0);
});
