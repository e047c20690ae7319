import { randomBytes, randomInt } from 'node:crypto';
import { consentVersion } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from '../../../test/factories.ts';
import { createPrivateTestApp, registeredMember, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { RETENTION, runCleanup } from '../../jobs/cleanup.ts';
import { RATE_LIMITS } from '../../lib/rate-limits.ts';

/**
 * The public doors that store what a stranger sends — reply files and client error reports — are
 * held per address and, across every address together, per hour; what they stored is deleted on
 * a schedule.
 */
let built: BuiltApp;
const db = () => built.ctx.database;
const FILES_PER_HOUR = 3;
const REPORTS_PER_HOUR = 4;

beforeAll(async () => {
  // A database of its own: the caps count every address, and the cleanup runs over every row.
  built = await createPrivateTestApp({
    REPLY_LIMIT_PER_HOUR: '1000',
    REPLY_FILES_PER_HOUR: String(FILES_PER_HOUR),
    ERROR_REPORTS_PER_HOUR: String(REPORTS_PER_HOUR),
  });
});

const visitor = () => new TestClient(built.app, `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`);
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

async function publishedVacancy(): Promise<number> {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, ['has_vacancy']);
  const res = await m.client.post('/api/vacancy', {
    title: 'Бухгалтер',
    city: '1069',
    description: `<p>${'Ведение учёта и отчётности небольшой компании. '.repeat(5)}</p>`,
    status: 'published',
  });
  if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res.id as number;
}

async function replyWithFile(client: TestClient, vacancyId: number) {
  const boundary = `----hr${randomBytes(8).toString('hex')}`;
  const fields = { fio: 'Петрова Анна Сергеевна', phone: uniquePhone(), email: uniqueEmail('cand'), consent: 'on', consent_version: consentVersion('reply') };
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  await client.csrf();
  return client.request('POST', `/api/vacancy/${vacancyId}/reply`, Buffer.concat(parts), {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const count = async (query: ReturnType<typeof sql>) => Number((await db().rows<{ n: number }>(query))[0]?.n ?? 0);

describe('global caps per hour', () => {
  it('takes at most REPLY_FILES_PER_HOUR reply files from all addresses together, under concurrent requests', async () => {
    const vacancyId = await publishedVacancy();
    const answers = await Promise.all(Array.from({ length: 10 }, () => replyWithFile(visitor(), vacancyId)));
    const statuses = answers.map((a) => a.status);
    expect(answers.filter((a) => a.status !== 429 && a.status !== 200).map((a) => a.body)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FILES_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - FILES_PER_HOUR);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.message).toMatch(/^Сейчас на сайт загружают слишком много файлов резюме\. Повторите через \d+ мин\./);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from reply_files`)).toBe(FILES_PER_HOUR);
    // A reply with its text instead of a file still goes through.
    const text = await visitor().post(`/api/vacancy/${vacancyId}/reply`, {
      fio: 'Иванов Иван Иванович',
      phone: uniquePhone(),
      email: uniqueEmail('cand'),
      consent: true,
      consent_version: consentVersion('reply'),
      resume_text: 'Десять лет в бухгалтерии.',
    });
    expect(text.status).toBe(200);
  });

  it('takes at most ERROR_REPORTS_PER_HOUR client error reports from all addresses together', async () => {
    const send = async () => {
      const client = visitor();
      await client.csrf();
      return client.post('/api/error/send', { error: `TypeError: flood ${randomInt(1e9)}`, info: '', host: 'club.test', path: '/' });
    };
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(REPORTS_PER_HOUR);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10 - REPORTS_PER_HOUR);
    expect(refused[0]?.body.message).toMatch(/^Слишком много сообщений об ошибках\. Повторите через \d+ мин\.$/);
    expect(await count(sql`select count(*)::int as n from client_errors where error like 'TypeError: flood %'`)).toBe(REPORTS_PER_HOUR);
  });

  it('keeps every limit in one table with a Russian message and distinct keys', () => {
    const keys = new Set<string>();
    for (const [name, l] of Object.entries(RATE_LIMITS)) {
      expect(l.message(5), name).toMatch(/[А-Яа-яЁё]/);
      const key = l.key('x');
      expect(keys.has(key), name).toBe(false);
      keys.add(key);
    }
  });
});

describe('retention', () => {
  it('deletes reply files 180 days after their vacancy closed, keeps open and recently closed ones, and client errors after 30 days', async () => {
    expect(RETENTION.replyFilesAfterClose).toBe('180 days');
    expect(RETENTION.clientErrors).toBe('30 days');
    await db().rows(sql`delete from rate_limits`);
    const [longClosed, recentlyClosed, open] = [await publishedVacancy(), await publishedVacancy(), await publishedVacancy()];
    for (const id of [longClosed, recentlyClosed, open]) {
      const res = await replyWithFile(visitor(), id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await db().rows(sql`update vacancies set status = 'closed', closed_at = now() - interval '181 days' where id = ${longClosed}`);
    await db().rows(sql`update vacancies set status = 'closed', closed_at = now() - interval '179 days' where id = ${recentlyClosed}`);
    // An open vacancy keeps its files however old they are.
    await db().rows(sql`update reply_files set created_at = now() - interval '3 years'`);
    // A file nobody refers to (an upload whose reply never came) goes after a day.
    await db().rows(sql`insert into reply_files (size, complete, created_at) values (1, false, now() - interval '2 days')`);
    await db().rows(sql`insert into client_errors (error, info, host, path, created_at)
      values ('old', '', 'club.test', '/', now() - interval '31 days'), ('recent', '', 'club.test', '/', now() - interval '29 days')`);

    const files = (vacancyId: number) =>
      db().rows<{ file_key: string | null; file_name: string | null; fio: string }>(
        sql`select file_key, file_name, fio from vacancy_replies where vacancy_id = ${vacancyId}`,
      );
    const [before] = await files(longClosed);
    const deleted = await runCleanup(db());
    expect(deleted.replyFiles).toBe(1);
    expect(deleted.orphanFiles).toBe(1);

    const [after] = await files(longClosed);
    expect(after).toMatchObject({ file_key: null, file_name: null, fio: 'Петрова Анна Сергеевна' });
    expect(await count(sql`select count(*)::int as n from reply_files where id = ${Number(before?.file_key)}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from reply_file_chunks where file_id = ${Number(before?.file_key)}`)).toBe(0);
    for (const id of [recentlyClosed, open]) expect((await files(id))[0]?.file_key).toBeTruthy();

    const errors = await db().rows<{ error: string }>(sql`select error from client_errors where error in ('old', 'recent')`);
    expect(errors.map((e) => e.error)).toEqual(['recent']);
  });
});
