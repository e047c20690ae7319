import { randomBytes, randomInt } from 'node:crypto';
import { consentVersion } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume, setFlags } from '../../../test/factories.ts';
import { docxFile } from '../../../test/file-fixtures.ts';
import { createPrivateTestApp, registeredMember, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { teamMembers } from '../../db/schema/index.ts';
import { DOCX_TEXT_MAX_CHARS, documentXmlText, docxText } from '../../lib/docx-text.ts';
import { rtfText } from '../../lib/rtf-text.ts';
import { zip } from '../../lib/zip.ts';

let built: BuiltApp;

beforeAll(async () => {
  // A database of its own: the file runs the mail queue.
  built = await createPrivateTestApp({ APP_URL: 'http://club.test', REPLY_LIMIT_PER_HOUR: '1000' });
});

const db = () => built.ctx.database;
const DESCRIPTION = `<p>${'Ищем специалиста по подбору персонала в растущую команду, белая зарплата. '.repeat(4)}</p>`;

async function member(flags: string[] = ['has_vacancy']) {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, flags);
  const [row] = await db().rows<{ id: number }>(sql`select id from users where email = ${m.email}`);
  return { ...m, id: Number(row?.id) };
}

async function createVacancy(client: TestClient, title = 'Рекрутер в IT') {
  const res = await client.post('/api/vacancy', { title, city: '1069', skills: ['Подбор персонала'], description: DESCRIPTION, status: 'published' });
  if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res as { id: number };
}

const visitor = () => new TestClient(built.app, `10.7.${randomInt(0, 255)}.${randomInt(1, 255)}`);

