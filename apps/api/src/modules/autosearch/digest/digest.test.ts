import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResume, setFlags } from '../../../../test/factories.ts';
import { type FakeTelegram, startFakeTelegram } from '../../../../test/fake-telegram.ts';
import { createPrivateTestApp, registeredMember, TestClient } from '../../../../test/helpers.ts';
import { type ReceivedMail, startSmtpCapture } from '../../../../test/smtp.ts';
import type { BuiltApp } from '../../../app.ts';
import { type AutosearchFrequency, savedSearches, users } from '../../../db/schema/index.ts';
import { runDigestPass } from './digest.service.ts';
import { unsubscribeToken } from './digest.token.ts';

let built: BuiltApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let fake: FakeTelegram;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  fake = await startFakeTelegram();
  // A database of its own: the file runs the queue and moves the digests' clock.
  built = await createPrivateTestApp({
    APP_URL: 'http://club.test',
    SMTP_URL: smtp.url,
    TELEGRAM_API_ROOT: fake.apiRoot,
    TELEGRAM_BOT_TOKEN: '123:abc',
    TELEGRAM_BOT_NAME: 'hr_club_bot',
    TELEGRAM_WEBHOOK_SECRET: 's3cret',
  });
});
afterAll(async () => {
  await smtp.close();
  await fake.close();
});

const ctx = () => built.ctx;
const db = () => built.ctx.database.db;
const MIN = 60_000;

/** A made-up word of this test only: its searches find its resumes and nobody else's. */
const word = () => `Рекрутинг${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;

async function member(flags: string[] = []) {
  const m = await registeredMember(built.app);
  if (flags.length) await setFlags(ctx().database, m.email, flags);
  const [user] = await db().select().from(users).where(eq(users.email, m.email));
  if (!user) throw new Error('no user');
  return { ...m, user };
}

async function savedSearch(
  userId: number,
  opts: { query: string; frequency?: AutosearchFrequency; watermark: Date; name?: string; telegram?: boolean; email?: boolean },
) {
  const [row] = await db()
    .insert(savedSearches)
    .values({
      userId,
      name: opts.name ?? 'Рекрутеры',
      query: opts.query,
      frequency: opts.frequency ?? 'instant',
      channelEmail: opts.email ?? true,
      channelTelegram: opts.telegram ?? false,
      watermark: opts.watermark,
    })
    .returning();
  if (!row) throw new Error('no search');
  return row;
}

/** A resume this database received at `at` (changed_at), as an import writes it. */
const resumeAt = (at: Date, title: string, overrides: Parameters<typeof createResume>[1] = {}) =>
  createResume(ctx().database, { title, changedAt: at, ...overrides });

/** A pass at `now`, then the queue: the letters reach the test SMTP server, the messages the Telegram fake. */
async function pass(now: Date) {
  const result = await runDigestPass(ctx(), now);
  await ctx().queue.runPending();
  return result;
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

/** The text/html part of a letter, decoded. */
function htmlOf(mail: ReceivedMail): string {
  const part = mail.raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/html/i.test(p));
  if (!part) throw new Error('no html part');
  const [headers = '', ...body] = part.split(/\r?\n\r?\n/);
  const raw = body.join('\n\n').replace(/\r?\n--[^\n]*--\s*$/, '');
  if (/base64/i.test(headers)) return Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8');
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => `%${h}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

const off = (id: number) => db().update(savedSearches).set({ frequency: 'off' }).where(eq(savedSearches.id, id));
const searchRow = async (id: number) => (await db().select().from(savedSearches).where(eq(savedSearches.id, id)))[0];

