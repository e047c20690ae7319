import { randomInt } from 'node:crypto';
import { AUTOSEARCH_COUNT_CAP, AUTOSEARCH_MAX, AUTOSEARCH_MSG, AUTOSEARCH_PROBLEM, MSG } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { notifications, resumes, savedSearches } from '../../db/schema/index.ts';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';
import { findUserByEmail } from '../user/user.service.ts';
import { parseSavedQuery } from './autosearch.query.ts';

/**
 * Автопоиск's API (PRODUCT 10). The database may be shared with other files (PostgreSQL): every
 * search here is narrowed by a word only this file's resumes contain.
 */
let built: BuiltApp;
const db = () => built.ctx.database;
beforeAll(async () => {
  built = await createTestApp();
});

const LETTERS = 'bcdfghjklmnpqrstvwxz';
const word = () => Array.from({ length: 10 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
const HOUR = 3600_000;

async function member(flags: string[] = []) {
  const m = await registeredMember(built.app);
  if (flags.length) await setFlags(db(), m.email, flags);
  const user = await findUserByEmail(db().db, m.email);
  return { ...m, id: user?.id as number };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A lead with one member who accepted the invite. */
async function team(leadFlags: string[] = [], mateFlags: string[] = []) {
  const lead = await member(['team_lead', ...leadFlags]);
  const mate = await member(mateFlags);
  const invite = await lead.client.post('/api/user/team/invite/create', { user_id: mate.id });
  expect((await mate.client.post('/api/user/team/invite', { id: invite.body.res.id, status: 1 })).status).toBe(200);
  return { lead, mate };
}

const save = (m: Member, body: Record<string, unknown>) => m.client.post('/api/autosearch', body);
async function saved(m: Member, name: string, query: string) {
  const res = await save(m, { name, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.res as { id: number; name: string; query: string };
}
const list = async (m: Member) => {
  const res = await m.client.get('/api/autosearch');
  expect(res.status).toBe(200);
  return res.body.res as {
    id: number;
    name: string;
    new_count: number;
    new_count_capped: boolean;
    problem: string | null;
    frequency: string;
    shared_by: { id: number; fio: string } | null;
  }[];
};
const entry = async (m: Member, id: number) => (await list(m)).find((s) => s.id === id);

describe('saving a search', () => {
  it('keeps the query in the search’s own form and refuses what the search would refuse, under `query`, in Russian', async () => {
    const m = await member();
    const w = word();
    const res = await save(m, {
      name: '  Продажи в Москве ',
      query: `?text=${w}&search_city[]=1069&page=3&searchOrderBy=publication_time`,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(AUTOSEARCH_MSG.saved);
    expect(res.body.res).toMatchObject({
      name: 'Продажи в Москве',
      frequency: 'off',
      channels: { email: true, telegram: false },
      new_count: 0,
      new_count_capped: false,
      shared_by: null,
      problem: null,
    });
    // Canonical: no page, no «?», the search page's parameters.
    const query = res.body.res.query as string;
    expect(query).not.toMatch(/page=|^\?/);
    expect(parseSavedQuery(query)).toMatchObject({ text: w, search_city: ['1069'], searchOrderBy: 'publication_time' });

    const noName = await save(m, { name: '   ', query: '' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors?.name).toEqual([AUTOSEARCH_MSG.nameEmpty]);

    const badAge = await save(m, { name: 'Возраст', query: 'age_from=5' });
    expect(badAge.status).toBe(422);
    expect(badAge.body.errors?.query?.[0]).toBe(`${AUTOSEARCH_MSG.queryInvalid}: возраст — от 14 до 100 лет`);

    const gone = await save(m, { name: 'Город', query: 'search_city[]=999999' });
    expect(gone.status).toBe(422);
    expect(gone.body.errors?.query).toEqual(['Неизвестное значение «999999»']);

    const twoCities = await save(m, { name: 'Два города', query: 'search_city[]=1069&search_city[]=889' });
    expect(twoCities.status).toBe(403);
    expect(twoCities.body.errors?.query).toEqual([AUTOSEARCH_PROBLEM.massSearch]);
    const advanced = await save(m, { name: 'Расширенный', query: `query=${w}` });
    expect(advanced.status).toBe(403);
    expect(advanced.body.errors?.query).toEqual([AUTOSEARCH_PROBLEM.specSearch]);

    const nowhere = await save(m, { name: 'Рассылка', query: '', frequency: 'daily', channels: { email: false, telegram: false } });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.errors?.channels).toEqual([AUTOSEARCH_PROBLEM.noChannel]);

    const paid = await member(['mass_search', 'spec_search']);
    expect((await save(paid, { name: 'Два города', query: 'search_city[]=1069&search_city[]=889' })).status).toBe(200);
    expect((await save(paid, { name: 'Расширенный', query: `query=${w}` })).status).toBe(200);

    // Newest first; only the member's own.
    const mine = await saved(m, 'Второй', `text=${w}`);
    expect((await list(m)).map((s) => s.name)).toEqual([mine.name, 'Продажи в Москве']);
    expect(await list(await member())).toEqual([]);
  });

  it('a visitor is asked to log in', async () => {
    const visitor = new TestClient(built.app);
    expect((await visitor.get('/api/autosearch')).status).toBe(401);
    expect((await visitor.post('/api/autosearch', { name: 'x', query: '' })).status).toBe(401);
  });

  it(`keeps at most ${AUTOSEARCH_MAX} per member, also when ten are saved at once at ${AUTOSEARCH_MAX - 2}`, async () => {
    const m = await member();
    await db()
      .db.insert(savedSearches)
      .values(Array.from({ length: AUTOSEARCH_MAX - 2 }, (_, i) => ({ userId: m.id, name: `Поиск ${i}`, query: '' })));
    // Ten sessions of the member (tabs, devices): requests of one session reach the database one by one.
    const sessions: TestClient[] = [];
    for (let i = 0; i < 10; i++) {
      const c = new TestClient(built.app);
      expect((await c.post('/login', { email: m.email, password: m.password, remember: false })).status).toBe(200);
      sessions.push(c);
    }
    const answers = await Promise.all(sessions.map((c, i) => c.post('/api/autosearch', { name: `Сразу ${i}`, query: '' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(8);
    for (const a of refused) {
      expect(a.status).toBe(422);
      expect(a.body.errors?.name).toEqual([AUTOSEARCH_MSG.tooMany]);
    }
    const [held] = await db().rows<{ n: number }>(sql`select count(*)::int as n from saved_searches where user_id = ${m.id}`);
    expect(Number(held?.n)).toBe(AUTOSEARCH_MAX);
    expect(await list(m)).toHaveLength(AUTOSEARCH_MAX);
    // A deletion makes room again.
    const first = (await list(m))[0] as { id: number };
    expect((await m.client.request('DELETE', `/api/autosearch/${first.id}`)).status).toBe(200);
    expect((await save(m, { name: 'Снова', query: '' })).status).toBe(200);
  });
});

describe('changing and deleting', () => {
  it('renames, changes the frequency, channels and query, and deletes', async () => {
    const m = await member();
    const w = word();
    const s = await saved(m, 'Старое имя', `text=${w}`);
    const renamed = await m.client.request('PUT', `/api/autosearch/${s.id}`, { name: 'Новое имя' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(AUTOSEARCH_MSG.updated);
    expect(renamed.body.res).toMatchObject({ id: s.id, name: 'Новое имя', query: s.query, frequency: 'off' });

    const daily = await m.client.request('PUT', `/api/autosearch/${s.id}`, {
      frequency: 'daily',
      channels: { email: false, telegram: true },
    });
    expect(daily.body.res).toMatchObject({ frequency: 'daily', channels: { email: false, telegram: true } });
    const nowhere = await m.client.request('PUT', `/api/autosearch/${s.id}`, { channels: { email: false, telegram: false } });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.errors?.channels).toEqual([AUTOSEARCH_PROBLEM.noChannel]);
    const badFrequency = await m.client.request('PUT', `/api/autosearch/${s.id}`, { frequency: 'hourly' });
    expect(badFrequency.status).toBe(422);
    expect(badFrequency.body.errors?.frequency).toEqual([AUTOSEARCH_MSG.frequencyInvalid]);

    const requery = await m.client.request('PUT', `/api/autosearch/${s.id}`, { query: `text=${w}&experience[]=moreThan6` });
    expect(requery.status).toBe(200);
    expect(parseSavedQuery(requery.body.res.query)).toMatchObject({ text: w, experience: ['moreThan6'] });
    const badQuery = await m.client.request('PUT', `/api/autosearch/${s.id}`, { query: 'search_city[]=1069&search_city[]=889' });
    expect(badQuery.status).toBe(403);
    expect(badQuery.body.errors?.query).toEqual([AUTOSEARCH_PROBLEM.massSearch]);
    expect((await entry(m, s.id))?.name).toBe('Новое имя');

    const deleted = await m.client.request('DELETE', `/api/autosearch/${s.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(AUTOSEARCH_MSG.deleted);
    expect(await entry(m, s.id)).toBeUndefined();
    expect((await m.client.request('DELETE', `/api/autosearch/${s.id}`)).status).toBe(404);
  });

  it('another member’s search is not found on every route', async () => {
    const owner = await member();
    const s = await saved(owner, 'Чужой', `text=${word()}`);
    const { lead: other, mate } = await team();
    const calls = [
      other.client.request('PUT', `/api/autosearch/${s.id}`, { name: 'Моё' }),
      other.client.request('DELETE', `/api/autosearch/${s.id}`),
      other.client.get(`/api/autosearch/${s.id}/results`),
      other.client.post(`/api/autosearch/${s.id}/share`, { user_id: mate.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(AUTOSEARCH_MSG.notFound);
    }
    expect(await entry(owner, s.id)).toMatchObject({ name: 'Чужой' });
    const bad = await owner.client.request('PUT', '/api/autosearch/abc', { name: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.id).toEqual([AUTOSEARCH_MSG.idInvalid]);
  });
});

describe('sharing with the team', () => {
  it('gives a teammate a copy and a notification; nobody outside the team, not oneself', async () => {
    const { lead, mate } = await team();
    const outsider = await member();
    const w = word();
    const s = await saved(lead, 'Для команды', `text=${w}`);
    await lead.client.request('PUT', `/api/autosearch/${s.id}`, { frequency: 'daily' });

    const shared = await lead.client.post(`/api/autosearch/${s.id}/share`, { user_id: mate.id });
    expect(shared.status).toBe(200);
    expect(shared.body.message).toBe(AUTOSEARCH_MSG.shared);
    const copies = await list(mate);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      name: 'Для команды',
      query: s.query,
      frequency: 'off',
      shared_by: { id: lead.id, fio: 'Иванова Мария Петровна' },
      problem: null,
    });
    expect(copies[0]?.id).not.toBe(s.id);
    // The sharer keeps theirs as it was.
    expect(await entry(lead, s.id)).toMatchObject({ frequency: 'daily', shared_by: null });

    const notes = await db()
      .db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, mate.id), eq(notifications.url, '/autosearch')));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toBe('Коллега поделился автопоиском «Для команды»');
    expect(notes[0]?.message).toContain('Мария Иванова');

    const notTeam = await lead.client.post(`/api/autosearch/${s.id}/share`, { user_id: outsider.id });
    expect(notTeam.status).toBe(422);
    expect(notTeam.body.errors?.user_id).toEqual([AUTOSEARCH_MSG.shareNotTeam]);
    const nobody = await lead.client.post(`/api/autosearch/${s.id}/share`, { user_id: 2_000_000_000 });
    expect(nobody.body.errors?.user_id).toEqual([AUTOSEARCH_MSG.shareNotTeam]);
    const self = await lead.client.post(`/api/autosearch/${s.id}/share`, { user_id: lead.id });
    expect(self.status).toBe(422);
    expect(self.body.errors?.user_id).toEqual([AUTOSEARCH_MSG.shareSelf]);
    expect(await list(outsider)).toEqual([]);

    // A member shares with their lead too; a member who left the team no longer can.
    const mine = await saved(mate, 'От участника', `text=${w}`);
    expect((await mate.client.post(`/api/autosearch/${mine.id}/share`, { user_id: lead.id })).status).toBe(200);
    expect((await list(lead)).find((x) => x.name === 'От участника')?.shared_by?.id).toBe(mate.id);
    expect((await mate.client.post('/api/user/team/leave', {})).status).toBe(200);
    const left = await mate.client.post(`/api/autosearch/${mine.id}/share`, { user_id: lead.id });
    expect(left.body.errors?.user_id).toEqual([AUTOSEARCH_MSG.shareNotTeam]);
  });

  it('copies a search the teammate cannot run, which shows them why; the copy counts against their limit', async () => {
    // The member holds mass_search of their own; the lead does not.
    const { lead, mate } = await team([], ['mass_search']);
    const s = await saved(mate, 'Два города', 'search_city[]=1069&search_city[]=889');
    expect((await mate.client.post(`/api/autosearch/${s.id}/share`, { user_id: lead.id })).status).toBe(200);
    const [copy] = await list(lead);
    expect(copy).toMatchObject({ name: 'Два города', problem: AUTOSEARCH_PROBLEM.massSearch, new_count: 0 });

    await db()
      .db.insert(savedSearches)
      .values(Array.from({ length: AUTOSEARCH_MAX - 1 }, (_, i) => ({ userId: lead.id, name: `Поиск ${i}`, query: '' })));
    const full = await mate.client.post(`/api/autosearch/${s.id}/share`, { user_id: lead.id });
    expect(full.status).toBe(422);
    expect(full.body.errors?.user_id).toEqual([AUTOSEARCH_PROBLEM.shareTooMany]);
  });
});

describe('new results', () => {
  it('counts the resumes received since the search was last opened, at most hourly, and opening it shows them first', async () => {
    const m = await member();
    const w = word();
    const longAgo = new Date(Date.now() - 3 * HOUR);
    const old = await createResume(db(), { title: `Бухгалтер ${w}`, changedAt: longAgo });
    const oldEdited = await createResume(db(), { title: `Кассир ${w}`, changedAt: longAgo });
    const s = await saved(m, 'Новые', `text=${w}&searchOrderBy=publication_time`);
    expect((await entry(m, s.id))?.new_count).toBe(0);
    // Opened an hour ago: what came after counts.
    await db()
      .db.update(savedSearches)
      .set({ lastOpenedAt: new Date(Date.now() - HOUR) })
      .where(eq(savedSearches.id, s.id));

    const fresh = [];
    for (let i = 0; i < 3; i++) fresh.push(await createResume(db(), { title: `Логист ${w} ${i}` }));
    await createResume(db(), { title: `Логист ${word()}` }); // new, not matching
    await createResume(db(), { title: 'Водитель погрузчика' });
    // An import bringing an old resume again with changes: new for the search.
    await db()
      .db.update(resumes)
      .set({ title: `Старший кассир ${w}` })
      .where(eq(resumes.id, oldEdited.id));

    // Counted before these arrived: counted again at once, the hour notwithstanding.
    expect(await entry(m, s.id)).toMatchObject({ new_count: 4, new_count_capped: false, problem: null });
    // Counted after the last change and within the hour: the stored count stands (a count stored as
    // made a little ahead, so no resume of a test running beside this one can come after it).
    await db()
      .db.update(savedSearches)
      .set({ newCount: 7, countedAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(savedSearches.id, s.id));
    expect((await entry(m, s.id))?.new_count).toBe(7);
    await db()
      .db.update(savedSearches)
      .set({ countedAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(savedSearches.id, s.id));
    expect(await entry(m, s.id)).toMatchObject({ new_count: 4, new_count_capped: false, problem: null });
    const [stored] = await db().db.select().from(savedSearches).where(eq(savedSearches.id, s.id));
    expect(stored?.newCount).toBe(4);

    const page = await m.client.get(`/api/autosearch/${s.id}/results?page=1&per_page=20`);
    expect(page.status).toBe(200);
    const cards = page.body.res.data as { hash: string; is_new: boolean; first_name?: string }[];
    expect(page.body.res.total).toBe(5);
    expect(cards.map((c) => c.is_new)).toEqual([true, true, true, true, false]);
    expect(new Set(cards.slice(0, 4).map((c) => c.hash))).toEqual(new Set([...fresh.map((r) => r.hash), oldEdited.hash]));
    expect(cards[4]?.hash).toBe(old.hash);
    // What a member may see of a candidate: the search's cards (initials, no names without open_contact).
    expect(cards[0]?.first_name).toBeUndefined();

    // Opened: nothing new any more.
    expect((await entry(m, s.id))?.new_count).toBe(0);
    const again = await m.client.get(`/api/autosearch/${s.id}/results`);
    expect((again.body.res.data as { is_new: boolean }[]).map((c) => c.is_new)).toEqual([false, false, false, false, false]);
    // Pages past the first are the search's own pages.
    const second = await m.client.get(`/api/autosearch/${s.id}/results?page=2&per_page=20`);
    expect(second.status).toBe(200);
    expect(second.body.res.data).toEqual([]);
  });

  it(`counts no further than ${AUTOSEARCH_COUNT_CAP} («999+»)`, async () => {
    const m = await member();
    const w = word();
    const s = await saved(m, 'Много', `text=${w}`);
    await db()
      .db.update(savedSearches)
      .set({ lastOpenedAt: new Date(Date.now() - HOUR), countedAt: null })
      .where(eq(savedSearches.id, s.id));
    await db().db.execute(sql`
      insert into resumes (hash, source, source_id, title)
      select substr(md5(random()::text) || md5(random()::text), 1, 22), 'import', 'cap-' || md5(random()::text), ${`Оператор ${w}`}
      from generate_series(1, ${AUTOSEARCH_COUNT_CAP + 5})`);
    expect(await entry(m, s.id)).toMatchObject({ new_count: AUTOSEARCH_COUNT_CAP, new_count_capped: true });
  });

  it('a search that no longer runs shows why, in Russian, never a 500', async () => {
    const m = await member(['mass_search']);
    const s = await saved(m, 'Два города', 'search_city[]=1069&search_city[]=889');
    await setFlags(db(), m.email, []);
    expect(await entry(m, s.id)).toMatchObject({ problem: AUTOSEARCH_PROBLEM.massSearch, new_count: 0 });
    const [stored] = await db().db.select().from(savedSearches).where(eq(savedSearches.id, s.id));
    expect(stored?.brokenReason).toBe(AUTOSEARCH_PROBLEM.massSearch);
    const results = await m.client.get(`/api/autosearch/${s.id}/results`);
    expect(results.status).toBe(403);
    expect(results.body.message).toBe(AUTOSEARCH_PROBLEM.massSearch);
    await setFlags(db(), m.email, ['mass_search']);
    expect((await entry(m, s.id))?.problem).toBeNull();

    // A value gone from the dictionaries; a query that no longer parses.
    const [gone, unreadable] = await db()
      .db.insert(savedSearches)
      .values([
        { userId: m.id, name: 'Пропавший город', query: 'search_city[]=999999' },
        { userId: m.id, name: 'Испорченный', query: 'age_from=abc' },
      ])
      .returning();
    const shown = await list(m);
    expect(shown.find((x) => x.id === gone?.id)?.problem).toBe(AUTOSEARCH_PROBLEM.outdated('Неизвестное значение «999999»'));
    expect(shown.find((x) => x.id === unreadable?.id)?.problem).toBe(AUTOSEARCH_PROBLEM.unreadable);
    const goneResults = await m.client.get(`/api/autosearch/${gone?.id}/results`);
    expect(goneResults.status).toBe(422);
    expect(goneResults.body.errors?.query).toEqual([AUTOSEARCH_PROBLEM.outdated('Неизвестное значение «999999»')]);
    expect(goneResults.body.message).not.toBe(MSG.somethingWrong);
  });
});