/** A reply with only the required fields and a file, as the public form sends it. */
async function replyWithFile(vacancyId: number, file: { name: string; data: Buffer }, email = uniqueEmail('cand')) {
  const client = visitor();
  await client.csrf();
  const fields: Record<string, string> = {
    fio: 'Соколова Ирина Павловна',
    phone: uniquePhone(),
    email,
    consent: 'on',
    consent_version: consentVersion('reply'),
  };
  const boundary = `----hr${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await client.request('POST', `/api/vacancy/${vacancyId}/reply`, Buffer.concat(parts), {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.res.id as number, email };
}

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const paragraphs = (...texts: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="x"><w:body>${texts.map((t) => `<w:p><w:r><w:t xml:space="preserve">${t}</w:t></w:r></w:p>`).join('')}</w:body></w:document>`;

describe('a reply as it arrived', () => {
  it('a reply with only a file: its name, no invented facts; the candidate gets a receipt by mail', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client, 'Рекрутер в IT-компанию');
    const { id, email } = await replyWithFile(v.id, { name: 'Соколова.pdf', data: pdf() });

    const detail = (await owner.client.get(`/api/vacancy/${v.id}/reply/${id}`)).body.res;
    expect(detail).toMatchObject({ fio: 'Соколова Ирина Павловна', reply_source: 'reply', city_name: null, cover_letter: null, about: null });
    expect(detail.file).toMatchObject({ name: 'Соколова.pdf', type: 'pdf' });
    expect(detail.contacts.email).toBe(email);

    await built.ctx.queue.runPending();
    const mail = await db().rows<{ subject: string; text: string }>(sql`select subject, text from mail_outbox where "to" = ${email}`);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Отклик на вакансию «Рекрутер в IT-компанию» получен');
    expect(mail[0]?.text).toContain('Здравствуйте, Ирина!');
    expect(mail[0]?.text).toContain('вместе с файлом резюме');
    expect(mail[0]?.text).toContain('Что дальше:');
    expect(mail[0]?.text).toContain(`http://club.test/vacancy/${v.id}`);
    // Nobody else's address or name: not the owner's, not the team's.
    expect(mail[0]?.text).not.toContain(owner.email);
    expect(mail[0]?.text).not.toMatch(/@/);
  });

  it('a refused reply sends no receipt', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client);
    const email = uniqueEmail('refused');
    const client = visitor();
    await client.csrf();
    const res = await client.post(`/api/vacancy/${v.id}/reply`, { fio: 'Иванов Пётр', phone: uniquePhone(), email, consent: false });
    expect(res.status).toBe(422);
    expect(await db().rows(sql`select id from jobs where kind = 'mail' and payload->>'to' = ${email}`)).toHaveLength(0);
  });

  it('the PDF is served inline for the page to frame, only to the vacancy team; the download stays an attachment', async () => {
    const owner = await member();
    const mate = await member([]);
    await db().db.insert(teamMembers).values({ leadId: owner.id, userId: mate.id });
    const stranger = await member();
    const v = await createVacancy(owner.client);
    const { id } = await replyWithFile(v.id, { name: 'cv.pdf', data: pdf() });
    const url = `/api/vacancy/${v.id}/reply/${id}/file`;

    for (const who of [owner, mate]) {
      const inline = await who.client.get(`${url}/inline`);
      expect(inline.status).toBe(200);
      expect(inline.headers['content-type']).toBe('application/pdf');
      expect(String(inline.headers['content-disposition'])).toMatch(/^inline; filename="cv\.pdf"/);
      expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
      const csp = String(inline.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("default-src 'none'");
      expect(inline.headers['x-content-type-options']).toBe('nosniff');
      expect(inline.headers['cache-control']).toBe('private, no-store');
    }
    const download = await owner.client.get(url);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
    // Everything else, the download and the pages included, is never framed.
    for (const res of [download, await owner.client.get('/api/user/main_info'), await owner.client.get('/')]) {
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }

    expect((await stranger.client.get(`${url}/inline`)).status).toBe(404);
    expect((await stranger.client.get(`${url}/text`)).status).toBe(404);
    expect((await new TestClient(built.app).get(`${url}/inline`)).status).toBe(401);
    // Another vacancy's id with this reply's id is not a way in either.
    const other = await createVacancy(stranger.client);
    expect((await stranger.client.get(`/api/vacancy/${other.id}/reply/${id}/file/inline`)).status).toBe(404);
    // A PDF has no text to extract here: the page frames it instead.
    expect((await owner.client.get(`${url}/text`)).body.res).toEqual({ text: null, truncated: false });
  });

  it('a DOCX is shown as its text: paragraphs, tabs, entities; a DOCX is never inline', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client);
    const body = paragraphs('Соколова Ирина', 'Опыт:\u00a0<b>не тег</b>'.replace(/</g, '&lt;').replace(/>/g, '&gt;'), 'ООО &quot;Ромашка&quot; &amp; Ко&#8212;5 лет');
    const { id } = await replyWithFile(v.id, { name: 'cv.docx', data: docxFile(body) });
    const text = await owner.client.get(`/api/vacancy/${v.id}/reply/${id}/file/text`);
    expect(text.status).toBe(200);
    expect(text.body.res).toEqual({ text: 'Соколова Ирина\nОпыт:\u00a0<b>не тег</b>\nООО "Ромашка" & Ко—5 лет', truncated: false });
    const inline = await owner.client.get(`/api/vacancy/${v.id}/reply/${id}/file/inline`);
    expect(String(inline.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('a hostile DOCX: a zip bomb and entity tricks give no text, not a hang or a crash', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client);
    // 9 MB of spaces deflate to a few KB: inflating stops at the cap.
    const bomb = docxFile(`<w:document><w:body><w:p><w:r><w:t>${' '.repeat(9 * 1024 * 1024)}x</w:t></w:r></w:p></w:body></w:document>`);
    expect(bomb.length).toBeLessThan(200_000);
    const { id } = await replyWithFile(v.id, { name: 'bomb.docx', data: bomb });
    expect((await owner.client.get(`/api/vacancy/${v.id}/reply/${id}/file/text`)).body.res).toEqual({ text: null, truncated: false });

    const laughs = `<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY x SYSTEM "file:///etc/passwd">]>${paragraphs('&b;&x;Текст')}`;
    const second = await replyWithFile(v.id, { name: 'laughs.docx', data: docxFile(laughs) });
    expect((await owner.client.get(`/api/vacancy/${v.id}/reply/${second.id}/file/text`)).body.res.text).toBe('&b;&x;Текст');
  });

  it('reads DOCX text within its caps (unit)', () => {
    expect(documentXmlText('<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>А</w:t><w:tab/><w:t>Б</w:t><w:br/><w:t>В</w:t></w:r></w:p>')).toBe('А\tБ\nВ');
    expect(documentXmlText('<w:p><w:r><w:t>&#0;&#xD800;ok</w:t><w:tbl/><w:delText>удалено</w:delText></w:r></w:p>')).toBe('ok');
    const long = docxText(zip([{ name: 'word/document.xml', data: Buffer.from(paragraphs('я'.repeat(DOCX_TEXT_MAX_CHARS + 10))) }]));
    expect(long?.truncated).toBe(true);
    expect(long?.text.length).toBe(DOCX_TEXT_MAX_CHARS);
    expect(docxText(Buffer.from('not a zip at all'))).toBeNull();
    expect(docxText(zip([{ name: 'word/other.xml', data: Buffer.from('<w:t>x</w:t>') }]))).toBeNull();
  });
});

