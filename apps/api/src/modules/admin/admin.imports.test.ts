import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPrivateTestApp, testConfig } from '../../../test/helpers.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import { toXlsx } from '../../lib/spreadsheet.ts';
import { searchQueryInput } from '@hr/contract';
import { searchResumes, searchTuning } from '../resume/search/search.service.ts';
import { adminOf, auditRows, upload } from './admin.fixtures.ts';

let built: BuiltApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
const db = () => built.ctx.database;
const run = randomUUID().slice(0, 8);
const fileCount = async () => Number((await db().rows<{ n: number }>(sql`select count(*)::int as n from reply_files`))[0]?.n);

beforeAll(async () => {
  // A database of its own: the file runs the job queue (the imports).
  built = await createPrivateTestApp();
  admin = await adminOf(built.app, db());
});

const hh = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `${run}-${id}`,
    last_name: 'Иванова',
    first_name: 'Мария',
    birth_date: '1990-04-12',
    gender: { id: 'female' },
    area: { id: '1', name: 'Москва' },
    title: 'Главный бухгалтер',
    salary: { amount: 150000, currency: 'RUR' },
    ...extra,
  });

const jsonl = [
  hh('a'),
  hh('no-title', { title: '' }),
  '',
  hh('b', { title: 'Кассир' }),
  '{"id": broken',
  hh('c', { title: 'Аудитор' }),
].join('\n');

