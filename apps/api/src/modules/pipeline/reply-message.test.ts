import { randomInt } from 'node:crypto';
import { consentVersion, PIPELINE_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createPrivateTestApp, registeredMember, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import { startSmtpCapture } from '../../../test/smtp.ts';
import type { BuiltApp } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { contactOpenings } from '../../db/schema/index.ts';
import { MAX_ATTEMPTS } from '../../lib/queue.ts';
import {
  cancelQueuedMessages,
  candidateLetter,
  type MessageRow,
  messageJobColumns,
  messageStateOf,
  sendReplyMessage,
} from './reply-message.ts';

let built: BuiltApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let busy = false;

beforeAll(async () => {
  // A refusing recipient gets a permanent 550; `busy` makes every recipient a temporary 451.
  smtp = await startSmtpCapture({ refuse: () => busy, reject: (to) => (to.startsWith('refused') ? 550 : undefined) });
  built = await createPrivateTestApp({ SMTP_URL: smtp.url, APP_URL: 'http://club.test', REPLY_LIMIT_PER_HOUR: '1000' });
}, 180_000);
afterAll(async () => {
  await smtp?.close();
});

const db = () => built.ctx.database;

async function member(flags: string[] = ['has_vacancy']) {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, flags);
  const [row] = await db().rows<{ id: number }>(sql`select id from users where email = ${m.email}`);
  await db().db.execute(sql`update users set name = 'Ольга', family = 'Смирнова' where id = ${row?.id}`);
  return { ...m, id: Number(row?.id) };
}

async function createVacancy(client: TestClient, title = 'Менеджер по подбору персонала') {
  const res = await client.post('/api/vacancy', {
    title,
    city: '1069',
    skills: ['Подбор персонала'],
    description: `<p>${'Ищем опытного специалиста по подбору персонала в растущую команду. '.repeat(4)}</p>`,
    status: 'published',
  });
  if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res as { id: number };
}

