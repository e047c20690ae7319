import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { createTestApp, registeredMember } from '../../../test/helpers.ts';
import { createResume, setFlags } from '../../../test/factories.ts';
import { findUserByEmail } from '../user/user.service.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});

async function member(flags: string[] = []) {
  const m = await registeredMember(built.app);
  if (flags.length) await setFlags(built.ctx.database, m.email, flags);
  const user = await findUserByEmail(built.ctx.database.db, m.email);
  return { ...m, id: user?.id as number };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A lead with one member who accepted the invite. */
async function team(leadFlags: string[] = []) {
  const lead = await member(['team_lead', ...leadFlags]);
  const mate = await member();
  const invite = await lead.client.post('/api/user/team/invite/create', { user_id: mate.id });
  expect((await mate.client.post('/api/user/team/invite', { id: invite.body.res.id, status: 1 })).status).toBe(200);
  return { lead, mate };
}

const folder = async (m: Member, name: string, shared = false) => {
  const res = await m.client.post('/api/favourite/folders', { name, shared });
  expect(res.status).toBe(200);
  return res.body.res as { id: number; name: string; shared: boolean; mine: boolean; count: number };
};
const keep = async (m: Member, overrides: Parameters<typeof createResume>[1] = {}, note?: string) => {
  const resume = await createResume(built.ctx.database, overrides);
  expect((await m.client.post(`/api/favourite/${resume.hash}`, note ? { note } : {})).status).toBe(200);
  return resume;
};
const hashesOf = (res: { body: { res?: { data: { hash: string }[] } } }) => (res.body.res?.data ?? []).map((c) => c.hash);

describe('favourite folders', () => {
  it('a member creates, renames, shares and deletes a folder; bad names are 422 in Russian', async () => {
    const m = await member();
    const created = await folder(m, '  Финалисты  ');
    expect(created).toMatchObject({ name: 'Финалисты', shared: false, mine: true, count: 0 });

    const empty = await m.client.post('/api/favourite/folders', { name: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.name).toEqual(['Введите название папки']);
    const long = await m.client.post('/api/favourite/folders', { name: 'я'.repeat(61) });
    expect(long.body.errors?.name).toEqual(['Название папки — не длиннее 60 символов']);
    expect((await m.client.post('/api/favourite/folders', { name: 'я'.repeat(60) })).status).toBe(200);
    const taken = await m.client.post('/api/favourite/folders', { name: 'финалисты' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors?.name).toEqual(['Папка с таким названием у вас уже есть']);
    expect((await m.client.post('/api/favourite/folders', { name: 'Ок', shared: 'да' })).body.errors?.shared).toEqual([
      'Укажите, видна ли папка команде',
    ]);

    const renamed = await m.client.request('PATCH', `/api/favourite/folders/${created.id}`, { name: 'Финал', shared: true });
    expect(renamed.status).toBe(200);
    expect(renamed.body.res).toMatchObject({ id: created.id, name: 'Финал', shared: true });
    // Renaming to its own name in another case is not a clash.
    expect((await m.client.request('PATCH', `/api/favourite/folders/${created.id}`, { name: 'ФИНАЛ' })).status).toBe(200);

    const resume = await keep(m);
    expect((await m.client.request('PUT', `/api/favourite/${resume.hash}/folders`, { folder_ids: [created.id] })).body.res).toEqual({
      folder_ids: [created.id],
    });
    const listed = (await m.client.get('/api/favourite/folders')).body.res;
    expect(listed.find((f: { id: number }) => f.id === created.id)).toMatchObject({ name: 'ФИНАЛ', count: 1 });

    expect((await m.client.request('DELETE', `/api/favourite/folders/${created.id}`)).status).toBe(200);
    expect((await m.client.get('/api/favourite/folders')).body.res.map((f: { id: number }) => f.id)).not.toContain(created.id);
    // The candidate stays in favourites.
    expect(hashesOf(await m.client.get('/api/favourite'))).toContain(resume.hash);
    expect((await m.client.request('DELETE', `/api/favourite/folders/${created.id}`)).status).toBe(404);
  });

  it("another member's folder is not found: list, filter, rename, delete, put a candidate in", async () => {
    const owner = await member();
    const stranger = await member();
    const own = await folder(owner, 'Моя папка', true);
    const resume = await keep(stranger);
    expect((await stranger.client.get('/api/favourite/folders')).body.res).toEqual([]);
    expect((await stranger.client.get(`/api/favourite?folder=${own.id}`)).status).toBe(404);
    expect((await stranger.client.request('PATCH', `/api/favourite/folders/${own.id}`, { name: 'Чужая' })).status).toBe(404);
    expect((await stranger.client.request('DELETE', `/api/favourite/folders/${own.id}`)).status).toBe(404);
    expect((await stranger.client.request('PUT', `/api/favourite/${resume.hash}/folders`, { folder_ids: [own.id] })).status).toBe(404);
    expect((await stranger.client.get(`/api/favourite/export?format=csv&folder=${own.id}`)).status).toBe(404);
    expect((await stranger.client.get('/api/favourite/folders/abc')).status).toBe(404);
    expect((await stranger.client.request('PATCH', '/api/favourite/folders/abc', { name: 'x' })).status).toBe(422);
    // A candidate nobody of the team keeps cannot be put into folders.
    const mine = await folder(stranger, 'Своя');
    const loose = await createResume(built.ctx.database);
    expect((await stranger.client.request('PUT', `/api/favourite/${loose.hash}/folders`, { folder_ids: [mine.id] })).status).toBe(404);
    // The owner's folder is untouched.
    expect((await owner.client.get('/api/favourite/folders')).body.res[0]).toMatchObject({ id: own.id, name: 'Моя папка' });
  });

  it('a shared folder is seen and filled by the team, changed only by its owner, and lost on leaving the team', async () => {
    const { lead, mate } = await team();
    const shared = await folder(lead, 'Команде', true);
    const privateOne = await folder(lead, 'Только мне');
    const theirs = (await mate.client.get('/api/favourite/folders')).body.res;
    expect(theirs).toEqual([
      { id: shared.id, name: 'Команде', shared: true, mine: false, owner: { id: lead.id, name: 'Мария', family: 'Иванова' }, count: 0 },
    ]);
    expect((await mate.client.get(`/api/favourite?folder=${privateOne.id}`)).status).toBe(404);

    // The teammate puts their own candidate into the lead's shared folder; the lead sees it there.
    const resume = await keep(mate, { title: 'Рекрутер команды' });
    expect((await mate.client.request('PUT', `/api/favourite/${resume.hash}/folders`, { folder_ids: [shared.id] })).status).toBe(200);
    expect(hashesOf(await lead.client.get(`/api/favourite?folder=${shared.id}`))).toEqual([resume.hash]);
    expect((await lead.client.get('/api/favourite')).body.res.data[0]).toMatchObject({ hash: resume.hash, folder_ids: [shared.id] });
    // The lead's private folder is not the teammate's to fill.
    expect((await mate.client.request('PUT', `/api/favourite/${resume.hash}/folders`, { folder_ids: [privateOne.id] })).status).toBe(404);

    const rename = await mate.client.request('PATCH', `/api/favourite/folders/${shared.id}`, { name: 'Захват' });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toBe('Изменить или удалить папку может только её автор');
    expect((await mate.client.request('DELETE', `/api/favourite/folders/${shared.id}`)).status).toBe(403);

    // Unsharing hides it from the team at once.
    await lead.client.request('PATCH', `/api/favourite/folders/${shared.id}`, { shared: false });
    expect((await mate.client.get('/api/favourite/folders')).body.res).toEqual([]);
    await lead.client.request('PATCH', `/api/favourite/folders/${shared.id}`, { shared: true });

    expect((await mate.client.post('/api/user/team/leave')).status).toBe(200);
    expect((await mate.client.get('/api/favourite/folders')).body.res).toEqual([]);
    expect((await mate.client.get(`/api/favourite?folder=${shared.id}`)).status).toBe(404);
    expect((await mate.client.request('PUT', `/api/favourite/${resume.hash}/folders`, { folder_ids: [shared.id] })).status).toBe(404);
    // …and the lead no longer lists the former teammate's candidate.
    expect(hashesOf(await lead.client.get(`/api/favourite?folder=${shared.id}`))).toEqual([]);
  });

  it("a member's own data export lists their folders and what they hold", async () => {
    const m = await member();
    const f = await folder(m, 'В выгрузку данных', true);
    const resume = await keep(m);
    await m.client.request('PUT', `/api/favourite/${resume.hash}/folders`, { folder_ids: [f.id] });
    const tables = (await m.client.get('/api/user/export')).body.res.tables;
    expect(tables.favourite_folders).toHaveLength(1);
    // Row ids come as the database gives them (a bigint is text on PostgreSQL), as in the export's other tables.
    expect(Number(tables.favourite_folders[0].id)).toBe(f.id);
    expect(tables.favourite_folders[0]).toMatchObject({ name: 'В выгрузку данных', shared: true, resume_hashes: [resume.hash] });
  });

  it('keeps at most 100 folders, also when created at the same time', async () => {
    const m = await member();
    for (let i = 0; i < 97; i++) await folder(m, `Папка ${i}`);
    // Five tabs at once for the last three places: exactly three get through.
    const burst = await Promise.all([1, 2, 3, 4, 5].map((i) => m.client.post('/api/favourite/folders', { name: `Разом ${i}` })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = burst.filter((r) => r.status === 422);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.body.errors?.name).toEqual(['Папок может быть не больше 100']);
    expect((await m.client.get('/api/favourite/folders')).body.res).toHaveLength(100);
    expect((await m.client.post('/api/favourite/folders', { name: 'Сто первая' })).status).toBe(422);
  });

  it('one name at a time: two tabs creating the same folder get one folder and one 422', async () => {
    const m = await member();
    const both = await Promise.all([
      m.client.post('/api/favourite/folders', { name: 'Дубль' }),
      m.client.post('/api/favourite/folders', { name: 'дубль' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await m.client.get('/api/favourite/folders')).body.res).toHaveLength(1);
  });

  it('searches inside favourites by title, skills and note, and by folder', async () => {
    const m = await member();
    const tag = `щ${Date.now().toString(36).replace(/\d/g, '')}`;
    const byTitle = await keep(m, { title: `Рекрутер ${tag}` });
    const bySkill = await keep(m, { title: 'Бухгалтер', skills: ['Excel', `Хантинг${tag}`] });
    const byNote = await keep(m, { title: 'Юрист' }, `перезвонить ${tag.toUpperCase()} в пятницу`);
    const other = await keep(m, { title: 'Водитель' });
    expect(new Set(hashesOf(await m.client.get(`/api/favourite?q=${encodeURIComponent(tag)}`)))).toEqual(
      new Set([byTitle.hash, bySkill.hash, byNote.hash]),
    );
    const page = (await m.client.get(`/api/favourite?q=${encodeURIComponent(tag)}`)).body.res;
    expect(page.total).toBe(3);
    // Percent and underscore are taken literally.
    expect((await m.client.get(`/api/favourite?q=${encodeURIComponent('%')}`)).body.res.total).toBe(0);

    const f = await folder(m, 'Срочно');
    await m.client.request('PUT', `/api/favourite/${bySkill.hash}/folders`, { folder_ids: [f.id] });
    await m.client.request('PUT', `/api/favourite/${other.hash}/folders`, { folder_ids: [f.id] });
    expect(new Set(hashesOf(await m.client.get(`/api/favourite?folder=${f.id}`)))).toEqual(new Set([bySkill.hash, other.hash]));
    expect(hashesOf(await m.client.get(`/api/favourite?folder=${f.id}&q=${encodeURIComponent(tag)}`))).toEqual([bySkill.hash]);
    // Taking it out of the folder, and removing a favourite, both leave the folder.
    await m.client.request('PUT', `/api/favourite/${bySkill.hash}/folders`, { folder_ids: [] });
    await m.client.request('DELETE', `/api/favourite/${other.hash}`);
    expect(hashesOf(await m.client.get(`/api/favourite?folder=${f.id}`))).toEqual([]);
    expect((await m.client.get(`/api/favourite/${other.hash}/folders`)).body.res).toEqual({ folder_ids: [] });

    const long = await m.client.get(`/api/favourite?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(422);
    expect(long.body.errors?.q).toEqual(['Запрос — не длиннее 200 символов']);
  });
});

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

const csvLines = (raw: string) =>
  raw
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('favourites export', () => {
  it('writes what the list shows, names only with open_contact, contacts only of opened candidates', async () => {
    const tag = `э${Date.now().toString(36).replace(/\d/g, '')}`;
    const plain = await member();
    const opener = await member(['open_contact']);
    const closed = await createResume(built.ctx.database, {
      title: `Кадровик ${tag}`,
      firstName: 'Закрытов',
      lastName: 'Семёнов',
      phone: '9031112233',
      email: 'closed@example.ru',
    });
    const open = await createResume(built.ctx.database, {
      title: `Кадровик ${tag} 2`,
      firstName: 'Открытов',
      lastName: 'Петров',
      phone: '9034445566',
      email: 'open@example.ru',
    });
    const elsewhere = await createResume(built.ctx.database, { title: 'Не в выгрузке' });
    for (const m of [plain, opener]) {
      await m.client.post(`/api/favourite/${closed.hash}`, { note: '=1+1 заметка' });
      await m.client.post(`/api/favourite/${open.hash}`, {});
      await m.client.post(`/api/favourite/${elsewhere.hash}`, {});
    }
    expect((await opener.client.post(`/api/resume/${open.hash}/contacts`)).status).toBe(200);

    // A member without open_contact: initials, no names, no contacts.
    const plainCsv = await plain.client.get(`/api/favourite/export?format=csv&q=${encodeURIComponent(tag)}`);
    expect(plainCsv.status).toBe(200);
    expect(plainCsv.headers['content-disposition']).toMatch(/attachment; filename="izbrannoe-.*\.csv"/);
    const plainLines = csvLines(String(plainCsv.body.raw));
    expect(plainLines).toHaveLength(3);
    expect(plainLines[0]).toMatch(/^Инициалы;Должность;Возраст;Город;/);
    const plainText = String(plainCsv.body.raw);
    for (const secret of ['Закрытов', 'Открытов', 'Семёнов', 'Петров', '903', 'closed@example.ru', 'open@example.ru', 'Не в выгрузке']) {
      expect(plainText).not.toContain(secret);
    }
    // A note that looks like a formula is written as text.
    expect(plainText).toContain("'=1+1 заметка");

    // With open_contact: names; contacts of the opened candidate only.
    const openerCsv = await opener.client.get(`/api/favourite/export?format=csv&q=${encodeURIComponent(tag)}`);
    const lines = csvLines(String(openerCsv.body.raw));
    expect(lines[0]).toMatch(/^Фамилия;Имя;Телефон;E-mail;Telegram;Должность/);
    const openRow = lines.find((l) => l.includes('Открытов')) ?? '';
    const closedRow = lines.find((l) => l.includes('Закрытов')) ?? '';
    expect(openRow).toContain('+7 (903) 444-55-66');
    expect(openRow).toContain('open@example.ru');
    expect(closedRow).toContain('Семёнов');
    expect(closedRow).not.toContain('903');
    expect(closedRow).not.toContain('closed@example.ru');

    // A folder narrows the file as it narrows the list; XLSX has the same rows.
    const f = await folder(opener, 'Выгрузка');
    await opener.client.request('PUT', `/api/favourite/${open.hash}/folders`, { folder_ids: [f.id] });
    const cookie = [...opener.client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
    const xlsx = await built.app.inject({ method: 'GET', url: `/api/favourite/export?format=xlsx&folder=${f.id}`, headers: { cookie } });
    expect(xlsx.statusCode).toBe(200);
    const sheet = sheetOf(xlsx.rawPayload);
    expect((sheet.match(/<row /g) ?? []).length).toBe(2);
    expect(sheet).toContain('Открытов');
    expect(sheet).toContain('+7 (903) 444-55-66');
    expect(sheet).toContain('Выгрузка');
    expect(sheet).not.toContain('Закрытов');

    const bad = await opener.client.get('/api/favourite/export?format=pdf');
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.format).toEqual(['Формат выгрузки: csv или xlsx']);
  });
});
