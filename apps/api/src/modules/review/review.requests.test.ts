import { consentVersion, REVIEW_REQUEST_ID_PATTERN } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createPrivateTestApp, registeredMember, TestClient, uniqueEmail } from '../../../test/helpers.ts';
import { findUserByEmail } from '../user/user.service.ts';

let built: BuiltApp;
/** A second app on the same database whose reminders are due at once (REVIEW_REMINDER_HOURS=0). */
let instant: BuiltApp;
const APP_URL = 'https://club.example.test';
beforeAll(async () => {
  // A database of its own: the file runs the job queue (reminders and mail).
  built = await createPrivateTestApp({ APP_URL });
  instant = await createPrivateTestApp({ APP_URL, REVIEW_REMINDER_HOURS: '0' }, built);
});

const db = () => built.ctx.database;
const runQueue = () => built.ctx.queue.runPending();

/** A requester: sending a request needs open_contact (the letter names the candidate). */
async function member(flags: string[] = [], app = built) {
  const m = await registeredMember(app.app);
  await setFlags(app.ctx.database, m.email, ['open_contact', ...flags]);
  const user = await findUserByEmail(app.ctx.database.db, m.email);
  return { ...m, id: user?.id as number, ip: (m.client as unknown as { ip: string }).ip };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A candidate with two employers, contacts and a middle name: the public page must show none of it but the one asked about. */
const candidate = () =>
  createResume(db(), {
    firstName: 'Алексей',
    lastName: 'Тестов',
    middleName: 'Викторович',
    title: 'Руководитель отдела продаж',
    phone: '9161234567',
    email: 'alexey.candidate@example.ru',
    telegram: 'alexey_secret_tg',
    about: 'Секретное описание о себе',
    experience: [
      { company: 'ООО «Вектор»', position: 'Руководитель отдела продаж', start: '2021-01-01', end: null, description: 'Команда из 12 человек' },
      { company: 'АО «Старый Работодатель»', position: 'Менеджер по продажам', start: '2016-03-01', end: '2020-12-01', description: 'Продажи B2B' },
    ],
  });

const requestBody = (hash: string, over: Record<string, unknown> = {}) => ({
  resume_hash: hash,
  email: uniqueEmail('hr'),
  name: 'Ольга Петровна',
  company: 'АО «Старый Работодатель»',
  message: 'Подскажите, пожалуйста, как Алексей работал у вас.',
  candidate_consent: true,
  ...over,
});

async function makeRequest(m: Member, hash: string, over: Record<string, unknown> = {}) {
  const res = await m.client.post('/api/review/request', requestBody(hash, over));
  if (res.status !== 200) throw new Error(`request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res as { id: string; email: string; status: string };
}

/** The public link's secret of a request: only the addressee's letter carries it. */
async function tokenOf(id: string): Promise<string> {
  const [row] = await db().rows<{ token: string }>(sql`select token from review_requests where id = ${id}`);
  return row?.token as string;
}

const mailsTo = (to: string) =>
  db().rows<{ subject: string; text: string; html: string | null }>(sql`select subject, text, html from mail_outbox where "to" = ${to} order by id`);
const notesOf = async (m: Member) => (await m.client.get('/api/notify/message')).body.res.data as { data: { title: string; message: string; url: string } }[];
const answer = (over: Record<string, unknown> = {}) => ({
  verdict: 'recommend',
  text: 'Алексей отлично руководил продажами, выполнял план.',
  author_name: 'Ольга Петрова',
  author_company: 'АО «Старый Работодатель»',
  author_position: 'HR-директор',
  consent: true,
  consent_version: consentVersion('review_answer'),
  ...over,
});

describe('review requests: sending', () => {
  it('needs the candidate consent and valid fields; records consent time and IP; mails the public link', async () => {
    const m = await member();
    const resume = await candidate();
    const noConsent = await m.client.post('/api/review/request', requestBody(resume.hash, { candidate_consent: false, email: 'bad', name: '' }));
    expect(noConsent.status).toBe(422);
    expect(noConsent.body.errors).toMatchObject({
      candidate_consent: ['Подтвердите, что кандидат согласен на проверку рекомендаций'],
      email: ['Введите корректный e-mail'],
      name: ['Поле обязательно для заполнения'],
    });
    const missing = await m.client.post('/api/review/request', { resume_hash: resume.hash, email: uniqueEmail(), name: 'Ольга' });
    expect(missing.body.errors?.candidate_consent).toBeDefined();
    expect((await m.client.post('/api/review/request', requestBody('C'.repeat(22)))).status).toBe(404);
    expect((await m.client.post('/api/review/request', requestBody(resume.hash, { experience_index: 7 }))).body.errors?.experience_index).toEqual([
      'Выберите место работы из резюме',
    ]);

    const before = Date.now();
    const addressee = uniqueEmail('olga.hr');
    const created = await m.client.post('/api/review/request', requestBody(resume.hash, { email: addressee.replace('olga.hr', 'Olga.HR') }));
    expect(created.status).toBe(200);
    const item = created.body.res;
    expect(item.id).toMatch(REVIEW_REQUEST_ID_PATTERN);
    expect(item).toMatchObject({
      resume_hash: resume.hash,
      email: addressee,
      company: 'АО «Старый Работодатель»',
      status: 'pending',
      answered_at: null,
      resent_at: null,
      opinion_id: null,
      permissions: { can_resend: true },
      // The requester has open_contact (needed to send): the names, as on the resume page.
      candidate: { first_name: 'Алексей', last_name: 'Тестов', initials: 'А. Т.', position: 'Менеджер по продажам' },
    });
    const [row] = await db().rows<{ consent_at: Date; consent_ip: string }>(sql`select consent_at, consent_ip from review_requests where id = ${item.id}`);
    expect(row?.consent_ip).toBe(m.ip);
    expect(new Date(row?.consent_at as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);

    await runQueue();
    const [mail] = await mailsTo(addressee);
    const token = await tokenOf(item.id);
    expect(token).toMatch(REVIEW_REQUEST_ID_PATTERN);
    expect(token).not.toBe(item.id);
    expect(mail?.text).toContain(`${APP_URL}/review/request/${token}`);
    expect(mail?.html).toContain(`${APP_URL}/review/request/${token}`);
    expect(mail?.text).not.toContain(item.id);
    expect(mail?.subject).toContain('Алексей Тестов');
    expect(mail?.text).toContain('Мария Иванова (ООО «Ромашка»)');
    expect(mail?.text).not.toContain(m.email);
    expect(mail?.text).not.toContain('9161234567');

    // The same addressee about the same candidate while the first is pending: refused.
    const dup = await m.client.post('/api/review/request', requestBody(resume.hash, { email: addressee }));
    expect(dup.body.errors?.email).toEqual(['Этому адресату уже отправлен запрос об этом кандидате, ответ ещё не получен']);
  });

  it('ids are unique and random', async () => {
    const m = await member();
    const resume = await candidate();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await makeRequest(m, resume.hash)).id);
    expect(ids.size).toBe(5);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{22}$/);
  });

  it('10 per member per Moscow day, then 429 — also when sent all at once', async () => {
    const resume = await candidate();
    const one = await member();
    for (let i = 0; i < 10; i++) await makeRequest(one, resume.hash);
    const over = await one.client.post('/api/review/request', requestBody(resume.hash));
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Можно отправить не больше 10 запросов отзыва в день. Попробуйте завтра');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    // Yesterday's requests do not count.
    await db().rows(sql`update review_requests set created_at = created_at - interval '1 day' where requester_id = ${one.id}`);
    expect((await one.client.post('/api/review/request', requestBody(resume.hash))).status).toBe(200);

    const racer = await member();
    await racer.client.csrf();
    const answers = await Promise.all(Array.from({ length: 16 }, () => racer.client.post('/api/review/request', requestBody(resume.hash))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
    const [count] = await db().rows<{ n: number }>(sql`select count(*)::int as n from review_requests where requester_id = ${racer.id}`);
    expect(count?.n).toBe(10);
  });

  it('the own list is paginated newest first and holds nobody else’s requests', async () => {
    const m = await member(['open_contact']);
    const other = await member();
    const resume = await candidate();
    const first = await makeRequest(m, resume.hash, { company: 'ООО «Вектор»' });
    const second = await makeRequest(m, resume.hash);
    await makeRequest(other, resume.hash);
    const list = (await m.client.get('/api/review/request')).body.res;
    expect(list.total).toBe(2);
    expect(list.data.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
    // With open_contact the member sees the names; the position is the one at the company asked.
    expect(list.data[1].candidate).toEqual({ first_name: 'Алексей', last_name: 'Тестов', initials: 'А. Т.', position: 'Руководитель отдела продаж' });
    expect((await m.client.get('/api/review/request?per_page=7')).status).toBe(422);
  });
});

describe('review requests: the public page', () => {
  it('answers who asks and about whom, nothing else (raw JSON scanned)', async () => {
    const m = await member(['open_contact']);
    const resume = await candidate();
    const req = await makeRequest(m, resume.hash, { experience_index: 1, company: null });
    const token = await tokenOf(req.id);
    const visitor = new TestClient(built.app);
    // The requester's id opens nothing: the page answers only to the mailed token.
    expect((await visitor.request('GET', `/api/review/request/${req.id}`)).status).toBe(404);
    const res = await visitor.request('GET', `/api/review/request/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.res).toEqual({
      id: token,
      requester: { name: 'Мария', family: 'Иванова', company: 'ООО «Ромашка»' },
      candidate: { first_name: 'Алексей', last_name: 'Тестов', position: 'Менеджер по продажам', company: 'АО «Старый Работодатель»' },
      message: 'Подскажите, пожалуйста, как Алексей работал у вас.',
      status: 'pending',
    });
    const raw = (await built.app.inject({ method: 'GET', url: `/api/review/request/${token}` })).body;
    const requester = await findUserByEmail(db().db, m.email);
    const forbidden = [
      '9161234567',
      '916) 123-45-67',
      'alexey.candidate@example.ru',
      'alexey_secret_tg',
      'Викторович',
      'Секретное описание',
      'Вектор', // the other employer
      'Руководитель отдела продаж', // the other position and the title
      resume.hash,
      m.email,
      String(requester?.phone),
      String(requester?.telegramNickname),
      'birth',
      'salary',
      'email',
      'phone',
    ];
    for (const s of forbidden) expect(raw, s).not.toContain(s);
  });

  it('unknown and malformed ids are 404', async () => {
    const visitor = new TestClient(built.app);
    expect((await visitor.get('/api/review/request/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await visitor.get('/api/review/request/short')).status).toBe(404);
    expect((await visitor.post('/api/review/request/AAAAAAAAAAAAAAAAAAAAAA/send', answer())).status).toBe(404);
    expect((await visitor.post('/api/review/request/AAAAAAAAAAAAAAAAAAAAAA/decline', {})).status).toBe(404);
  });

  it('the answer becomes an opinion (source request, relation employer); a second answer is refused', async () => {
    const m = await member(['report_reply_notify']);
    const resume = await candidate();
    const req = await makeRequest(m, resume.hash);
    const visitor = new TestClient(built.app);
    const bad = await visitor.post(`/api/review/request/${await tokenOf(req.id)}/send`, answer({ consent: false, text: 'мало', author_name: ' ', verdict: 'x' }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      consent: ['Подтвердите согласие на передачу отзыва участникам клуба'],
      text: ['Отзыв должен быть не короче 20 символов'],
      author_name: ['Поле обязательно для заполнения'],
      verdict: ['Выберите оценку'],
    });

    const sent = await visitor.post(`/api/review/request/${await tokenOf(req.id)}/send`, answer());
    expect(sent.status).toBe(200);
    expect(sent.body.res.status).toBe('answered');
    const again = await new TestClient(built.app).post(`/api/review/request/${await tokenOf(req.id)}/send`, answer());
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('На этот запрос уже ответили');
    expect((await visitor.post(`/api/review/request/${await tokenOf(req.id)}/decline`, {})).body.message).toBe('На этот запрос уже ответили');
    expect((await visitor.get(`/api/review/request/${await tokenOf(req.id)}`)).body.res.status).toBe('answered');

    const opinions = (await m.client.get(`/api/review?resume_hash=${resume.hash}`)).body.res.data;
    expect(opinions).toHaveLength(1);
    expect(opinions[0]).toMatchObject({
      source: 'request',
      relation: 'employer',
      verdict: 'recommend',
      company: 'АО «Старый Работодатель»',
      author: null,
      external_author: { name: 'Ольга Петрова', company: 'АО «Старый Работодатель»', position: 'HR-директор' },
      // Readers see which member collected the reference.
      requested_by: { id: m.id, name: 'Мария', family: 'Иванова' },
      permissions: { can_edit: false },
    });
    expect((await m.client.get(`/api/review/${opinions[0].id}`)).status).toBe(404);
    expect((await m.client.get(`/api/resume/${resume.hash}`)).body.res.opinions_summary.recommend).toBe(1);
    const mine = (await m.client.get('/api/review/request')).body.res.data[0];
    expect(mine).toMatchObject({ status: 'answered', opinion_id: opinions[0].id, permissions: { can_resend: false } });
    expect(mine.answered_at).not.toBeNull();

    const [note] = await notesOf(m);
    expect(note?.data.title).toBe('Получен отзыв о кандидате');
    expect(note?.data.message).toContain('Ольга Петрова (АО «Старый Работодатель»)');
    expect(note?.data.message).toContain('«Рекомендую»');
    expect(note?.data.url).toBe(`/resume/${resume.hash}`);
    await runQueue();
    expect((await mailsTo(m.email)).map((x) => x.subject)).toContain('HR-клуб: Получен отзыв о кандидате');
  });

  it('of simultaneous answers exactly one wins', async () => {
    const m = await member();
    const resume = await candidate();
    const req = await makeRequest(m, resume.hash);
    const token = await tokenOf(req.id);
    const clients = Array.from({ length: 6 }, () => new TestClient(built.app));
    await Promise.all(clients.map((c) => c.csrf()));
    const answers = await Promise.all(
      clients.map((c, i) => c.post(`/api/review/request/${token}/send`, answer({ author_name: `Автор ${i}` }))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    const [n] = await db().rows<{ n: number }>(sql`select count(*)::int as n from review_opinions where request_id = ${req.id}`);
    expect(n?.n).toBe(1);
    expect((await notesOf(m)).filter((x) => x.data.title === 'Получен отзыв о кандидате')).toHaveLength(1);
  });

  it('a decline is final and told to the requester; without report_reply_notify there is no e-mail copy', async () => {
    const m = await member();
    const resume = await candidate();
    const req = await makeRequest(m, resume.hash);
    const visitor = new TestClient(built.app);
    const declined = await visitor.post(`/api/review/request/${await tokenOf(req.id)}/decline`, { reason: 'Не помню этого сотрудника' });
    expect(declined.status).toBe(200);
    expect(declined.body.res.status).toBe('declined');
    const send = await visitor.post(`/api/review/request/${await tokenOf(req.id)}/send`, answer());
    expect(send.status).toBe(422);
    expect(send.body.errors?.status).toEqual(['Запрос отклонён']);
    expect((await visitor.post(`/api/review/request/${await tokenOf(req.id)}/decline`)).body.message).toBe('Запрос отклонён');
    const [note] = await notesOf(m);
    expect(note?.data.title).toBe('Отказ от рекомендации');
    expect(note?.data.message).toContain('Причина: Не помню этого сотрудника');
    await runQueue();
    expect((await mailsTo(m.email)).filter((x) => x.subject.startsWith('HR-клуб: '))).toHaveLength(0);
    expect((await m.client.get('/api/review/request')).body.res.data[0].status).toBe('declined');
  });

  it('30 days after creation a pending request is expired: it still opens and refuses answers', async () => {
    const m = await member();
    const resume = await candidate();
    const req = await makeRequest(m, resume.hash);
    await db().rows(sql`update review_requests set created_at = now() - interval '30 days 1 minute' where id = ${req.id}`);
    const visitor = new TestClient(built.app);
    expect((await visitor.get(`/api/review/request/${await tokenOf(req.id)}`)).body.res.status).toBe('expired');
    const send = await visitor.post(`/api/review/request/${await tokenOf(req.id)}/send`, answer());
    expect(send.status).toBe(422);
    expect(send.body.message).toBe('Срок запроса истёк');
    expect((await visitor.post(`/api/review/request/${await tokenOf(req.id)}/decline`)).body.message).toBe('Срок запроса истёк');
    const resend = await m.client.post(`/api/review/request/${req.id}/resend`);
    expect(resend.status).toBe(422);
    expect(resend.body.message).toBe('Срок запроса истёк');
    const own = (await m.client.get('/api/review/request')).body.res.data[0];
    expect(own).toMatchObject({ status: 'expired', permissions: { can_resend: false } });
    // The same addressee may be asked again once the old request expired.
    expect((await m.client.post('/api/review/request', requestBody(resume.hash, { email: req.email }))).status).toBe(200);
  });
});

describe('review requests: resend and reminder', () => {
  it('resends once while pending; a second time is 422; someone else’s is 404', async () => {
    const m = await member();
    const other = await member();
    const resume = await candidate();
    const req = await makeRequest(m, resume.hash);
    expect((await other.client.post(`/api/review/request/${req.id}/resend`)).status).toBe(404);
    const first = await m.client.post(`/api/review/request/${req.id}/resend`);
    expect(first.status).toBe(200);
    expect(first.body.res.resent_at).not.toBeNull();
    expect(first.body.res.permissions.can_resend).toBe(false);
    const second = await m.client.post(`/api/review/request/${req.id}/resend`);
    expect(second.status).toBe(422);
    expect(second.body.message).toBe('Письмо уже отправлено повторно');
    await runQueue();
    const mails = await mailsTo(req.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toMatch(/^Напоминание: /);
    expect(mails[1]?.text).toContain(`/review/request/${await tokenOf(req.id)}`);
    expect((await m.client.post('/api/review/request/zzz/resend')).status).toBe(404);
  });

  it('the reminder comes once, after REVIEW_REMINDER_HOURS, only while nobody answered', async () => {
    const m = await member();
    const resume = await candidate();
    const waiting = await makeRequest(m, resume.hash);
    const answered = await makeRequest(m, resume.hash);
    await runQueue();
    // Not yet due: nothing.
    expect((await notesOf(m)).filter((n) => n.data.title === 'Нет ответа на запрос рекомендации')).toHaveLength(0);
    await new TestClient(built.app).post(`/api/review/request/${await tokenOf(answered.id)}/send`, answer());
    // Time passes (72 hours by default): the job comes due.
    await db().rows(sql`update jobs set run_at = now() - interval '1 second' where kind = 'review.reminder' and done_at is null
      and payload->>'request_id' in (${waiting.id}, ${answered.id})`);
    await runQueue();
    const reminders = (await notesOf(m)).filter((n) => n.data.title === 'Нет ответа на запрос рекомендации');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.data.message).toContain('Ольга Петровна (АО «Старый Работодатель»)');
    // Run again, even with a duplicate job: still one.
    await db().rows(sql`insert into jobs (kind, payload) values ('review.reminder', ${JSON.stringify({ request_id: waiting.id })}::jsonb)`);
    await runQueue();
    expect((await notesOf(m)).filter((n) => n.data.title === 'Нет ответа на запрос рекомендации')).toHaveLength(1);
    // Without not_reply_notify: no e-mail copy of the reminder.
    expect((await mailsTo(m.email)).filter((x) => x.subject === 'HR-клуб: Нет ответа на запрос рекомендации')).toHaveLength(0);
  });

  it('with REVIEW_REMINDER_HOURS=0 the reminder is due at once; not_reply_notify adds the e-mail copy', async () => {
    const m = await member(['not_reply_notify'], instant);
    const resume = await candidate();
    const res = await m.client.post('/api/review/request', requestBody(resume.hash));
    expect(res.status).toBe(200);
    await instant.ctx.queue.runPending();
    const reminders = (await notesOf(m)).filter((n) => n.data.title === 'Нет ответа на запрос рекомендации');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.data.url).toBe('/profile?tab=reviews');
    expect((await mailsTo(m.email)).map((x) => x.subject)).toContain('HR-клуб: Нет ответа на запрос рекомендации');
  });
});