describe('instant digests', () => {
  it('mail what is new at every pass, each resume once, nothing when nothing is new', async () => {
    const w = word();
    const m = await member();
    const t0 = new Date(Date.now() + 60 * MIN);
    const s = await savedSearch(m.user.id, { query: `text=${w}`, watermark: t0, name: 'Рекрутеры «тест»' });
    const first = await resumeAt(new Date(t0.getTime() + MIN), `Специалист ${w}`);
    await resumeAt(new Date(t0.getTime() + MIN), 'Бухгалтер'); // changed, does not match

    const r1 = await pass(new Date(t0.getTime() + 5 * MIN));
    expect(r1.digests).toBeGreaterThanOrEqual(1);
    let mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Автопоиск «Рекрутеры «тест»»: 1 новое резюме');
    expect(mails[0]?.text).toContain(`Специалист ${w}`);
    expect(mails[0]?.text).toContain(`http://club.test/resume/${first.hash}`);
    expect(mails[0]?.text).toContain(`http://club.test/autosearch/${s.id}`);
    expect(mails[0]?.text).toContain(`http://club.test/autosearch/unsubscribe/${unsubscribeToken(ctx().config.sessionSecret, s.id, m.user.id)}`);
    expect((await searchRow(s.id))?.lastDigestAt?.getTime()).toBe(t0.getTime() + 5 * MIN);
    // A mail client's own one-click unsubscribe (RFC 8058) points at the API with the same token.
    const head = (mails[0]?.raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n(?=[ \t])/g, '');
    const token = unsubscribeToken(ctx().config.sessionSecret, s.id, m.user.id);
    expect(head).toContain(`List-Unsubscribe: <http://club.test/api/autosearch/unsubscribe/${token}>`);
    expect(head).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

    // Nothing new: no letter, the watermark still moves.
    await pass(new Date(t0.getTime() + 10 * MIN));
    expect(mailsTo(m.email)).toHaveLength(1);
    expect((await searchRow(s.id))?.watermark.getTime()).toBe(t0.getTime() + 10 * MIN);

    // The same resume updated again is not sent again; two new ones come in one letter.
    await db().execute(sql`update resumes set about = 'Обновил резюме', changed_at = ${new Date(t0.getTime() + 12 * MIN).toISOString()}::timestamptz where id = ${first.id}`);
    await resumeAt(new Date(t0.getTime() + 13 * MIN), `Ведущий ${w}`);
    await resumeAt(new Date(t0.getTime() + 13 * MIN), `Старший ${w}`);
    await pass(new Date(t0.getTime() + 15 * MIN));
    mails = mailsTo(m.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Автопоиск «Рекрутеры «тест»»: 2 новых резюме');
    expect(mails[1]?.text).not.toContain(`Специалист ${w}`);
    expect(mails[1]?.text).toContain(`Ведущий ${w}`);
    await off(s.id);
  });

  it('shows up to 20 cards and «ещё N» linking to the search', async () => {
    const w = word();
    const m = await member();
    const t0 = new Date(Date.now() + 120 * MIN);
    const s = await savedSearch(m.user.id, { query: `text=${w}`, watermark: t0 });
    for (let i = 0; i < 23; i++) await resumeAt(new Date(t0.getTime() + MIN), `Менеджер ${w} ${i}`);
    await pass(new Date(t0.getTime() + 5 * MIN));
    const [mail] = mailsTo(m.email);
    expect(mail?.subject).toBe('Автопоиск «Рекрутеры»: 23 новых резюме');
    const html = htmlOf(mail as ReceivedMail);
    expect(html.match(/\/resume\//g)).toHaveLength(20);
    expect(html).toContain('ещё 3 новых резюме');
    expect(html).toContain(`href="http://club.test/autosearch/${s.id}"`);
    await off(s.id);
  });
});

describe('equal searches', () => {
  it('run as one statement and each member gets their own digest', async () => {
    const w = word();
    const a = await member();
    const b = await member(['open_contact']);
    const t0 = new Date(Date.now() + 150 * MIN);
    const sa = await savedSearch(a.user.id, { query: `text=${w}`, watermark: t0, name: 'У первого' });
    const sb = await savedSearch(b.user.id, { query: `text=${w}`, watermark: t0, name: 'У второго' });
    await resumeAt(new Date(t0.getTime() + MIN), `Рекрутер ${w}`, { firstName: 'Феоктиста', lastName: 'Равная' });
    const result = await pass(new Date(t0.getTime() + 5 * MIN));
    expect(result.statements).toBe(1);
    expect(result.digests).toBe(2);
    expect(mailsTo(a.email).map((m) => m.subject)).toEqual(['Автопоиск «У первого»: 1 новое резюме']);
    expect(mailsTo(b.email).map((m) => m.subject)).toEqual(['Автопоиск «У второго»: 1 новое резюме']);
    // Each with their own sight: the names only for the member with open_contact.
    expect(mailsTo(a.email)[0]?.text).not.toContain('Феоктиста');
    expect(mailsTo(b.email)[0]?.text).toContain('Феоктиста Равная');
    await off(sa.id);
    await off(sb.id);
  });
});

describe('what a member sees inside a digest', () => {
  const hostile = {
    firstName: 'Евлампия',
    lastName: 'Шереметьева',
    phone: '9031112233',
    email: 'evlampia@example.ru',
    telegram: 'evlampia_tg',
    lastCompany: 'ООО <b>«Рога & Копыта»</b>',
  };

  it('a basic member gets no names and no contacts; the text is escaped', async () => {
    const w = word();
    const m = await member();
    const t0 = new Date(Date.now() + 180 * MIN);
    const s = await savedSearch(m.user.id, { query: `text=${w}`, watermark: t0, name: '<script>alert(1)</script>' });
    await resumeAt(new Date(t0.getTime() + MIN), `Рекрутер ${w} <img src=x onerror=alert(1)> тел. +7 903 111-22-33`, hostile);
    await pass(new Date(t0.getTime() + 5 * MIN));
    const [mail] = mailsTo(m.email);
    if (!mail) throw new Error('no digest');
    const html = htmlOf(mail);
    for (const part of [mail.text, html, mail.subject]) {
      expect(part).not.toContain('Евлампия');
      expect(part).not.toContain('Шереметьева');
      expect(part).not.toContain('evlampia');
      expect(part).not.toContain('111-22-33');
      expect(part).not.toContain('9031112233');
    }
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Рога &amp; Копыта');
    await off(s.id);
  });

  it('a member with open_contact gets the names but never the contacts', async () => {
    const w = word();
    const m = await member(['open_contact']);
    const t0 = new Date(Date.now() + 240 * MIN);
    const s = await savedSearch(m.user.id, { query: `text=${w}`, watermark: t0 });
    await resumeAt(new Date(t0.getTime() + MIN), `Рекрутер ${w} тел. +7 903 111-22-33`, hostile);
    await pass(new Date(t0.getTime() + 5 * MIN));
    const [mail] = mailsTo(m.email);
    if (!mail) throw new Error('no digest');
    const html = htmlOf(mail);
    expect(mail.text).toContain('Евлампия Шереметьева');
    expect(html).toContain('Евлампия Шереметьева');
    for (const part of [mail.text, html]) {
      expect(part).not.toContain('evlampia');
      expect(part).not.toContain('111-22-33');
      expect(part).not.toContain('9031112233');
    }
    await off(s.id);
  });
});

describe('daily and weekly digests (Moscow time)', () => {
  // 2030-03-04 is a Monday; 9:00 in Moscow is 06:00 UTC.
  const msk = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`);

  it('daily: at 9:05 not at 8:55, once a day', async () => {
    const w = word();
    const m = await member();
    const s = await savedSearch(m.user.id, { query: `text=${w}`, frequency: 'daily', watermark: msk('2030-03-05', '09:10') });
    await resumeAt(msk('2030-03-05', '15:00'), `Аналитик ${w}`);

    await pass(msk('2030-03-06', '08:55'));
    expect(mailsTo(m.email)).toHaveLength(0);
    expect((await searchRow(s.id))?.watermark.getTime()).toBe(msk('2030-03-05', '09:10').getTime());

    await pass(msk('2030-03-06', '09:05'));
    expect(mailsTo(m.email)).toHaveLength(1);
    expect(mailsTo(m.email)[0]?.subject).toBe('Автопоиск «Рекрутеры»: 1 новое резюме');

    // Later the same day: a new resume waits for tomorrow's 9:00.
    await resumeAt(msk('2030-03-06', '10:00'), `Старший аналитик ${w}`);
    await pass(msk('2030-03-06', '12:00'));
    await pass(msk('2030-03-06', '23:59'));
    expect(mailsTo(m.email)).toHaveLength(1);
    await pass(msk('2030-03-07', '09:01'));
    expect(mailsTo(m.email)).toHaveLength(2);
    expect(mailsTo(m.email)[1]?.text).toContain(`Старший аналитик ${w}`);
    await off(s.id);
  });

  it('weekly: only from Monday 9:00', async () => {
    const w = word();
    const m = await member();
    const s = await savedSearch(m.user.id, { query: `text=${w}`, frequency: 'weekly', watermark: msk('2030-03-04', '09:10') });
    await resumeAt(msk('2030-03-05', '12:00'), `Тренер ${w}`);
    for (const [day, time] of [
      ['2030-03-06', '09:05'],
      ['2030-03-10', '09:05'],
      ['2030-03-11', '08:55'],
    ] as const) {
      await pass(msk(day, time));
      expect(mailsTo(m.email)).toHaveLength(0);
    }
    await pass(msk('2030-03-11', '09:05'));
    expect(mailsTo(m.email)).toHaveLength(1);
    await pass(msk('2030-03-12', '09:05'));
    expect(mailsTo(m.email)).toHaveLength(1);
    await off(s.id);
  });
});

describe('who gets a digest and where', () => {
  it('Telegram: a short message with the count and the link reaches the bound chat', async () => {
    const w = word();
    const m = await member();
    const chatId = String(randomInt(10_000_000, 2_000_000_000));
    await db().update(users).set({ telegramChatId: chatId, telegramBoundAt: new Date() }).where(eq(users.id, m.user.id));
    const t0 = new Date(Date.now() + 300 * MIN);
    const s = await savedSearch(m.user.id, { query: `text=${w}`, watermark: t0, telegram: true, email: false, name: 'Для Telegram' });
    await resumeAt(new Date(t0.getTime() + MIN), `Рекрутер ${w}`);
    await resumeAt(new Date(t0.getTime() + MIN), `HR ${w}`);
    await pass(new Date(t0.getTime() + 5 * MIN));
    const sent = fake.sent(chatId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toBe(`Автопоиск «Для Telegram»: 2 новых резюме\nhttp://club.test/autosearch/${s.id}`);
    expect(mailsTo(m.email)).toHaveLength(0); // the search's e-mail channel is off

    // The member turned Telegram copies off: nothing more there.
    await db().update(users).set({ notifyTelegram: false }).where(eq(users.id, m.user.id));
    await resumeAt(new Date(t0.getTime() + 6 * MIN), `Рекрутер ${w} 2`);
    await pass(new Date(t0.getTime() + 10 * MIN));
    expect(fake.sent(chatId)).toHaveLength(1);
    await off(s.id);
  });

  it('no letter when the member turned e-mail copies off; blocked owners are skipped', async () => {
    const w = word();
    const quiet = await member();
    const blocked = await member();
    await db().update(users).set({ notifyEmail: false }).where(eq(users.id, quiet.user.id));
    await db().update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.user.id));
    const t0 = new Date(Date.now() + 360 * MIN);
    const a = await savedSearch(quiet.user.id, { query: `text=${w}`, watermark: t0 });
    const b = await savedSearch(blocked.user.id, { query: `text=${w}`, watermark: t0 });
    await resumeAt(new Date(t0.getTime() + MIN), `Рекрутер ${w}`);
    await pass(new Date(t0.getTime() + 5 * MIN));
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect(mailsTo(blocked.email)).toHaveLength(0);
    expect((await searchRow(b.id))?.watermark.getTime()).toBe(t0.getTime());
    await off(a.id);
    await off(b.id);
  });

  it('a search that no longer runs for its owner gets its reason and the pass goes on', async () => {
    const w = word();
    const m = await member();
    const t0 = new Date(Date.now() + 420 * MIN);
    // Several cities need «Массовый поиск»; the member has no option.
    const broken = await savedSearch(m.user.id, { query: `text=${w}&search_city[]=1&search_city[]=2`, watermark: t0, name: 'Сломанный' });
    const unreadable = await savedSearch(m.user.id, { query: 'age_from=abc', watermark: t0, name: 'Нечитаемый' });
    const fine = await savedSearch(m.user.id, { query: `text=${w}`, watermark: t0, name: 'Рабочий' });
    await resumeAt(new Date(t0.getTime() + MIN), `Рекрутер ${w}`, { cityId: 1 });
    const result = await pass(new Date(t0.getTime() + 5 * MIN));
    expect(result.broken).toBeGreaterThanOrEqual(2);
    expect((await searchRow(broken.id))?.brokenReason).toMatch(/Массовый поиск/);
    expect((await searchRow(unreadable.id))?.brokenReason).toMatch(/Не удалось прочитать условия поиска/);
    expect(mailsTo(m.email).map((x) => x.subject)).toEqual(['Автопоиск «Рабочий»: 1 новое резюме']);
    for (const s of [broken, unreadable, fine]) await off(s.id);
  });
});