describe('resume import from the back office', () => {
  it('refuses a missing file, a wrong format and an empty file with Russian messages', async () => {
    const none = await admin.client.post('/api/admin/imports', {});
    expect(none.status).toBe(422);
    expect(none.body.errors?.file?.[0]).toBe('Приложите файл');
    const wrong = await upload(admin.client, 'resumes.xlsx', 'x');
    expect(wrong.body.errors?.file?.[0]).toBe('Нужен файл .json (выгрузка hh.ru), .jsonl, .ndjson (JSON Lines) или .csv');
    const empty = await upload(admin.client, 'resumes.jsonl', '');
    expect(empty.body.errors?.file?.[0]).toBe('Файл пустой');
    // The content counts, not the name: a spreadsheet or a PDF called .csv is not text.
    const before = await fileCount();
    for (const binary of [toXlsx('Лист', ['Фамилия'], [['Иванова']]), Buffer.from('%PDF-1.7\n1 0 obj')]) {
      const disguised = await upload(admin.client, 'resumes.csv', binary);
      expect(disguised.status).toBe(422);
      expect(disguised.body.errors?.file?.[0]).toBe('Нужен файл .json (выгрузка hh.ru), .jsonl, .ndjson (JSON Lines) или .csv');
    }
    expect(await fileCount()).toBe(before);
  });

  it('queues the upload as a job that survives a restart; progress, counts and the per-line report', async () => {
    const res = await upload(admin.client, 'C:\\Users\\hr\\база.jsonl', jsonl);
    expect(res.status).toBe(200);
    const job = res.body.res;
    expect(job).toMatchObject({
      file_name: 'база.jsonl',
      format: 'jsonl',
      status: 'queued',
      status_title: 'В очереди',
      uploaded_by: admin.id,
    });
    expect(job.size).toBe(Buffer.byteLength(jsonl));
    expect((await auditRows(db(), 'import.upload', job.id))[0]).toMatchObject({ actor_id: admin.id, details: { file: 'база.jsonl' } });

    // A run cut short: the row says running, half a report is written, the lease has run out.
    await db().rows(sql`update resume_imports set status = 'running', rows = 1 where id = ${job.id}`);
    await db().rows(sql`insert into resume_import_rejects (import_id, line, reason) values (${job.id}, 2, 'stale')`);
    await db().rows(
      sql`update jobs set attempts = 1, locked_until = now() - interval '1 second' where kind = 'admin.resume_import' and payload->>'import_id' = ${String(job.id)}`,
    );

    // Another server process on the same database picks it up.
    const second = await buildApp(testConfig(), { database: db(), startWorker: false, logger: false });
    try {
      for (let i = 0; i < 5; i++) {
        await second.ctx.queue.runPending();
        const [row] = await db().rows<{ status: string }>(sql`select status from resume_imports where id = ${job.id}`);
        if (row?.status === 'done') break;
      }
    } finally {
      await second.app.close();
    }
    const done = (await admin.client.get(`/api/admin/imports/${job.id}`)).body.res;
    expect(done).toMatchObject({ status: 'done', status_title: 'Завершён', imported: 3, updated: 0, rejected: 2, rows: 5, error: null });
    expect(done.finished_at).toBeTruthy();
    const report = (await admin.client.get(`/api/admin/imports/${job.id}/report`)).body.res;
    expect(report.total).toBe(2);
    expect(report.data.map((l: { line: number }) => l.line)).toEqual([2, 5]);
    expect(report.data[1].reason).toContain('JSON');
    const [stored] = await db().rows<{ file_key: string | null }>(sql`select file_key from resume_imports where id = ${job.id}`);
    expect(stored?.file_key).toBeNull();
    const found = await db().rows<{ title: string }>(
      sql`select title from resumes where source = 'import' and source_id like ${`${run}-%`} order by title`,
    );
    expect(found.map((r) => r.title)).toEqual(['Аудитор', 'Главный бухгалтер', 'Кассир']);
    expect((await auditRows(db(), 'import.finish', job.id))[0]).toMatchObject({
      actor_id: admin.id,
      details: { status: 'done', imported: 3, rejected: 2 },
    });

    const list = (await admin.client.get('/api/admin/imports')).body.res;
    expect(list.data[0].id).toBe(job.id);
    expect((await admin.client.get('/api/admin/imports/999999999')).status).toBe(404);
  });

  it('a search answered from the caches before an import finds the imported resumes right after it', async () => {
    const word = `импортслово${run.replace(/[^a-z]/g, '')}`;
    const tuning = { ...searchTuning(built.ctx), cacheTtlMs: 60_000, pageCacheTtlMs: 60_000 };
    const q = searchQueryInput.parse({ text: word });
    expect((await searchResumes(built.ctx, q, null, tuning)).total).toBe(0);
    const res = await upload(admin.client, 'новые.jsonl', hh('cache', { title: `Бухгалтер ${word}` }));
    expect(res.status).toBe(200);
    for (let i = 0; i < 5; i++) {
      await built.ctx.queue.runPending();
      const [row] = await db().rows<{ status: string }>(sql`select status from resume_imports where id = ${res.body.res.id}`);
      if (row?.status === 'done') break;
    }
    // The same search, with the same caches: the import dropped them.
    const after = await searchResumes(built.ctx, q, null, tuning);
    expect(after.total).toBe(1);
    expect(after.data[0]?.title).toContain(word);
  });

  it('imports CSV (a bad cell costs the cell, with a note in the report) and fails a file with a bad header, saying why', async () => {
    const csv = `id,last_name,first_name,birth_date,gender,area,title\r\n${run}-c1,Соколов,Иван,1985-11-03,male,Москва,Водитель\r\n${run}-c2,Орлов,Пётр,1992-13-01,male,Москва,Логист\r\n`;
    const ok = (await upload(admin.client, 'r.csv', csv)).body.res;
    const bad = (await upload(admin.client, 'bad.csv', 'совсем,не,то\r\n1,2,3\r\n')).body.res;
    await built.ctx.queue.runPending();
    expect((await admin.client.get(`/api/admin/imports/${ok.id}`)).body.res).toMatchObject({
      status: 'done',
      imported: 2,
      rejected: 0,
      noted: 1,
    });
    expect((await admin.client.get(`/api/admin/imports/${ok.id}/report`)).body.res.data).toEqual([
      { line: 3, kind: 'noted', reason: 'birth_date: «1992-13-01» — не дата (нужно ГГГГ-ММ-ДД или ДД.ММ.ГГГГ), пропущено' },
    ]);
    const failed = (await admin.client.get(`/api/admin/imports/${bad.id}`)).body.res;
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
  });

  it('reports a row the database refuses with a Russian reason, never the statement or the driver', async () => {
    const file = [hh('nul-ok'), hh('nul-bad', { title: 'Бух\u0000галтер' }), hh('nul-ok2', { title: 'Кассир' })].join('\n');
    expect(file).toContain('\\u0000'); // the JSON escape: the line parses, the database refuses it
    const job = (await upload(admin.client, 'nul.jsonl', file)).body.res;
    await built.ctx.queue.runPending();
    expect((await admin.client.get(`/api/admin/imports/${job.id}`)).body.res).toMatchObject({ status: 'done', imported: 2, rejected: 1 });
    const report = (await admin.client.get(`/api/admin/imports/${job.id}/report`)).body.res;
    expect(report.data).toEqual([{ line: 2, kind: 'rejected', reason: 'Недопустимый символ NUL в поле «title»' }]);
    expect(JSON.stringify(report)).not.toMatch(/insert|select|jsonb|query|unsupported/i);
  });

  it('an hh.ru API resume (2019 documentation layout) is imported with its notes; the report tells notes from refusals', async () => {
    const fixtures = path.join(import.meta.dirname, '../../../test/fixtures/import');
    const resume = readFileSync(path.join(fixtures, 'hh-2019-python.json'), 'utf8').replace(/"id": "fixture/g, `"id": "${run}-fixture`);
    const job = (await upload(admin.client, 'resume.json', resume)).body.res;
    await built.ctx.queue.runPending();
    expect((await admin.client.get(`/api/admin/imports/${job.id}`)).body.res).toMatchObject({
      status: 'done',
      // found to be a JSON document, not JSON Lines: its report numbers resumes, not lines
      format: 'json',
      imported: 1,
      rejected: 0,
      noted: 1,
    });
    const [line] = (await admin.client.get(`/api/admin/imports/${job.id}/report`)).body.res.data;
    expect(line).toMatchObject({ line: 1, kind: 'noted' });
    expect(line.reason.split('\n')).toContain('language[0].level.id: «native» → «l1» (уровень из старого справочника hh.ru)');
    const list = (await admin.client.get('/api/admin/imports')).body.res;
    expect(list.data.find((j: { id: number }) => j.id === job.id)).toMatchObject({ noted: 1, rejected: 0 });
  });

  it('a .json upload is an hh.ru export from the start, one resume on one line too: its report numbers resumes; .jsonl stays JSON Lines', async () => {
    const one = `\n${hh('json-one', { skills: 42 })}\n`;
    const json = (await upload(admin.client, 'one.json', one)).body.res;
    expect(json.format).toBe('json');
    const lines = (await upload(admin.client, 'one.jsonl', one)).body.res;
    expect(lines.format).toBe('jsonl');
    await built.ctx.queue.runPending();
    for (const [job, format, line] of [
      [json, 'json', 1],
      [lines, 'jsonl', 2],
    ] as const) {
      expect((await admin.client.get(`/api/admin/imports/${job.id}`)).body.res).toMatchObject({ status: 'done', format, noted: 1 });
      const report = (await admin.client.get(`/api/admin/imports/${job.id}/report`)).body.res.data;
      expect(report).toEqual([{ line, kind: 'noted', reason: 'skills: должно быть строкой, а не числом — пропущено' }]);
    }
  });
});
