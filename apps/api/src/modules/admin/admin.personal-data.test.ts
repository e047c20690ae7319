import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consentVersion } from '@hr/contract';
import { createPrivateTestApp, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { adminOf, auditRows, memberOf } from './admin.fixtures.ts';

let built: BuiltApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
const db = () => built.ctx.database;

beforeAll(async () => {
  // A database of its own: the file runs the queue, and on the shared PostgreSQL another file's
  // run could take its jobs (and send its mail through that file's settings).
  built = await createPrivateTestApp({ REPLY_LIMIT_PER_HOUR: '1000' });
  admin = await adminOf(built.app, db());
});

/** A surname nobody else in the database has. */
const uniqueSurname = (base: string) => base + Array.from({ length: 6 }, () => 'абвгдежзиклмнопрстуфх'[randomInt(0, 21)]).join('');
const digitsOf = (phone: string) => phone.replace(/\D/g, '').slice(1);

/**
 * Every text, json and text-array column of every table, searched for each needle: where does
 * anything of the person remain? Answers "table.column: needle" for every hit.
 */
async function remainsOf(needles: string[]): Promise<string[]> {
  const columns = await db().rows<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.udt_name in ('_text', '_varchar'))`);
  expect(columns.length).toBeGreaterThan(50);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const [row] = await db().rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where position(${needle.toLowerCase()} in lower(${sql.identifier(column_name)}::text)) > 0`,
      );
      if (Number(row?.n) > 0) hits.push(`${table_name}.${column_name}: ${needle}`);
    }
  }
  return hits;
}

