import { randomInt } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { consentVersion } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createTestApp, registeredMember, TestClient, uniqueEmail } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';

let built: BuiltApp;

beforeAll(async () => {
  built = await createTestApp({ APP_URL: 'http://club.test', REPLY_LIMIT_PER_HOUR: '1000' });
});

const db = () => built.ctx.database;
const DESCRIPTION = `<p>${'Ищем специалиста по подбору персонала в растущую команду, белая зарплата. '.repeat(4)}</p>`;

async function member(flags: string[]) {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, flags);
  return m;
}

/** The text of the one sheet of our XLSX. */
function sheetOf(buf: Buffer): string {
  let at = 0;
  while (buf.readUInt32LE(at) === 0x04034b50) {
    const size = buf.readUInt32LE(at + 18);
    const nameLength = buf.readUInt16LE(at + 26);
    const name = buf.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength;
    if (name === 'xl/worksheets/sheet1.xml') return inflateRawSync(buf.subarray(start, start + size)).toString('utf8');
    at = start + size;
  }
  return '';
}

const raw = (client: TestClient, url: string) =>
  built.app.inject({ method: 'GET', url, headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ') } });

async function setup(flags: string[]) {
  const owner = await member(flags);
  const res = await owner.client.post('/api/vacancy', { title: 'Рекрутер: IT/«Финтех»', city: '1069', skills: ['Подбор'], description: DESCRIPTION, status: 'published' });
  const v = res.body.res as { id: number };
  const email = uniqueEmail('cand');
  const visitor = new TestClient(built.app, `10.6.${randomInt(0, 255)}.${randomInt(1, 255)}`);
  const reply = await visitor.post(`/api/vacancy/${v.id}/reply`, {
    fio: 'Соколова Ирина Павловна',
    phone: '+7 (916) 123-45-67',
    email,
    consent: true,
    consent_version: consentVersion('reply'),
    resume_text: 'Опыт подбора.',
    city_name: '=HYPERLINK("http://evil.test")',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  // An invited club resume with contacts of its own.
  const club = await createResume(db(), { firstName: 'Глеб', lastName: 'Закрытов', phone: '9035556677', email: 'zakrytov@example.ru', cityId: 1069 });
  expect((await owner.client.post(`/api/vacancy/${v.id}/invite`, { resume_hash: club.hash })).status).toBe(200);
  return { owner, v, email, replyId: Number(reply.body.res.id), club };
}

describe('the export of a vacancy’s replies', () => {
  it('CSV: one row per reply with its stage, reason, dates in Moscow time, source and link; a formula is kept text', async () => {
    const { owner, v, email, replyId } = await setup(['has_vacancy']);
    const [rejected] = await db().rows<{ id: number }>(sql`select id from vacancy_stages where vacancy_id = ${v.id} and kind = 'rejected'`);
    const [reason] = await db().rows<{ id: number; title: string }>(sql`select id, title from rejection_reasons where owner_id is null order by id limit 1`);
    const moved = await owner.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids: [replyId], stage_id: rejected?.id, reason_id: reason?.id });
    expect(moved.status).toBe(200);
    const csv = await raw(owner.client, `/api/vacancy/${v.id}/reply/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Отклики — Рекрутер  IT «Финтех».csv').replace(/'/g, '%27')}`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('ФИО;Этап;Причина отказа;Дата отклика;Дата перехода на этап;Город;Телефон;E-mail;Источник;Ссылка');
    expect(lines).toHaveLength(3);
    const row = lines.find((l) => l.startsWith('Соколова')) ?? '';
    expect(row).toContain(`;Отказ;${reason?.title};`);
    expect(row).toMatch(/;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};/);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    // A phone starts with «+»: the spreadsheet writer keeps it text too.
    expect(row).toContain(`;'+7 (916) 123-45-67;${email};Публичная страница;http://club.test/vacancy/${v.id}/reply/${replyId}`);

    // One stage only; the chosen ids only.
    const [newStage] = await db().rows<{ id: number }>(sql`select id from vacancy_stages where vacancy_id = ${v.id} and kind = 'new'`);
    const byStage = await raw(owner.client, `/api/vacancy/${v.id}/reply/export?format=csv&stage_id=${rejected?.id}`);
    expect(byStage.body.trim().split('\r\n')).toHaveLength(2);
    const byIds = await raw(owner.client, `/api/vacancy/${v.id}/reply/export?format=csv&ids=${replyId}`);
    expect(byIds.body.trim().split('\r\n')).toHaveLength(2);
    expect((await raw(owner.client, `/api/vacancy/${v.id}/reply/export?format=csv&stage_id=${newStage?.id}`)).body).not.toContain('Соколова');
  });

  it('XLSX: the same rows in a sheet; an invited club resume as its card would show it to this member', async () => {
    const { owner, v, club } = await setup(['has_vacancy']);
    const xlsx = await raw(owner.client, `/api/vacancy/${v.id}/reply/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = sheetOf(xlsx.rawPayload);
    expect((sheet.match(/<row /g) ?? []).length).toBe(3);
    expect(sheet).toContain('Соколова Ирина Павловна');
    expect(sheet).toContain('Приглашён из базы');
    // Without open_contact: initials only, no contacts of the club resume.
    expect(sheet).toContain('Г. З.');
    expect(sheet).not.toContain('Закрытов');
    expect(sheet).not.toContain('zakrytov@example.ru');
    expect(sheet).not.toContain('555-66-77');

    const opener = await setup(['has_vacancy', 'open_contact']);
    const named = sheetOf((await raw(opener.owner.client, `/api/vacancy/${opener.v.id}/reply/export?format=xlsx`)).rawPayload);
    expect(named).toContain('Закрытов Глеб');
    expect(named).not.toContain('zakrytov@example.ru');
    // Once the member opened the contacts, as on the resume page.
    expect((await opener.owner.client.post(`/api/resume/${opener.club.hash}/contacts`, {})).status).toBe(200);
    const opened = sheetOf((await raw(opener.owner.client, `/api/vacancy/${opener.v.id}/reply/export?format=xlsx`)).rawPayload);
    expect(opened).toContain('zakrytov@example.ru');
    expect(opened).toContain('+7 (903) 555-66-77');
    expect(club.hash).toBeTruthy();
  });

  it('another team’s vacancy is not found; a visitor is refused; bad parameters are a Russian 422', async () => {
    const { v } = await setup(['has_vacancy']);
    const stranger = await member(['has_vacancy']);
    expect((await raw(stranger.client, `/api/vacancy/${v.id}/reply/export?format=csv`)).statusCode).toBe(404);
    expect((await new TestClient(built.app).get(`/api/vacancy/${v.id}/reply/export?format=csv`)).status).toBe(401);
    const owner = (await setup(['has_vacancy'])).owner;
    const bad = await owner.client.get(`/api/vacancy/${v.id}/reply/export?format=pdf`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.format).toEqual(['Формат выгрузки: csv или xlsx']);
  });
});