describe('an RTF is shown as its text', () => {
  it('through the route, to the team only', async () => {
    const owner = await member();
    const stranger = await member();
    const v = await createVacancy(owner.client);
    const rtf = Buffer.from(
      "{\\rtf1\\ansi\\ansicpg1251\\deff0{\\fonttbl{\\f0 Times New Roman;}}{\\*\\generator Word;}\\pard\\'c8\\'f0\\'e8\\'ed\\'e0 \\'d1\\'ee\\'ea\\'ee\\'eb\\'ee\\'e2\\'e0\\par\\u1054?\\u1087?\\u1099?\\u1090? 5 \\'eb\\'e5\\'f2\\tab IT\\par}",
      'latin1',
    );
    const { id } = await replyWithFile(v.id, { name: 'cv.rtf', data: rtf });
    const url = `/api/vacancy/${v.id}/reply/${id}/file/text`;
    expect((await owner.client.get(url)).body.res).toEqual({ text: 'Ирина Соколова\nОпыт 5 лет\tIT', truncated: false });
    expect((await stranger.client.get(url)).status).toBe(404);
  });

  it('skips what is no text and survives hostile nesting (unit)', () => {
    const read = (s: string) => rtfText(Buffer.from(s, 'latin1'))?.text;
    expect(read('{\\rtf1{\\colortbl;\\red0\\green0\\blue0;}{\\*\\themedata 0102}{\\pict\\pngblip 89504e47}Text\\~and\\{braces\\}}')).toBe('Text\u00a0and{braces}');
    expect(read(`{\\rtf1 ${'{'.repeat(100_000)}deep${'}'.repeat(100_000)} outside}`)).toBe('outside');
    expect(rtfText(Buffer.from('not rtf'))).toBeNull();
  });
});

describe('the invite dialog knows where a resume already is', () => {
  it('marks the vacancies the resume is on; the server still refuses a second invite with a clear 422', async () => {
    const owner = await member();
    const outsider = await member();
    const first = await createVacancy(owner.client, 'Рекрутер');
    const second = await createVacancy(owner.client, 'HR BP');
    const foreign = await createVacancy(outsider.client, 'Чужая вакансия');
    const resume = await createResume(db(), { email: uniqueEmail('club') });

    const before = (await owner.client.get(`/api/vacancy/invite-targets/${resume.hash}`)).body.res.data as { id: number; on: unknown }[];
    expect(before.map((t) => t.id).sort()).toEqual([first.id, second.id].sort());
    expect(before.every((t) => t.on === null)).toBe(true);

    expect((await owner.client.post(`/api/vacancy/${first.id}/invite`, { resume_hash: resume.hash })).status).toBe(200);
    const after = (await owner.client.get(`/api/vacancy/invite-targets/${resume.hash}`)).body.res.data as { id: number; on: unknown }[];
    expect(after.find((t) => t.id === first.id)?.on).toEqual({ source: 'invite', status: 'invited', status_title: 'Приглашение' });
    expect(after.find((t) => t.id === second.id)?.on).toBeNull();
    expect(after.some((t) => t.id === foreign.id)).toBe(false);

    const again = await owner.client.post(`/api/vacancy/${first.id}/invite`, { resume_hash: resume.hash });
    expect(again.status).toBe(422);
    expect(again.body.errors?.resume_hash).toEqual(['Этот кандидат уже есть среди откликов на вакансию']);

    // A reply's own resume is not a club resume: 404, as on the resume page; a visitor is 401.
    const reply = await replyWithFile(first.id, { name: 'cv.pdf', data: pdf() });
    const [row] = await db().rows<{ hash: string }>(sql`select res.hash from vacancy_replies r join resumes res on res.id = r.resume_id where r.id = ${reply.id}`);
    expect((await owner.client.get(`/api/vacancy/invite-targets/${row?.hash}`)).status).toBe(404);
    expect((await new TestClient(built.app).get(`/api/vacancy/invite-targets/${resume.hash}`)).status).toBe(401);
  });
});
