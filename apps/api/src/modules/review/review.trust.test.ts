import { consentVersion, REVIEW_REQUEST_ID_PATTERN } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createPrivateTestApp, registeredMember, TestClient, uniqueEmail } from '../../../test/helpers.ts';
import { findUserByEmail } from '../user/user.service.ts';

/**
 * Review requests that cannot be abused or forged: who may send one, what the requester sees,
 * who may answer, what the letter may carry, and the member's own export.
 */
let built: BuiltApp;
/** The same database with a daily contact limit of 2. */
let tight: BuiltApp;
beforeAll(async () => {
  // A database of its own: the file runs the job queue (mail).
  built = await createPrivateTestApp({ APP_URL: 'https://club.example.test' });
  tight = await createPrivateTestApp({ APP_URL: 'https://club.example.test', CONTACTS_DAILY_LIMIT: '2' }, built);
});

const db = () => built.ctx.database;
const forgetSessions = () => {
  built.ctx.sessions.forgetCachedUsers();
  tight.ctx.sessions.forgetCachedUsers();
};

async function member(flags: string[] = [], app = built, overrides: Record<string, unknown> = {}) {
  const m = await registeredMember(app.app, overrides);
  if (flags.length) await setFlags(app.ctx.database, m.email, flags);
  forgetSessions();
  const user = await findUserByEmail(app.ctx.database.db, m.email);
  return { ...m, id: user?.id as number };
}
type Member = Awaited<ReturnType<typeof member>>;

/** Puts `members` into the team of `lead`. */
async function team(lead: Member, ...members: Member[]) {
  await db().rows(sql`update users set flags = flags || '["team_lead"]'::jsonb where id = ${lead.id}`);
  for (const m of members) await db().rows(sql`insert into team_members (user_id, lead_id) values (${m.id}, ${lead.id})`);
  forgetSessions();
}

const candidate = () =>
  createResume(db(), {
    firstName: 'Евгений',
    lastName: 'Скрытнов',
    title: 'Менеджер по закупкам',
    experience: [{ company: 'ООО «Лотос»', position: 'Менеджер по закупкам', start: '2019-01-01', end: null, description: 'Закупки' }],
  });

const requestBody = (hash: string, over: Record<string, unknown> = {}) => ({
  resume_hash: hash,
  email: uniqueEmail('ref'),
  name: 'Ольга Петровна',
  company: 'ООО «Лотос»',
  message: 'Расскажите, пожалуйста, как кандидат работал у вас.',
  candidate_consent: true,
  ...over,
});