describe('POST /api/autosearch/unsubscribe/{token}', () => {
  it('switches the digest off without a login; forged and other tokens are refused', async () => {
    const m = await member();
    const other = await member();
    const t0 = new Date(Date.now() + 480 * MIN);
    const s = await savedSearch(m.user.id, { query: 'text=рекрутер', watermark: t0, name: 'Отписка' });
    const o = await savedSearch(other.user.id, { query: 'text=рекрутер', watermark: t0, name: 'Чужой' });
    const secret = ctx().config.sessionSecret;
    const visitor = new TestClient(built.app);

    const token = unsubscribeToken(secret, s.id, m.user.id);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    // The signature of one search under another's id.
    const swapped = `${o.id}.${token.split('.')[1]}`;
    for (const bad of [forged, swapped, `${s.id}.${unsubscribeToken(secret, s.id, other.user.id).split('.')[1]}`, 'garbage']) {
      const res = await visitor.post(`/api/autosearch/unsubscribe/${encodeURIComponent(bad)}`, {});
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Ссылка для отписки недействительна или устарела');
    }
    expect((await searchRow(s.id))?.frequency).toBe('instant');
    expect((await searchRow(o.id))?.frequency).toBe('instant');

    const res = await visitor.post(`/api/autosearch/unsubscribe/${token}`, {});
    expect(res.status).toBe(200);
    expect(res.body.res).toEqual({ name: 'Отписка' });
    expect(res.body.message).toBe('Рассылка по автопоиску отключена');
    expect((await searchRow(s.id))?.frequency).toBe('off');
    expect((await searchRow(o.id))?.frequency).toBe('instant');
    // A mail client's one-click POST (a form, no session, no XSRF token) of the other search's link.
    const oneClick = await built.app.inject({
      method: 'POST',
      url: `/api/autosearch/unsubscribe/${unsubscribeToken(secret, o.id, other.user.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await searchRow(o.id))?.frequency).toBe('off');
    // Opened again (a second click, a mail client's check): the same answer.
    expect((await visitor.post(`/api/autosearch/unsubscribe/${token}`, {})).status).toBe(200);
    await off(o.id);
  });
});

describe('what a saved search finds in its window', () => {
  it('similar_to: only the resumes like the source, as the search and its count find them', async () => {
    const w = word();
    const m = await member();
    const t0 = new Date(Date.now() + 540 * MIN);
    const accountant = {
      skills: ['Налоговый учёт', `Сверка ${w}`],
      experience: [{ company: 'ООО «Баланс»', position: `Бухгалтер ${w}`, start: '2018-01-01', end: null, description: 'Первичка, отчётность' }],
      lastPosition: `Бухгалтер ${w}`,
    };
    const source = await resumeAt(new Date(t0.getTime() - 86_400_000), `Бухгалтер ${w}`, accountant);
    const s = await savedSearch(m.user.id, { query: `similar_to=${source.hash}`, watermark: t0, name: 'Как бухгалтер' });
    await resumeAt(new Date(t0.getTime() + MIN), 'Водитель погрузчика', {
      skills: ['Погрузчик', 'Складская логистика'],
      experience: [{ company: 'ООО «Склад»', position: 'Водитель погрузчика', start: '2019-01-01', end: null, description: 'Погрузка' }],
      lastPosition: 'Водитель погрузчика',
    });
    const like = await resumeAt(new Date(t0.getTime() + MIN), `Бухгалтер ${w}`, { ...accountant, salaryAmount: 110000 });

    await pass(new Date(t0.getTime() + 5 * MIN));
    const mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Автопоиск «Как бухгалтер»: 1 новое резюме');
    expect(mails[0]?.text).toContain(`http://club.test/resume/${like.hash}`);
    expect(mails[0]?.text).not.toContain('Водитель погрузчика');
    await off(s.id);
  });

  it('only_in_responses: a reply to the member’s vacancy reaches an instant digest', async () => {
    const w = word();
    const m = await member(['has_vacancy']);
    const made = await m.client.post('/api/vacancy', {
      title: `Оператор ${w}`,
      city: '1069',
      salary_from: 60000,
      salary_to: 90000,
      skills: ['Колл-центр'],
      description: `<p>${'Ищем операторов входящей линии в дружную команду, обучение с нуля. '.repeat(4)}</p>`,
      status: 'published',
    });
    expect(made.status).toBe(200);
    const vacancyId = Number(made.body.res.id);
    const t0 = new Date(Date.now() + 600 * MIN);
    const s = await savedSearch(m.user.id, { query: 'label[]=only_in_responses', watermark: t0, name: 'Отклики' });
    const reply = await resumeAt(new Date(t0.getTime() + MIN), `Оператор колл-центра ${w}`, { source: 'reply', vacancyId });
    // A reply to someone else's vacancy is not theirs to see.
    const other = await member(['has_vacancy']);
    const theirs = await other.client.post('/api/vacancy', { ...made.body.res, title: `Курьер ${w}`, city: '1069', status: 'published',
      salary_from: 60000, salary_to: 90000, skills: ['Доставка'], description: `<p>${'Ищем курьеров на личном транспорте, оплата каждый день. '.repeat(4)}</p>` });
    expect(theirs.status).toBe(200);
    await resumeAt(new Date(t0.getTime() + MIN), `Курьер ${w}`, { source: 'reply', vacancyId: Number(theirs.body.res.id) });

    await pass(new Date(t0.getTime() + 5 * MIN));
    const mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Автопоиск «Отклики»: 1 новое резюме');
    expect(mails[0]?.text).toContain(`http://club.test/resume/${reply.hash}`);
    expect(mails[0]?.text).not.toContain(`Курьер ${w}`);
    // The card is the one the search shows this member: no contacts.
    expect(mails[0]?.text).not.toContain('9161234567');
    expect(mails[0]?.text).not.toContain('alexey@example.ru');
    await off(s.id);
  });

  it('never looks before the search was made or its digest switched on', async () => {
    const w = word();
    const m = await member();
    const t0 = new Date(Date.now() + 660 * MIN);
    await resumeAt(new Date(t0.getTime() + MIN), `Раньше ${w}`);
    const at6 = new Date(t0.getTime() + 6 * MIN);
    const [made] = await db()
      .insert(savedSearches)
      .values({ userId: m.user.id, name: 'Новый', query: `text=${w}`, frequency: 'instant', watermark: at6, createdAt: at6 })
      .returning();
    await resumeAt(new Date(t0.getTime() + 7 * MIN), `Позже ${w}`);
    await pass(new Date(t0.getTime() + 9 * MIN));
    let mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Позже ${w}`);
    expect(mails[0]?.text).not.toContain(`Раньше ${w}`);

    await off(made?.id as number);

    // A digest switched on (the API's switch: watermark = now()): what came before is not sent.
    const w2 = word();
    const hourAgo = new Date(Date.now() - 60 * MIN);
    const [later] = await db()
      .insert(savedSearches)
      .values({ userId: m.user.id, name: 'Включённый', query: `text=${w2}`, frequency: 'off', watermark: hourAgo, createdAt: hourAgo })
      .returning();
    await resumeAt(new Date(Date.now() - 3 * MIN), `Пока выключен ${w2}`);
    const res = await m.client.request('PUT', `/api/autosearch/${later?.id}`, { frequency: 'instant' });
    expect(res.status).toBe(200);
    const on = (await searchRow(later?.id as number))?.watermark.getTime() ?? 0;
    await resumeAt(new Date(on + MIN), `Включён ${w2}`);
    await pass(new Date(on + 5 * MIN));
    mails = mailsTo(m.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain(`Включён ${w2}`);
    expect(mails[1]?.text).not.toContain(`Пока выключен ${w2}`);
    await off(later?.id as number);
  });

  it('a search that keeps failing does not make the pass read further and further back', async () => {
    const w = word();
    const m = await member();
    const now = new Date(Date.now() + 720 * MIN);
    const day = 86_400_000;
    // Its watermark stayed a month behind (every pass failed); made long ago.
    const stale = new Date(now.getTime() - 30 * day);
    const [s] = await db()
      .insert(savedSearches)
      .values({ userId: m.user.id, name: 'Давний', query: `text=${w}`, frequency: 'instant', watermark: stale, createdAt: stale })
      .returning();
    await resumeAt(new Date(now.getTime() - 20 * day), `Месяц назад ${w}`);
    await resumeAt(new Date(now.getTime() - 2 * day), `На днях ${w}`);
    await pass(now);
    const mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`На днях ${w}`);
    expect(mails[0]?.text).not.toContain(`Месяц назад ${w}`);
    await off(s?.id as number);
  });
});