async function publishedVacancy(owner: TestClient) {
  const res = await owner.post('/api/vacancy', {
    title: 'Рекрутер',
    city: '1069',
    description: `<p>${'Ищем опытного специалиста по подбору персонала в растущую команду. '.repeat(4)}</p>`,
    status: 'published',
  });
  if (res.status !== 200) throw new Error(`vacancy: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res.id as number;
}

/** A public reply with a PDF, as a candidate's browser sends it. */
async function replyWithFile(vacancyId: number, fields: Record<string, string>) {
  const boundary = '----hrboundary42';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const visitor = new TestClient(built.app);
  await visitor.csrf();
  const res = await visitor.request('POST', `/api/vacancy/${vacancyId}/reply`, body, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (res.status !== 200) throw new Error(`reply: ${res.status} ${JSON.stringify(res.body)}`);
}

describe('deletion of a candidate on request', () => {
  it('removes the resume, reply and file, opinions and requests about them; contact openings keep only the fact', async () => {
    const owner = await memberOf(built.app, db());
    await db().rows(sql`update users set flags = '["has_vacancy","open_contact"]'::jsonb where id = ${owner.id}`);
    const vacancyId = await publishedVacancy(owner.client);
    const surname = uniqueSurname('Кандидатова');
    const email = uniqueEmail('cand');
    const phone = uniquePhone();
    await replyWithFile(vacancyId, {
      fio: `${surname} Анна Сергеевна`,
      email,
      phone,
      consent: 'on',
      consent_version: consentVersion('reply'),
      cover_letter: 'Готова выйти через две недели',
    });
    const [resume] = await db().rows<{ id: number; hash: string }>(sql`select id, hash from resumes where vacancy_id = ${vacancyId}`);
    if (!resume) throw new Error('no reply resume');
    const [reply] = await db().rows<{ consent_version: string; file_key: string }>(
      sql`select consent_version, file_key from vacancy_replies where resume_id = ${resume.id}`,
    );
    expect(reply?.consent_version).toBe(consentVersion('reply'));
    // What members did about the candidate: an opinion, a reference request, a favourite, an opening.
    await db().rows(
      sql`insert into review_opinions (resume_id, source, author_id, verdict, text, relation) values (${resume.id}, 'member', ${owner.id}, 'recommend', ${`${surname} — сильный специалист`}, 'colleague')`,
    );
    await db().rows(sql`insert into review_requests (id, token, requester_id, resume_id, email, name, candidate_last_name, consent_at, consent_ip)
      values (${`req${randomInt(1e9, 9e9)}aaaaaaaaaaaa`}, ${`tok${randomInt(1e9, 9e9)}aaaaaaaaaaaa`}, ${owner.id}, ${resume.id}, 'boss@example.ru', 'Начальник', ${surname}, now(), '10.0.0.1')`);
    await db().rows(sql`insert into favourites (user_id, resume_id, note) values (${owner.id}, ${resume.id}, ${`позвонить ${surname}`})`);
    await db().rows(
      sql`insert into contact_openings (resume_id, user_id, day, charged) values (${resume.id}, ${owner.id}, current_date, true)`,
    );
    const needles = [email, digitsOf(phone), surname];
    expect((await remainsOf(needles)).length).toBeGreaterThan(3);

    const found = await admin.client.get(`/api/admin/candidates?q=${encodeURIComponent(email)}`);
    expect(found.body.res.data.map((c: { hash: string }) => c.hash)).toEqual([resume.hash]);
    expect((await admin.client.get(`/api/admin/candidates?q=${digitsOf(phone)}`)).body.res.total).toBe(1);

    const res = await admin.client.request('DELETE', `/api/admin/candidates/${resume.hash}`, { reason: 'Запрос кандидата по e-mail' });
    expect(res.status).toBe(200);
    expect(res.body.res.deleted).toMatchObject({
      resumes: 1,
      vacancy_replies: 1,
      review_opinions: 1,
      review_requests: 1,
      favourites: 1,
      files: 1,
      contact_openings_kept: 1,
    });
    expect(await remainsOf(needles)).toEqual([]);
    const [opening] = await db().rows<{ resume_id: number | null; charged: boolean }>(
      sql`select resume_id, charged from contact_openings where user_id = ${owner.id}`,
    );
    expect(opening).toEqual({ resume_id: null, charged: true });
    const [file] = await db().rows<{ n: number }>(sql`select count(*)::int as n from reply_files where id = ${Number(reply?.file_key)}`);
    expect(file?.n).toBe(0);
    const [entry] = await auditRows(db(), 'candidate.delete', resume.hash);
    expect(entry).toMatchObject({ actor_id: admin.id, object_type: 'resume', details: { reason: 'Запрос кандидата по e-mail' } });
    expect((await admin.client.request('DELETE', `/api/admin/candidates/${resume.hash}`, {})).status).toBe(404);
  });
});

describe("a member's data", () => {
  it('exports everything held about a member, to the member and to an admin, without secrets', async () => {
    const m = await memberOf(built.app, db());
    await db().rows(sql`insert into notifications (user_id, title, message) values (${m.id}, 'Привет', 'Проверка выгрузки')`);
    const own = await m.client.get('/api/user/export');
    expect(own.status).toBe(200);
    const tables = own.body.res.tables;
    expect(tables.users[0]).toMatchObject({ id: m.id, email: m.email, consent_version: consentVersion('registration') });
    expect(tables.users[0]).not.toHaveProperty('password_hash');
    expect(JSON.stringify(own.body)).not.toMatch(/argon|\$2[aby]\$|scrypt/);
    expect(tables.notifications.map((n: { title: string }) => n.title)).toContain('Привет');
    expect(tables.sessions.length).toBeGreaterThan(0);
    expect(tables.sessions[0]).not.toHaveProperty('id');
    const byAdmin = await admin.client.get(`/api/admin/users/${m.id}/export`);
    expect(byAdmin.body.res.user_id).toBe(m.id);
    expect((await auditRows(db(), 'user.data_export', m.id)).map((e) => e.actor_id)).toEqual([m.id, admin.id]);
    expect((await admin.client.get('/api/admin/users/2147483647/export')).status).toBe(404);
  });

  it('deletes a member account with its sessions, links, vacancies and replies, leaving nothing of the person', async () => {
    const surname = uniqueSurname('Удаляева');
    const phone = uniquePhone();
    const m = await memberOf(built.app, db(), { fio: `${surname} Ольга Игоревна`, phone, telegram_nickname: `del_${randomInt(1e6, 9e6)}` });
    await db().rows(
      sql`update users set flags = '["has_vacancy"]'::jsonb, telegram_chat_id = ${String(randomInt(1e8, 9e8))} where id = ${m.id}`,
    );
    const lead = await memberOf(built.app, db());
    await db().rows(sql`insert into team_members (user_id, lead_id) values (${m.id}, ${lead.id})`);
    await db().rows(
      sql`insert into notifications (user_id, title, message) values (${lead.id}, 'Команда пополнилась', ${`${surname} Ольга вступила в вашу команду.`})`,
    );
    const vacancyId = await publishedVacancy(m.client);
    const candidateEmail = uniqueEmail('cand');
    await replyWithFile(vacancyId, { fio: `Откликова Вера`, email: candidateEmail, phone: uniquePhone(), consent: 'on', consent_version: consentVersion('reply') });
    const resume = (await db().rows<{ id: number }>(sql`select id from resumes limit 1`))[0];
    if (resume) await db().rows(sql`insert into favourites (user_id, resume_id, note) values (${m.id}, ${resume.id}, 'мой кандидат')`);
    // Traces no key leads to: a reset mail in the queue, a failed login's limit counter, a client error.
    await new TestClient(built.app).post('/password/email', { email: m.email });
    await new TestClient(built.app).post('/login', { email: m.email, password: 'not-the-password' });
    await m.client.post('/api/error/send', { error: 'boom', info: `at ${m.email}`, host: 'h', path: '/p' });
    await built.ctx.queue.runPending();
    const needles = [m.email, digitsOf(phone), surname, candidateEmail];
    expect((await remainsOf(needles)).length).toBeGreaterThan(3);

    const wrong = await admin.client.request('DELETE', `/api/admin/users/${m.id}`, { confirm_email: 'other@example.ru' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.confirm_email?.[0]).toBe('E-mail не совпадает с e-mail пользователя');
    const res = await admin.client.request('DELETE', `/api/admin/users/${m.id}`, {
      confirm_email: m.email.toUpperCase(),
      reason: 'Заявление на удаление',
    });
    expect(res.status).toBe(200);
    expect(res.body.res.deleted).toMatchObject({ users: 1, vacancies: 1, vacancy_replies: 1, reply_resumes: 1, files: 1, team_members: 1 });
    expect(await remainsOf(needles)).toEqual([]);
    expect((await m.client.get('/api/user/main_info')).status).toBe(401);
    expect((await new TestClient(built.app).post('/login', { email: m.email, password: m.password })).status).toBe(422);
    // The lead keeps the account; the log keeps the fact without the person.
    expect((await admin.client.get(`/api/admin/users/${lead.id}`)).status).toBe(200);
    const [entry] = await auditRows(db(), 'user.delete', m.id);
    expect(entry).toMatchObject({ actor_id: admin.id, details: { reason: 'Заявление на удаление' } });
    expect((await admin.client.request('DELETE', `/api/admin/users/${admin.id}`, { confirm_email: admin.email })).status).toBe(422);
    expect((await admin.client.request('DELETE', `/api/admin/users/${m.id}`, { confirm_email: m.email })).status).toBe(404);
  });
});
