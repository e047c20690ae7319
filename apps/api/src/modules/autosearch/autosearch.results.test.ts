import { randomInt } from 'node:crypto';
import { AUTOSEARCH_MSG, AUTOSEARCH_PROBLEM, MSG } from '@hr/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import type { AppContext } from '../../context.ts';
import { savedSearches } from '../../db/schema/index.ts';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';
import { countSearchMatches, resolveSearch } from '../resume/search/search.service.ts';
import { findUserByEmail } from '../user/user.service.ts';
import { parseSavedQuery } from './autosearch.query.ts';

/**
 * Автопоиск's results pages (the «новое» marks of one opening, the order across pages), the input
 * checks of its calls, and what the list re-plans. Every search is narrowed by a word only this
 * file's resumes contain (the database may be shared on PostgreSQL).
 */
let built: BuiltApp;
const db = () => built.ctx.database;
beforeAll(async () => {
  built = await createTestApp();
});

const LETTERS = 'bcdfghjklmnpqrstvwxz';
const word = () => Array.from({ length: 10 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

async function member(flags: string[] = []) {
  const m = await registeredMember(built.app);
  if (flags.length) await setFlags(db(), m.email, flags);
  const user = await findUserByEmail(db().db, m.email);
  return { ...m, id: user?.id as number };
}
type Member = Awaited<ReturnType<typeof member>>;

async function saved(m: Member, name: string, query: string) {
  const res = await m.client.post('/api/autosearch', { name, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.res as { id: number; query: string };
}
const openedAt = (id: number, at: Date) => db().db.update(savedSearches).set({ lastOpenedAt: at }).where(eq(savedSearches.id, id));

type Card = { hash: string; is_new: boolean };
type Results = { data: Card[]; total: number; last_page: number; since: string; new_total: number };
async function results(m: Member, id: number, params = '') {
  const res = await m.client.get(`/api/autosearch/${id}/results${params}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.res as Results;
}
const newOnes = (r: Results) =>
  r.data
    .filter((c) => c.is_new)
    .map((c) => c.hash)
    .sort();

describe('the «новое» marks of one opening', () => {
  it('stay on a refetch and on later pages given the first page’s `since`; a malformed `since` is a Russian 422', async () => {
    const m = await member();
    const w = word();
    await createResume(db(), { title: `Бухгалтер ${w}`, changedAt: new Date(Date.now() - 3 * HOUR) });
    const fresh = [await createResume(db(), { title: `Логист ${w} 1` }), await createResume(db(), { title: `Логист ${w} 2` })];
    const s = await saved(m, 'Отметки', `text=${w}`);
    const before = new Date(Date.now() - HOUR);
    await openedAt(s.id, before);

    const first = await results(m, s.id);
    expect(first.since).toBe(before.toISOString());
    expect(first.new_total).toBe(2);
    expect(newOnes(first)).toEqual(fresh.map((r) => r.hash).sort());

    // Back from a resume: the page is asked again with its `since`, and keeps its marks.
    const back = await results(m, s.id, `?since=${encodeURIComponent(first.since)}`);
    expect(back.since).toBe(first.since);
    expect(newOnes(back)).toEqual(newOnes(first));
    const second = await results(m, s.id, `?page=2&since=${encodeURIComponent(first.since)}`);
    expect(second.new_total).toBe(2);
    // Without it, a new opening: nothing is new since the one a moment ago.
    const reopened = await results(m, s.id);
    expect(newOnes(reopened)).toEqual([]);
    expect(new Date(reopened.since).getTime()).toBeGreaterThan(before.getTime());

    for (const bad of ['вчера', '2026-13-01T00:00:00Z', '2026-01-01']) {
      const res = await m.client.get(`/api/autosearch/${s.id}/results?since=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(422);
      expect(res.body.errors?.since).toEqual([AUTOSEARCH_MSG.sinceInvalid]);
    }
  });

  it('shows every result once across the pages: new ones first, none repeated on a later page', async () => {
    const m = await member();
    const w = word();
    const longAgo = new Date(Date.now() - 3 * HOUR);
    // The search's order (by update time) puts the new ones on its page 2: an import brought old resumes.
    const old = [];
    for (let i = 0; i < 22; i++) old.push(await createResume(db(), { title: `Кладовщик ${w} ${i}`, changedAt: longAgo }));
    const fresh = [];
    for (let i = 0; i < 3; i++)
      fresh.push(await createResume(db(), { title: `Кладовщик ${w} н${i}`, updatedAt: new Date(Date.now() - 30 * DAY) }));
    const s = await saved(m, 'Страницы', `text=${w}&searchOrderBy=publication_time`);
    await openedAt(s.id, new Date(Date.now() - HOUR));

    const first = await results(m, s.id, '?per_page=20');
    const since = encodeURIComponent(first.since);
    const second = await results(m, s.id, `?page=2&per_page=20&since=${since}`);
    expect(first.data.slice(0, 3).every((c) => c.is_new)).toBe(true);
    expect(first.new_total).toBe(3);
    expect(first.total).toBe(25);
    expect(first.last_page).toBe(2);
    const shown = [...first.data, ...second.data].map((c) => c.hash);
    expect(new Set(shown).size).toBe(shown.length);
    expect(new Set(shown)).toEqual(new Set([...old, ...fresh].map((r) => r.hash)));
    expect(
      [...first.data, ...second.data]
        .filter((c) => c.is_new)
        .map((c) => c.hash)
        .sort(),
    ).toEqual(fresh.map((r) => r.hash).sort());
    expect((await results(m, s.id, `?page=3&per_page=20&since=${since}`)).data).toEqual([]);
  });
});

describe('input checks', () => {
  it('refuses a name with control characters and a teammate given as anything but a number', async () => {
    const m = await member(['team_lead']);
    const w = word();
    for (const name of ['Склад\u0001', 'Две\nстроки', 'Таб\tуляция', 'Удаление\u007f']) {
      const res = await m.client.post('/api/autosearch', { name, query: `text=${w}` });
      expect(res.status).toBe(422);
      expect(res.body.errors?.name).toEqual([AUTOSEARCH_MSG.nameControl]);
    }
    const s = await saved(m, 'Для команды', `text=${w}`);
    const rename = await m.client.request('PUT', `/api/autosearch/${s.id}`, { name: 'Новое\rимя' });
    expect(rename.status).toBe(422);
    expect(rename.body.errors?.name).toEqual([AUTOSEARCH_MSG.nameControl]);

    for (const userId of [[m.id], true, '1.5', '', -3, 0, null]) {
      const res = await m.client.post(`/api/autosearch/${s.id}/share`, { user_id: userId });
      expect(res.status, JSON.stringify(userId)).toBe(422);
      expect(res.body.errors?.user_id).toEqual([AUTOSEARCH_MSG.userInvalid]);
    }
    // A number as a string (a form's value) is a number: here oneself.
    const self = await m.client.post(`/api/autosearch/${s.id}/share`, { user_id: String(m.id) });
    expect(self.body.errors?.user_id).toEqual([AUTOSEARCH_MSG.shareSelf]);
  });

  it('an over-long unsubscribe link is a Russian «not found», not Fastify’s English refusal', async () => {
    const visitor = new TestClient(built.app);
    const res = await built.app.inject({ method: 'POST', url: `/api/autosearch/unsubscribe/1.${'a'.repeat(150)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/[а-яё]/i);
    expect(res.json().message).not.toMatch(/param|length/i);
    // At the contract's length the route answers itself (an invalid link, in Russian).
    const atMax = await visitor.post(`/api/autosearch/unsubscribe/1.${'a'.repeat(98)}`, {});
    expect(atMax.body.message).toBe(AUTOSEARCH_MSG.unsubscribeInvalid);
  });
});

describe('the list', () => {
  it('does not plan a search counted within the hour again; a lost option shows past the hour or on opening it', async () => {
    const m = await member(['mass_search']);
    const s = await saved(m, 'Два города', 'search_city[]=1069&search_city[]=889');
    const entry = async () =>
      ((await m.client.get('/api/autosearch')).body.res as { id: number; problem: string | null }[]).find((x) => x.id === s.id);
    expect((await entry())?.problem).toBeNull();
    await setFlags(db(), m.email, []);
    // Counted a moment ago (stored as made a little ahead, so that no resume another test adds
    // beside this one comes after it): what is stored stands.
    await db()
      .db.update(savedSearches)
      .set({ countedAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(savedSearches.id, s.id));
    expect((await entry())?.problem).toBeNull();
    // Past the hour the search is planned again and says why it does not run.
    await db()
      .db.update(savedSearches)
      .set({ countedAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(savedSearches.id, s.id));
    expect((await entry())?.problem).toBe(AUTOSEARCH_PROBLEM.massSearch);
    // The option back: a broken search is planned on every visit, so it runs again at once.
    await setFlags(db(), m.email, ['mass_search']);
    expect((await entry())?.problem).toBeNull();

    // Opening the results notices a lost option at once, and the list shows it.
    await results(m, s.id);
    await setFlags(db(), m.email, []);
    await db()
      .db.update(savedSearches)
      .set({ countedAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(savedSearches.id, s.id));
    expect((await entry())?.problem).toBeNull();
    const opened = await m.client.get(`/api/autosearch/${s.id}/results`);
    expect(opened.status).toBe(403);
    expect(opened.body.message).not.toBe(MSG.somethingWrong);
    expect((await entry())?.problem).toBe(AUTOSEARCH_PROBLEM.massSearch);
  });

  it('counts the new results of a «похожие резюме» search under the count’s time limit', async () => {
    const m = await member();
    const w = word();
    const source = await createResume(db(), { title: `Сварщик ${w}`, skills: [`${w}`, 'Сварка'] });
    await createResume(db(), { title: `Сварщик ${w} аргон`, skills: [`${w}`, 'Сварка'] });
    const user = await findUserByEmail(db().db, m.email);
    const q = parseSavedQuery(`similar_to=${source.hash}`);
    if (!q || !user) throw new Error('no query');
    const spec = await resolveSearch(built.ctx, q, user);
    expect(spec.similar).toBeTruthy();
    // The search's own sessions, watched: every statement must carry the count's limit.
    const limits: (number | null)[] = [];
    const runner = built.ctx.search.runner();
    const watched = {
      ...runner,
      query: <T>(s: Parameters<typeof runner.query>[0]) => {
        limits.push(null);
        return runner.query<T>(s);
      },
      queryWith: <T>(s: Parameters<typeof runner.query>[0], opts: { settings: string[]; timeoutMs: number }) => {
        limits.push(opts.timeoutMs);
        return runner.queryWith<T>(s, opts);
      },
    };
    const ctx: AppContext = { ...built.ctx, search: { ...built.ctx.search, runner: () => watched } };
    const n = await countSearchMatches(ctx, { ...spec, changedSince: new Date(Date.now() - HOUR) }, 1000, 1234);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.every((t) => t === 1234)).toBe(true);
  });
});
