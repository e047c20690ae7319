import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { BuiltApp } from '../../app.ts';
import { contactOpenings, resumes } from '../../db/schema/index.ts';
import { createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';
import { entryMonths } from '@hr/contract/experience';
import { createResume, setFlags } from '../../../test/factories.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp({ CONTACTS_DAILY_LIMIT: '2' });
});
const db = () => built.ctx.database;

describe('resume page', () => {
  it('asks a visitor to log in and shows a member initials only', async () => {
    const resume = await createResume(db(), { firstName: 'Зинаида', lastName: 'Уникальнова' });
    expect((await new TestClient(built.app).get(`/api/resume/${resume.hash}`)).status).toBe(401);
    const { client } = await registeredMember(built.app);
    const res = await client.get(`/api/resume/${resume.hash}`);
    expect(res.status).toBe(200);
    expect(res.body.res).toMatchObject({ hash: resume.hash, first_name: null, last_name: null, middle_name: null, initials: 'З. У.', title: 'Менеджер по продажам' });
    expect(res.body.res.city).toEqual({ value: '1069', title: 'Москва' });
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain('Уникальнова');
    expect(raw).not.toContain('9161234567');
    expect(raw).not.toContain('alexey@example.ru');
    expect(res.body.res.permissions).toEqual({ can_open_contacts: false });
  });

  it('counts the total experience from the listed jobs, as the page shows each of them', async () => {
    const now = new Date();
    const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
    const resume = await createResume(db(), {
      totalExperienceMonths: 60, // stored when imported; the current job has grown since
      experience: [
        { company: 'ООО «Вектор»', position: 'Рекрутер', start: '2021-03-01', end: null, description: null },
        { company: 'АО «Север»', position: 'Ассистент', start: '2019-01-01', end: '2020-07-01', description: null },
        { company: 'ИП Петров', position: 'Стажёр', start: thisMonth, end: thisMonth, description: null },
      ],
    });
    const { client } = await registeredMember(built.app);
    const res = (await client.get(`/api/resume/${resume.hash}`)).body.res;
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth() - (2021 * 12 + 2);
    expect(res.total_experience_months).toBe(current + 18 + 1);
    expect(res.total_experience_months).toBe(
      res.experience.reduce((sum: number, e: { start: string; end: string | null }) => sum + entryMonths(e), 0),
    );
  });

  it('shows names to a member with open_contact', async () => {
    const resume = await createResume(db(), { firstName: 'Ирина', lastName: 'Видимова' });
    const member = await registeredMember(built.app);
    await setFlags(db(), member.email, ['open_contact']);
    const res = await member.client.get(`/api/resume/${resume.hash}`);
    expect(res.body.res).toMatchObject({ first_name: 'Ирина', last_name: 'Видимова' });
  });

  it('counts one view per member per day', async () => {
    const resume = await createResume(db());
    const a = await registeredMember(built.app);
    const b = await registeredMember(built.app);
    await a.client.get(`/api/resume/${resume.hash}`);
    await a.client.get(`/api/resume/${resume.hash}`);
    const last = await b.client.get(`/api/resume/${resume.hash}`);
    expect(last.body.res.views).toBe(2);
  });

  it('answers 404 for an unknown hash and for a reply to a vacancy', async () => {
    const { client } = await registeredMember(built.app);
    expect((await client.get('/api/resume/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await client.get('/api/resume/short')).status).toBe(404);
    const reply = await createResume(db(), { source: 'reply', vacancyId: 999 });
    expect((await client.get(`/api/resume/${reply.hash}`)).status).toBe(404);
  });
});

describe('contacts', () => {
  it('needs open_contact', async () => {
    const resume = await createResume(db());
    const { client } = await registeredMember(built.app);
    const res = await client.post(`/api/resume/${resume.hash}/contacts`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Доступ к услуге ограничен');
  });

  it('opens, logs every opening, reopens free, and stops at the daily limit', async () => {
    const [r1, r2, r3] = await Promise.all([createResume(db()), createResume(db()), createResume(db())]);
    const member = await registeredMember(built.app);
    await setFlags(db(), member.email, ['open_contact']);
    const first = await member.client.post(`/api/resume/${r1?.hash}/contacts`);
    expect(first.status).toBe(200);
    expect(first.body.res).toEqual({ phone: '+7 (916) 123-45-67', email: 'alexey@example.ru', telegram: 'alexey_t' });
    expect((await member.client.post(`/api/resume/${r2?.hash}/contacts`)).status).toBe(200);
    const over = await member.client.post(`/api/resume/${r3?.hash}/contacts`);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Лимит открытия контактов на сегодня исчерпан');
    // Reopening an opened one is free, even at the limit.
    expect((await member.client.post(`/api/resume/${r1?.hash}/contacts`)).status).toBe(200);
    const log = await db().db.select().from(contactOpenings).where(eq(contactOpenings.resumeId, r1?.id as number));
    expect(log.map((l) => l.charged).sort()).toEqual([false, true]);
    // The page now says the contacts were opened and shows them (after a reload too), without a new opening.
    const page = (await member.client.get(`/api/resume/${r1?.hash}`)).body.res;
    expect(page.contacts_opened).toBe(true);
    expect(page.contacts).toEqual({ phone: '+7 (916) 123-45-67', email: 'alexey@example.ru', telegram: 'alexey_t' });
    expect(await db().db.select().from(contactOpenings).where(eq(contactOpenings.resumeId, r1?.id as number))).toHaveLength(2);
    // One never opened keeps them hidden.
    const closed = (await member.client.get(`/api/resume/${r3?.hash}`)).body.res;
    expect(closed.contacts_opened).toBe(false);
    expect(closed.contacts).toBeNull();
  });

  it('has no daily limit with commerce_account', async () => {
    const member = await registeredMember(built.app);
    await setFlags(db(), member.email, ['open_contact', 'commerce_account']);
    for (let i = 0; i < 3; i++) {
      const r = await createResume(db());
      expect((await member.client.post(`/api/resume/${r.hash}/contacts`)).status).toBe(200);
    }
  });
});

describe('favourites', () => {
  it('adds with a note, lists newest first, updates the note, removes', async () => {
    const [a, b] = [await createResume(db(), { title: 'Бухгалтер' }), await createResume(db(), { title: 'Юрист' })];
    const { client } = await registeredMember(built.app);
    expect((await client.post(`/api/favourite/${a.hash}`, { note: 'Позвонить в понедельник' })).status).toBe(200);
    expect((await client.post(`/api/favourite/${b.hash}`)).status).toBe(200);
    const list = await client.get('/api/favourite');
    expect(list.body.res.total).toBe(2);
    expect(list.body.res.data.map((c: { hash: string }) => c.hash)).toEqual([b.hash, a.hash]);
    expect(list.body.res.data[1]).toMatchObject({ title: 'Бухгалтер', note: 'Позвонить в понедельник', favourite: true });
    expect((await client.post(`/api/favourite/${a.hash}`, { note: 'Уже позвонили' })).body.res.note).toBe('Уже позвонили');
    expect((await client.get(`/api/favourite/${a.hash}`)).body.res.note).toBe('Уже позвонили');
    expect((await client.get(`/api/resume/${a.hash}`)).body.res.favourite).toEqual({ note: 'Уже позвонили' });
    expect((await client.request('DELETE', `/api/favourite/${a.hash}`)).status).toBe(200);
    expect((await client.get('/api/favourite')).body.res.total).toBe(1);
  });

  it("keeps another member's favourites out of reach", async () => {
    const r = await createResume(db());
    const owner = await registeredMember(built.app);
    await owner.client.post(`/api/favourite/${r.hash}`, { note: 'моя заметка' });
    const other = await registeredMember(built.app);
    expect((await other.client.get('/api/favourite')).body.res.total).toBe(0);
    expect((await other.client.get(`/api/favourite/${r.hash}`)).status).toBe(404);
    expect((await other.client.request('DELETE', `/api/favourite/${r.hash}`)).status).toBe(404);
    expect((await owner.client.get(`/api/favourite/${r.hash}`)).body.res.note).toBe('моя заметка');
    expect((await new TestClient(built.app).get('/api/favourite')).status).toBe(401);
  });

  it('adds in bulk only with mass_search', async () => {
    const rs = await Promise.all([createResume(db()), createResume(db())]);
    const member = await registeredMember(built.app);
    const hashes = rs.map((r) => r.hash);
    expect((await member.client.post('/api/favourite/bulk', { hashes })).status).toBe(403);
    await setFlags(db(), member.email, ['mass_search']);
    const res = await member.client.post('/api/favourite/bulk', { hashes: [...hashes, 'ZZZZZZZZZZZZZZZZZZZZZZ'] });
    expect(res.body.res).toEqual({ added: 2, skipped: 1 });
    expect((await member.client.get('/api/favourite')).body.res.total).toBe(2);
  });

  it('refuses per_page outside 20/50/100', async () => {
    const { client } = await registeredMember(built.app);
    expect((await client.get('/api/favourite?per_page=30')).status).toBe(422);
  });
});

describe('popular', () => {
  it('orders by distinct members who viewed in 30 days', async () => {
    const marker = `Популярный ${Date.now()}`;
    const [hot, warm] = [await createResume(db(), { title: `${marker} A` }), await createResume(db(), { title: `${marker} B` })];
    const viewers = await Promise.all([registeredMember(built.app), registeredMember(built.app), registeredMember(built.app)]);
    for (const v of viewers) await v.client.get(`/api/resume/${hot.hash}`);
    await viewers[0]?.client.get(`/api/resume/${warm.hash}`);
    // An old view does not count.
    await db().db.execute(sql`insert into resume_views (resume_id, user_id, day, viewed_at)
      select ${warm.id}, id, current_date - 40, now() - interval '40 days' from users limit 5 on conflict do nothing`);
    const res = await viewers[0]?.client.get('/api/resume/popular?per_page=100');
    const mine = res?.body.res.data.filter((c: { title: string }) => c.title.startsWith(marker));
    expect(mine.map((c: { hash: string; views: number }) => [c.hash, c.views])).toEqual([
      [hot.hash, 3],
      [warm.hash, 1],
    ]);
    expect((await new TestClient(built.app).get('/api/resume/popular')).status).toBe(401);
    const [row] = await db().db.select({ views: resumes.views }).from(resumes).where(and(eq(resumes.id, hot.id)));
    expect(row?.views).toBe(3);
  });
});
