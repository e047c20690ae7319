import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../../app.ts';
import { createResume, setFlags } from '../../../../test/factories.ts';
import { createTestApp, registeredMember, TestClient } from '../../../../test/helpers.ts';
import { findUserByEmail } from '../../user/user.service.ts';

/** History (PRODUCT 10): the resumes a member opened in 90 days, newest first, with a search inside. */
let built: BuiltApp;
const db = () => built.ctx.database;
beforeAll(async () => {
  built = await createTestApp();
});

async function member(flags: string[] = []) {
  const m = await registeredMember(built.app);
  if (flags.length) await setFlags(db(), m.email, flags);
  const user = await findUserByEmail(db().db, m.email);
  return { ...m, id: user?.id as number };
}
type Member = Awaited<ReturnType<typeof member>>;

const open = async (m: Member, hash: string) => expect((await m.client.get(`/api/resume/${hash}`)).status).toBe(200);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/** Moves the member's opening of a resume back in time (a view is one row per member per Moscow day). */
async function openedAt(userId: number, resumeId: number, at: Date) {
  await db().rows(sql`
    update resume_views set viewed_at = ${at.toISOString()}::timestamptz, day = (${at.toISOString()}::timestamptz at time zone 'Europe/Moscow')::date
    where user_id = ${userId} and resume_id = ${resumeId}`);
}

type Item = { hash: string; opened_at: string; title: string; first_name?: string; initials?: string };
const history = async (m: Member, query = '') => {
  const res = await m.client.get(`/api/resume/history${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.res as { data: Item[]; total: number; last_page: number; current_page: number };
};

describe('GET /api/resume/history', () => {
  it('lists the resumes the member opened in 90 days, newest first, one card each with the latest opening', async () => {
    const m = await member();
    const someoneElse = await member();
    const [yesterday, lastWeek, longAgo, twice, theirs] = await Promise.all([
      createResume(db(), { title: 'Контрабасист' }),
      createResume(db(), { title: 'Арфистка' }),
      createResume(db(), { title: 'Трубач' }),
      createResume(db(), { title: 'Тромбонист' }),
      createResume(db(), { title: 'Виолончелист' }),
    ]);
    for (const r of [yesterday, lastWeek, longAgo, twice]) await open(m, r.hash);
    await open(someoneElse, theirs.hash);
    await open(someoneElse, lastWeek.hash);
    await openedAt(m.id, yesterday.id, daysAgo(1));
    await openedAt(m.id, lastWeek.id, daysAgo(7));
    await openedAt(m.id, longAgo.id, daysAgo(91));
    // Opened 30 days ago and again 3 days ago: one card, the latest date.
    await openedAt(m.id, twice.id, daysAgo(3));
    await db().rows(sql`
      insert into resume_views (resume_id, user_id, day, viewed_at)
      values (${twice.id}, ${m.id}, (now() at time zone 'Europe/Moscow')::date - 30, now() - interval '30 days')`);

    const page = await history(m);
    expect(page.data.map((c) => c.hash)).toEqual([yesterday.hash, twice.hash, lastWeek.hash]);
    expect(page.total).toBe(3);
    const at = (hash: string) => Date.parse(page.data.find((c) => c.hash === hash)?.opened_at ?? '');
    expect(Math.round((Date.now() - at(twice.hash)) / 86_400_000)).toBe(3);
    expect(Math.round((Date.now() - at(lastWeek.hash)) / 86_400_000)).toBe(7);

    // The other member's own history is theirs: the same resume with their own date.
    const their = await history(someoneElse);
    expect(their.data.map((c) => c.hash)).toEqual([lastWeek.hash, theirs.hash]);

    // Paging keeps the order.
    expect((await history(m, '?per_page=20&page=2')).data).toEqual([]);
  });

  it('pages through the openings in order, with and without a search', async () => {
    const m = await member();
    const resumes = [];
    for (let i = 0; i < 21; i++) resumes.push(await createResume(db(), { title: i % 2 ? 'Скрипач' : 'Альтист' }));
    // The i-th resume was opened i hours ago.
    await db().rows(sql`
      insert into resume_views (resume_id, user_id, day, viewed_at)
      select id, ${m.id}, current_date, now() - make_interval(hours => ord::int)
      from unnest(array[${sql.join(
        resumes.map((r) => sql`${r.id}`),
        sql`, `,
      )}]::bigint[]) with ordinality as t(id, ord)`);
    const newestFirst = resumes.map((r) => r.hash);
    const first = await history(m);
    expect(first).toMatchObject({ total: 21, last_page: 2, current_page: 1 });
    const second = await history(m, '?page=2');
    expect([...first.data, ...second.data].map((c) => c.hash)).toEqual(newestFirst);
    const violas = newestFirst.filter((_, i) => i % 2 === 0);
    const found = await history(m, '?text=альт');
    expect(found.total).toBe(11);
    expect(found.data.map((c) => c.hash)).toEqual(violas);
  });

  it('searches the titles, key skills and last positions, whatever the case and ё', async () => {
    const m = await member();
    const [byTitle, bySkill, byPosition, none] = await Promise.all([
      createResume(db(), { title: 'Настройщик ЁЛОЧНЫХ игрушек' }),
      createResume(db(), { title: 'Декоратор', skills: ['Ёлочные гирлянды'] }),
      createResume(db(), { title: 'Оформитель', lastPosition: 'Мастер по ёлкам' }),
      createResume(db(), { title: 'Бухгалтер', skills: ['1С'], lastPosition: 'Бухгалтер' }),
    ]);
    for (const r of [byTitle, bySkill, byPosition, none]) await open(m, r.hash);
    const found = async (text: string) => (await history(m, `?text=${encodeURIComponent(text)}`)).data.map((c) => c.hash).sort();
    expect(await found('елочн')).toEqual([byTitle.hash, bySkill.hash].sort());
    expect(await found('ЁЛК')).toEqual([byPosition.hash]);
    expect(await found('ёл')).toEqual([byTitle.hash, bySkill.hash, byPosition.hash].sort());
    expect(await found('100%_')).toEqual([]);
    expect((await history(m, '?text=%20%20')).total).toBe(4);
  });

  it('shows each card as the member may see it, and is for members only', async () => {
    const basic = await member();
    const reader = await member(['open_contact']);
    const r = await createResume(db(), { firstName: 'Тамара', lastName: 'Литаврова', title: 'Ударник' });
    await open(basic, r.hash);
    await open(reader, r.hash);
    const [asBasic] = (await history(basic)).data;
    expect(asBasic?.first_name).toBeUndefined();
    expect(asBasic?.initials).toBe('Т. Л.');
    expect(JSON.stringify(asBasic)).not.toContain('Литаврова');
    const [asReader] = (await history(reader)).data;
    expect(asReader?.first_name).toBe('Тамара');

    expect((await new TestClient(built.app).get('/api/resume/history')).status).toBe(401);
    const bad = await basic.client.get(`/api/resume/history?per_page=7&text=${'я'.repeat(201)}`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.per_page).toEqual(['Показывать можно по 20, 50 или 100']);
    expect(bad.body.errors?.text).toEqual(['Не длиннее 200 символов']);
  });
});