async function makeRequest(m: Member, hash: string, over: Record<string, unknown> = {}) {
  const res = await m.client.post('/api/review/request', requestBody(hash, over));
  if (res.status !== 200) throw new Error(`request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res as { id: string; email: string };
}

async function tokenOf(id: string): Promise<string> {
  const [row] = await db().rows<{ token: string }>(sql`select token from review_requests where id = ${id}`);
  return row?.token as string;
}

const openings = (userId: number, resumeId?: number) =>
  db().rows<{ charged: boolean }>(
    sql`select charged from contact_openings where user_id = ${userId} ${resumeId === undefined ? sql`` : sql`and resume_id = ${resumeId}`} order by id`,
  );

const answer = (over: Record<string, unknown> = {}) => ({
  verdict: 'recommend',
  text: 'Отличный специалист, всегда выполнял план закупок.',
  author_name: 'Ольга Петрова',
  author_company: 'ООО «Лотос»',
  consent: true,
  consent_version: consentVersion('review_answer'),
  ...over,
});

describe('who may send a review request', () => {
  it('a member without open_contact gets 403: no request, no letter, no opening', async () => {
    const basic = await member();
    const resume = await candidate();
    const to = uniqueEmail('nobody');
    const res = await basic.client.post('/api/review/request', requestBody(resume.hash, { email: to }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Доступ к услуге ограничен');
    const [n] = await db().rows<{ n: number }>(sql`select count(*)::int as n from review_requests where requester_id = ${basic.id}`);
    expect(n?.n).toBe(0);
    expect(await openings(basic.id)).toHaveLength(0);
    await built.ctx.queue.runPending();
    const [mail] = await db().rows<{ n: number }>(sql`select count(*)::int as n from mail_outbox where "to" = ${to}`);
    expect(mail?.n).toBe(0);
    // A visitor: 401.
    expect((await new TestClient(built.app).post('/api/review/request', requestBody(resume.hash))).status).toBe(401);
  });

  it('a team member inherits open_contact from the lead and may send', async () => {
    const lead = await member(['open_contact']);
    const m = await member();
    await team(lead, m);
    const resume = await candidate();
    expect((await m.client.post('/api/review/request', requestBody(resume.hash))).status).toBe(200);
  });

  it('sending counts as a contact opening: logged once, charged once per resume, free after the contacts were opened', async () => {
    const m = await member(['open_contact']);
    const resume = await candidate();
    await makeRequest(m, resume.hash);
    expect(await openings(m.id, resume.id)).toEqual([{ charged: true }]);
    // A second request about the same candidate, and opening the contacts: logged, not charged again.
    await makeRequest(m, resume.hash);
    expect((await m.client.post(`/api/resume/${resume.hash}/contacts`)).status).toBe(200);
    expect((await openings(m.id, resume.id)).map((o) => o.charged)).toEqual([true, false, false]);
  });

  it('over the daily contact limit: 429 with the contacts message, nothing sent — also when sent all at once', async () => {
    const m = await member(['open_contact'], tight);
    const [a, b, c] = [await candidate(), await candidate(), await candidate()];
    expect((await m.client.post('/api/review/request', requestBody(a.hash))).status).toBe(200);
    expect((await m.client.post(`/api/resume/${b.hash}/contacts`)).status).toBe(200);
    const over = await m.client.post('/api/review/request', requestBody(c.hash));
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Лимит открытия контактов на сегодня исчерпан');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const [n] = await db().rows<{ n: number }>(sql`select count(*)::int as n from review_requests where requester_id = ${m.id}`);
    expect(n?.n).toBe(1);
    expect(await openings(m.id, c.id)).toHaveLength(0);
    // Candidates already opened stay free.
    expect((await m.client.post('/api/review/request', requestBody(b.hash))).status).toBe(200);
    // A commerce account has no daily limit.
    await db().rows(sql`update users set flags = '["open_contact","commerce_account"]'::jsonb where id = ${m.id}`);
    forgetSessions();
    expect((await m.client.post('/api/review/request', requestBody(c.hash))).status).toBe(200);

    const racer = await member(['open_contact'], tight);
    await racer.client.csrf();
    const resumes = await Promise.all(Array.from({ length: 6 }, () => candidate()));
    const answers = await Promise.all(resumes.map((r) => racer.client.post('/api/review/request', requestBody(r.hash))));
    expect(answers.filter((x) => x.status === 200)).toHaveLength(2);
    expect(answers.filter((x) => x.status === 429)).toHaveLength(4);
    expect((await openings(racer.id)).filter((o) => o.charged)).toHaveLength(2);
  });
});

describe('the public link is the addressee’s alone', () => {
  it('the requester never sees the token: answers, list, resend, notifications and export', async () => {
    const m = await member(['open_contact', 'report_reply_notify', 'not_reply_notify']);
    const resume = await candidate();
    const created = await m.client.post('/api/review/request', requestBody(resume.hash));
    const id = created.body.res.id as string;
    const token = await tokenOf(id);
    expect(token).toMatch(REVIEW_REQUEST_ID_PATTERN);
    expect(token).not.toBe(id);
    const second = await makeRequest(m, resume.hash);
    const resent = await m.client.post(`/api/review/request/${id}/resend`);
    expect(resent.status).toBe(200);
    // An answer, a decline and a reminder reach the requester as notifications.
    expect((await new TestClient(built.app).post(`/api/review/request/${token}/send`, answer())).status).toBe(200);
    expect((await new TestClient(built.app).post(`/api/review/request/${await tokenOf(second.id)}/decline`, { reason: 'Не помню' })).status).toBe(
      200,
    );
    await db().rows(sql`update jobs set run_at = now() - interval '1 second' where kind = 'review.reminder' and done_at is null`);
    await built.ctx.queue.runPending();

    const answers = [
      created,
      resent,
      await m.client.get('/api/review/request'),
      await m.client.get('/api/notify/message'),
      await m.client.get(`/api/review?resume_hash=${resume.hash}`),
      await m.client.get('/api/review?mine=1'),
      await m.client.get('/api/user/export'),
      await m.client.get(`/api/resume/${resume.hash}`),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      const raw = JSON.stringify(a.body);
      expect(raw).not.toContain(token);
      expect(raw).not.toContain(await tokenOf(second.id));
    }
    // What is pushed over the socket is the stored notification: none holds a token.
    const notes = await db().rows<{ text: string }>(sql`select title || message || coalesce(url, '') as text from notifications where user_id = ${m.id}`);
    expect(notes.length).toBeGreaterThanOrEqual(2);
    for (const n of notes) expect(n.text).not.toContain(token);
  });

  it('the requester’s own session and a teammate’s cannot answer or decline; an outsider can', async () => {
    const lead = await member(['open_contact']);
    const mate = await member();
    const requester = await member();
    await team(lead, mate, requester);
    const resume = await candidate();
    const req = await makeRequest(requester, resume.hash);
    const token = await tokenOf(req.id);
    for (const who of [requester, mate, lead]) {
      const send = await who.client.post(`/api/review/request/${token}/send`, answer());
      expect(send.status, JSON.stringify(send.body)).toBe(403);
      expect(send.body.message).toBe('Нельзя отвечать на собственный запрос рекомендации или на запрос своей команды');
      expect((await who.client.post(`/api/review/request/${token}/decline`, {})).status).toBe(403);
    }
    expect((await new TestClient(built.app).get(`/api/review/request/${token}`)).body.res.status).toBe('pending');
    const [none] = await db().rows<{ n: number }>(sql`select count(*)::int as n from review_opinions where request_id = ${req.id}`);
    expect(none?.n).toBe(0);
    // Somebody else, signed in or not, answers.
    const stranger = await member();
    expect((await stranger.client.post(`/api/review/request/${token}/send`, answer())).status).toBe(200);
  });

  it('the requester’s own address and a teammate’s are refused at creation (422 errors.email)', async () => {
    const lead = await member(['open_contact']);
    const mate = await member();
    await team(lead, mate);
    const resume = await candidate();
    const own = await lead.client.post('/api/review/request', requestBody(resume.hash, { email: lead.email.toUpperCase() }));
    expect(own.status).toBe(422);
    expect(own.body.errors?.email).toEqual(['Нельзя запросить рекомендацию у самого себя: укажите адрес другого человека']);
    const mates = await lead.client.post('/api/review/request', requestBody(resume.hash, { email: mate.email }));
    expect(mates.status).toBe(422);
    expect(mates.body.errors?.email).toEqual(['Нельзя запросить рекомендацию у участника своей команды']);
    expect(await openings(lead.id)).toHaveLength(0);
  });

  it('an address of a member who joined the requester’s team since cannot answer', async () => {
    const lead = await member(['open_contact']);
    const later = await member();
    const resume = await candidate();
    const req = await makeRequest(lead, resume.hash, { email: later.email });
    await team(lead, later);
    const send = await new TestClient(built.app).post(`/api/review/request/${await tokenOf(req.id)}/send`, answer());
    expect(send.status).toBe(403);
  });
});

describe('an answer says who asked for it', () => {
  it('an outsider’s answer carries requested_by; a club member’s address makes it that member’s opinion', async () => {
    const requester = await member(['open_contact'], built, { fio: 'Запросова Анна Сергеевна' });
    const colleague = await member([], built, { fio: 'Коллегин Пётр Иванович' });
    const resume = await candidate();
    const outside = await makeRequest(requester, resume.hash);
    const inside = await makeRequest(requester, resume.hash, { email: colleague.email });
    expect((await new TestClient(built.app).post(`/api/review/request/${await tokenOf(outside.id)}/send`, answer())).status).toBe(200);
    const viaMember = await new TestClient(built.app).post(
      `/api/review/request/${await tokenOf(inside.id)}/send`,
      answer({ author_name: 'Газпром, директор', verdict: 'neutral' }),
    );
    expect(viaMember.status).toBe(200);

    const reader = await member();
    const list = (await reader.client.get(`/api/review?resume_hash=${resume.hash}`)).body.res.data as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    const requestedBy = { id: requester.id, name: 'Анна', family: 'Запросова' };
    const byColleague = list.find((o) => o.verdict === 'neutral');
    expect(byColleague).toMatchObject({
      source: 'request',
      author: { id: colleague.id, name: 'Пётр', family: 'Коллегин' },
      external_author: { name: 'Газпром, директор' },
      requested_by: requestedBy,
      permissions: { can_edit: false },
    });
    expect(list.find((o) => o.verdict === 'recommend')).toMatchObject({ source: 'request', author: null, requested_by: requestedBy });

    // One opinion per member per candidate: the colleague cannot add a second one, by request or directly.
    const again = await makeRequest(requester, resume.hash, { email: colleague.email });
    const twice = await new TestClient(built.app).post(`/api/review/request/${await tokenOf(again.id)}/send`, answer());
    expect(twice.status).toBe(422);
    expect(twice.body.errors?.status).toEqual(['У вас уже есть отзыв об этом кандидате в клубе: второй отзыв не принимается']);
    expect((await new TestClient(built.app).get(`/api/review/request/${await tokenOf(again.id)}`)).body.res.status).toBe('pending');
    const direct = await colleague.client.post('/api/review', {
      resume_hash: resume.hash,
      verdict: 'recommend',
      relation: 'colleague',
      text: 'Работали вместе, хороший специалист по закупкам.',
    });
    expect(direct.body.errors?.resume_hash).toEqual(['Вы уже оставили отзыв об этом кандидате']);
  });
});

describe('the letter is not a free-text mailer', () => {
  it('links, markup, multi-line names and long messages are refused per field', async () => {
    const m = await member(['open_contact']);
    const resume = await candidate();
    const bad = await m.client.post(
      '/api/review/request',
      requestBody(resume.hash, {
        message: 'Скидки 90% на сайте https://spam.example/promo',
        name: 'Ольга\nПереходите на best-offer.ru',
        company: 'Заходите на www.example',
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.message).toContain('Уберите ссылки и адреса сайтов: письмо клуба передаёт только простой текст');
    expect(bad.body.errors?.name).toEqual(
      expect.arrayContaining(['Уберите ссылки и адреса сайтов: письмо клуба передаёт только простой текст', 'Введите одной строкой']),
    );
    expect(bad.body.errors?.company).toContain('Уберите ссылки и адреса сайтов: письмо клуба передаёт только простой текст');
    for (const message of ['Напишите на spam@mail.ru', 'Смотрите t.me/spamchannel', 'Привет <a href=x>жми</a>', '<b>Акция</b>']) {
      const res = await m.client.post('/api/review/request', requestBody(resume.hash, { message }));
      expect(res.status, message).toBe(422);
      expect(res.body.errors?.message, message).toBeDefined();
    }
    const long = await m.client.post('/api/review/request', requestBody(resume.hash, { message: 'а'.repeat(501) }));
    expect(long.body.errors?.message).toEqual(['Не длиннее 500 символов']);
    const lines = await m.client.post('/api/review/request', requestBody(resume.hash, { message: Array(12).fill('строка').join('\n') }));
    expect(lines.body.errors?.message).toEqual(['Не больше 10 строк']);
    expect(await openings(m.id)).toHaveLength(0);

    // Plain text goes out escaped.
    const to = uniqueEmail('plain');
    await makeRequest(m, resume.hash, { email: to, message: 'Оценка "5" & выше, т.е. отлично', name: 'Ольга "Босс"' });
    await built.ctx.queue.runPending();
    const [mail] = await db().rows<{ text: string; html: string }>(sql`select text, html from mail_outbox where "to" = ${to}`);
    expect(mail?.text).toContain('Оценка "5" & выше, т.е. отлично');
    expect(mail?.html).toContain('Оценка &quot;5&quot; &amp; выше');
    expect(mail?.html).toContain('Ольга &quot;Босс&quot;');
  });
});

describe("a member's own export", () => {
  it('holds the member’s own data only: no candidate names, addressees, tokens, admins’ addresses or comments', async () => {
    const m = await member(['open_contact', 'report_reply_notify']);
    const resume = await candidate();
    const addressee = uniqueEmail('addressee');
    const req = await makeRequest(m, resume.hash, { email: addressee, name: 'Адресатова Зинаида' });
    const token = await tokenOf(req.id);
    expect((await new TestClient(built.app, '198.51.100.23').post(`/api/review/request/${token}/decline`, { reason: 'Причина адресата' })).status).toBe(
      200,
    );
    expect((await m.client.post(`/api/resume/${resume.hash}/contacts`)).status).toBe(200);
    // What admins did about the account: their address and comments stay theirs.
    const admin = await member();
    await db().rows(sql`update users set residency_requested = true, residency_decision = 'rejected', residency_decided_at = now(),
      residency_comment = 'Комментарий администратора о резиденте', blocked_reason = 'Причина блокировки от администратора' where id = ${m.id}`);
    await db().rows(sql`insert into audit_log (actor_id, action, object_type, object_id, ip, details)
      values (${admin.id}, 'user.residency_reject', 'user', ${String(m.id)}, '203.0.113.77', ${JSON.stringify({ comment: 'Комментарий администратора о резиденте' })}::jsonb)`);
    await db().rows(sql`insert into audit_log (actor_id, action, object_type, object_id, ip, details)
      values (${m.id}, 'auth.login_failed', 'user', ${String(m.id)}, '192.0.2.99', '{"method":"password","reason":"bad_credentials"}'::jsonb)`);

    const res = await m.client.get('/api/user/export');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const raw = JSON.stringify(res.body);
    for (const s of [
      'Евгений',
      'Скрытнов',
      addressee,
      'Адресатова',
      'Причина адресата',
      '198.51.100.23',
      token,
      '203.0.113.77',
      '192.0.2.99',
      'Комментарий администратора',
      'Причина блокировки',
      'candidate_first_name',
      'candidate_last_name',
      'residency_comment',
      'blocked_reason',
      'hidden_reason',
      'answer_ip',
    ]) {
      expect(raw, s).not.toContain(s);
    }
    const tables = res.body.res.tables;
    expect(tables.users[0]).toMatchObject({ id: m.id, email: m.email, residency_decision: 'rejected' });
    expect(tables.review_requests).toEqual([
      expect.objectContaining({ id: req.id, resume_hash: resume.hash, company: 'ООО «Лотос»', status: 'declined' }),
    ]);
    expect(tables.contact_openings.map((o: { resume_hash: string }) => o.resume_hash)).toEqual([resume.hash, resume.hash]);
    // The decline notification is listed without its text (which names the candidate).
    expect(tables.notifications.map((n: { title: string }) => n.title)).toContain('Отказ от рекомендации');
    const adminRow = tables.audit_log.find((e: { action: string }) => e.action === 'user.residency_reject');
    expect(adminRow).toMatchObject({ ip: null, details: null });
    expect(adminRow).not.toHaveProperty('actor_id');
    // The admin's export of the member is the same data.
    await db().rows(sql`update users set account_type = 'admin' where id = ${admin.id}`);
    forgetSessions();
    const byAdmin = await admin.client.get(`/api/admin/users/${m.id}/export`);
    expect(byAdmin.status).toBe(200);
    expect(JSON.stringify(byAdmin.body)).not.toContain('Скрытнов');
  });
});