async function reply(vacancyId: number, over: { fio?: string; email?: string } = {}) {
  const anon = new TestClient(built.app, `10.12.${randomInt(0, 255)}.${randomInt(1, 255)}`);
  const email = over.email ?? uniqueEmail('cand');
  const res = await anon.post(`/api/vacancy/${vacancyId}/reply`, {
    fio: over.fio ?? 'Петрова Анна Сергеевна',
    phone: uniquePhone(),
    email,
    consent: true,
    consent_version: consentVersion('reply'),
    resume_text: 'Пять лет в подборе.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.res.id as number, email };
}

const send = (input: Parameters<typeof sendReplyMessage>[2]) => db().db.transaction((tx: Db) => sendReplyMessage(built.ctx, tx, input));

async function messageRow(id: number) {
  const [row] = await db().rows<MessageRow & { sent_at: string | null; job_id: number | null }>(
    sql`select m.state, m.error, m.sent_at, m.job_id, ${messageJobColumns('m')} from reply_messages m where m.id = ${id}`,
  );
  if (!row) throw new Error('no message');
  return row;
}

/** The text/html part of a received letter (quoted-printable or base64). */
function htmlOf(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /content-type:\s*text\/html/i.test(p)) ?? '';
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => `%${h}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

describe('a letter to a candidate', () => {
  it('is sent as text and escaped HTML; values are filled once; the delivery is recorded as sent', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client, 'Рекрутер <i>IT</i>');
    const r = await reply(v.id, { fio: 'Петрова {{member}}<script>alert(1)</script>' });
    const t = (
      await owner.client.post('/api/templates', {
        name: 'Т',
        subject: 'О вакансии {{vacancy}}',
        body: 'Здравствуйте, {{first_name}}!\nВакансия: {{vacancy}}\n\n{{member}}',
      })
    ).body.res;

    const sent = await send({ vacancyId: v.id, replyId: r.id, userId: owner.id, templateId: t.id });
    expect(sent.state).toBe('queued');
    await built.ctx.queue.runPending();
    const mail = await smtp.waitFor(r.email);
    expect(mail.subject).toBe('О вакансии Рекрутер <i>IT</i>');
    // «{{member}}» in the candidate's name is not expanded a second time.
    expect(mail.text).toContain('Здравствуйте, {{member}}<script>alert(1)</script>!\nВакансия: Рекрутер <i>IT</i>\n\nОльга Смирнова');
    const html = htmlOf(mail.raw);
    expect(html).toContain(
      'Здравствуйте, {{member}}&lt;script&gt;alert(1)&lt;/script&gt;!<br>Вакансия: Рекрутер &lt;i&gt;IT&lt;/i&gt;</p>',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<i>');
    expect(html).toContain(`href="http://club.test/vacancy/${v.id}"`);

    const row = await messageRow(sent.messageId);
    expect(row).toMatchObject({ state: 'sent', error: null });
    expect(row.sent_at).not.toBeNull();
    expect(messageStateOf(row)).toMatchObject({ state: 'sent', state_title: 'отправлено' });
    const [history] = await db().rows<{ event: string }>(sql`select event from vacancy_reply_history where message_id = ${sent.messageId}`);
    expect(history?.event).toBe('message');
  });

  it('the member’s edited text goes as it is: a placeholder-looking value is not expanded, markup is escaped', () => {
    const letter = candidateLetter({
      subject: 'Тема\r\nBcc: x@y',
      body: '<b>{{member}}</b> & "друзья"\nстрока',
      vacancyTitle: 'A&B',
      vacancyUrl: 'http://club.test/vacancy/1?a=1&b=2',
    });
    expect(letter.subject).toBe('Тема Bcc: x@y');
    expect(letter.text.startsWith('<b>{{member}}</b> & "друзья"\nстрока')).toBe(true);
    expect(letter.html).toContain('&lt;b&gt;{{member}}&lt;/b&gt; &amp; &quot;друзья&quot;<br>строка');
    expect(letter.html).toContain('href="http://club.test/vacancy/1?a=1&amp;b=2">A&amp;B</a>');
  });

  it('a bulk text is filled for each candidate; a text given as final is not', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client);
    const a = await reply(v.id, { fio: 'Сидорова Мария' });
    const filled = await send({
      vacancyId: v.id,
      replyId: a.id,
      userId: owner.id,
      subject: 'Тема',
      body: 'Привет, {{first_name}}',
      fill: true,
    });
    const kept = await send({ vacancyId: v.id, replyId: a.id, userId: owner.id, subject: 'Тема', body: 'Привет, {{first_name}}' });
    const bodies = await db().rows<{ id: number; body: string }>(
      sql`select id, body from reply_messages where id in (${filled.messageId}, ${kept.messageId}) order by id`,
    );
    expect(bodies.map((b) => b.body)).toEqual(['Привет, Мария', 'Привет, {{first_name}}']);
  });

  it('an invited club resume whose contacts the member has not opened is not written to: kept as not_sent with the reason', async () => {
    const owner = await member(['has_vacancy', 'open_contact']);
    const v = await createVacancy(owner.client);
    const email = uniqueEmail('club');
    const resume = await createResume(db(), { firstName: 'Марина', email });
    expect((await owner.client.post(`/api/vacancy/${v.id}/invite`, { resume_hash: resume.hash })).status).toBe(200);
    const [row] = await db().rows<{ id: number }>(
      sql`select id from vacancy_replies where vacancy_id = ${v.id} and resume_id = ${resume.id}`,
    );
    const replyId = Number(row?.id);

    const refused = await send({ vacancyId: v.id, replyId, userId: owner.id, subject: 'Тема', body: 'Текст' });
    expect(refused).toMatchObject({ state: 'not_sent', error: PIPELINE_MSG.noConsent });
    expect(await messageRow(refused.messageId)).toMatchObject({ state: 'not_sent', error: PIPELINE_MSG.noConsent, job_id: null });

    await db().db.insert(contactOpenings).values({ resumeId: resume.id, userId: owner.id, day: '2025-01-01', charged: true });
    const allowed = await send({ vacancyId: v.id, replyId, userId: owner.id, subject: 'Тема', body: 'Текст' });
    expect(allowed.state).toBe('queued');
    await built.ctx.queue.runPending();
    expect((await smtp.waitFor(email)).text).toContain('Текст');
    expect((await messageRow(allowed.messageId)).state).toBe('sent');
  });

  it('a permanent refusal marks the message failed with the server’s reason; retries that run out show as failed', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client);
    const refusedBy = await reply(v.id, { email: uniqueEmail('refused') });
    const m = await send({ vacancyId: v.id, replyId: refusedBy.id, userId: owner.id, subject: 'Тема', body: 'Текст' });
    await built.ctx.queue.runPending();
    const failed = await messageRow(m.messageId);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/окончательно отказал.*550/);
    expect(messageStateOf(failed)).toMatchObject({ state: 'failed', state_title: 'не доставлено' });

    const later = await reply(v.id);
    const t = await send({ vacancyId: v.id, replyId: later.id, userId: owner.id, subject: 'Тема', body: 'Текст' });
    busy = true;
    try {
      await built.ctx.queue.runPending();
      const retrying = await messageRow(t.messageId);
      expect(messageStateOf(retrying).state).toBe('queued');
      // The last try of the day: the queue fails the job, the message row still says queued.
      await db().db.execute(sql`update jobs set attempts = ${MAX_ATTEMPTS - 1}, run_at = now() where id = ${retrying.job_id}`);
      await built.ctx.queue.runPending();
    } finally {
      busy = false;
    }
    const gaveUp = await messageRow(t.messageId);
    expect(gaveUp.state).toBe('queued');
    expect(messageStateOf(gaveUp)).toMatchObject({ state: 'failed', state_title: 'не доставлено' });
    expect(messageStateOf(gaveUp).error).toMatch(/временно отказал.*451/);
  });

  it('an undone bulk action cancels its letters not yet sent; a letter the worker holds is left to go', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client);
    const a = await reply(v.id);
    const b = await reply(v.id);
    const [bulk] = await db().rows<{ id: number }>(
      sql`insert into reply_bulk_actions (token, vacancy_id, user_id, before, changed, undo_until)
          values (${`t${randomInt(1e9)}`}, ${v.id}, ${owner.id}, '[]'::jsonb, 2, now() + interval '10 seconds') returning id`,
    );
    const bulkId = Number(bulk?.id);
    const later = new Date(Date.now() + 10_000);
    const ma = await send({ vacancyId: v.id, replyId: a.id, userId: owner.id, subject: 'Т', body: 'Текст', bulkId, runAt: later });
    const mb = await send({ vacancyId: v.id, replyId: b.id, userId: owner.id, subject: 'Т', body: 'Текст', bulkId, runAt: later });
    // The worker has just claimed b's letter.
    const held = await messageRow(mb.messageId);
    await db().db.execute(sql`update jobs set locked_until = now() + interval '5 minutes' where id = ${held.job_id}`);

    const cancelled = await db().db.transaction((tx: Db) => cancelQueuedMessages(tx, bulkId));
    expect(cancelled).toBe(1);
    const rowA = await messageRow(ma.messageId);
    expect(messageStateOf(rowA)).toMatchObject({ state: 'cancelled', state_title: 'отменено' });
    const [job] = await db().rows<{ id: number }>(sql`select id from jobs where id = ${rowA.job_id}`);
    expect(job).toBeUndefined();
    expect((await messageRow(mb.messageId)).state).toBe('queued');
    expect(await db().db.transaction((tx: Db) => cancelQueuedMessages(tx, bulkId))).toBe(0);
  });
  it('an undo racing the worker: every letter is either cancelled and never sent, or sent and not cancelled', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client);
    const replies = await Promise.all(Array.from({ length: 12 }, () => reply(v.id)));
    const [bulk] = await db().rows<{ id: number }>(
      sql`insert into reply_bulk_actions (token, vacancy_id, user_id, before, changed, undo_until)
          values (${`r${randomInt(1e9)}`}, ${v.id}, ${owner.id}, '[]'::jsonb, 12, now() + interval '10 seconds') returning id`,
    );
    const bulkId = Number(bulk?.id);
    const sent = [];
    for (const r of replies)
      sent.push(await send({ vacancyId: v.id, replyId: r.id, userId: owner.id, subject: 'Гонка', body: 'Текст', bulkId }));
    const before = smtp.received.length;

    // The undo comes once the worker has sent the first of them: some are sent, one may be in its hands, the rest wait.
    const undo = async () => {
      while (!smtp.received.slice(before).some((m) => m.subject === 'Гонка')) await new Promise((r) => setTimeout(r, 5));
      return db().db.transaction((tx: Db) => cancelQueuedMessages(tx, bulkId));
    };
    const [, cancelled] = await Promise.all([built.ctx.queue.runPending(), undo()]);
    await built.ctx.queue.runPending();

    const states = await Promise.all(sent.map((m) => messageRow(m.messageId)));
    const delivered = smtp.received.slice(before).filter((m) => m.subject === 'Гонка' && replies.some((r) => m.to.includes(r.email)));
    expect(states.filter((s) => s.state === 'cancelled')).toHaveLength(cancelled);
    expect(states.filter((s) => s.state === 'sent')).toHaveLength(replies.length - cancelled);
    expect(delivered).toHaveLength(replies.length - cancelled);
    for (const [i, r] of replies.entries()) {
      const got = delivered.some((m) => m.to.includes(r.email));
      expect(got, r.email).toBe(states[i]?.state === 'sent');
    }
  });
});
