import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../../app.ts';
import { reviewOpinions } from '../../../db/schema/index.ts';
import { createResume, setFlags } from '../../../../test/factories.ts';
import { createTestApp, registeredMember, TestClient } from '../../../../test/helpers.ts';
import { findUserByEmail } from '../../user/user.service.ts';
import { cardSignalsOf } from './signals.service.ts';

/**
 * «Уже в работе у коллег» (PRODUCT 10). The database may be shared with other files (PostgreSQL):
 * every resume is this file's own, every search narrowed to a salary no one else has.
 */
let built: BuiltApp;
const db = () => built.ctx.database;
beforeAll(async () => {
  built = await createTestApp();
});

const tag = () => randomUUID().slice(0, 6);

async function member(o: { flags?: string[]; fio?: string; company?: string } = {}) {
  const m = await registeredMember(built.app, {
    ...(o.fio ? { fio: o.fio } : {}),
    ...(o.company ? { company: o.company } : {}),
  });
  await setFlags(db(), m.email, ['has_vacancy', ...(o.flags ?? [])]);
  const user = await findUserByEmail(db().db, m.email);
  return { ...m, id: user?.id as number };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A lead and a member who accepted the lead's invitation: one company. */
async function team(o: { fio?: string; company?: string } = {}) {
  const lead = await member({ ...o, flags: ['team_lead'] });
  const mate = await member(o);
  const invite = await lead.client.post('/api/user/team/invite/create', { user_id: mate.id });
  expect((await mate.client.post('/api/user/team/invite', { id: invite.body.res.id, status: 1 })).status).toBe(200);
  return { lead, mate };
}

async function vacancy(m: Member, title: string): Promise<number> {
  const res = await m.client.post('/api/vacancy', {
    title,
    city: '1069',
    skills: ['Литавры'],
    description: `<p>${'Оркестру нужен музыкант: репетиции по вечерам, гастроли по России, дружный коллектив. '.repeat(3)}</p>`,
    status: 'published',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.res.id as number;
}

async function invite(m: Member, vacancyId: number, hash: string): Promise<number> {
  const res = await m.client.post(`/api/vacancy/${vacancyId}/invite`, { resume_hash: hash });
  expect(res.status).toBe(200);
  return res.body.res.reply_id as number;
}

const keep = async (m: Member, hash: string) => expect((await m.client.post(`/api/favourite/${hash}`, {})).status).toBe(200);
const open = async (m: Member, hash: string) => expect((await m.client.get(`/api/resume/${hash}`)).status).toBe(200);

describe('GET /api/resume/{hash}/signals', () => {
  it('counts members and companies over the club without naming any other company, and details the own team', async () => {
    const word = tag();
    const alien = { fio: `Чужакова Ольга ${word}`, company: `ООО «Конкурент-${word}»` };
    const ours = await team({ fio: 'Своя Анна Игоревна' });
    const alpha = await team(alien); // one company: a lead and a member
    const solo = await member(alien); // a company of their own
    const old = await member(alien); // invited long ago: out of the 90 days
    const resume = await createResume(db(), { title: 'Литаврист' });
    const other = await createResume(db(), { title: 'Флейтист' });

    // Other companies: both people of alpha invite and keep it, solo invites and keeps it.
    const alphaLeadVacancy = await vacancy(alpha.lead, `Вакансия Альфа ${word}`);
    const alphaMateVacancy = await vacancy(alpha.mate, `Вакансия Альфа-2 ${word}`);
    await invite(alpha.lead, alphaLeadVacancy, resume.hash);
    await invite(alpha.mate, alphaMateVacancy, resume.hash);
    await invite(solo, await vacancy(solo, `Вакансия Соло ${word}`), resume.hash);
    const oldReply = await invite(old, await vacancy(old, `Вакансия Старая ${word}`), resume.hash);
    await db().rows(sql`update vacancy_replies set created_at = now() - interval '91 days' where id = ${oldReply}`);
    await keep(alpha.lead, resume.hash);
    await keep(alpha.mate, resume.hash);
    await keep(solo, resume.hash);
    // Another resume's signals stay its own.
    await invite(solo, await vacancy(solo, `Вакансия Соло-2 ${word}`), other.hash);

    // Our team: the lead invites to one vacancy and rejects, the mate keeps it; both open it.
    const ourVacancy = await vacancy(ours.lead, 'Наша вакансия: литаврист');
    const ourReply = await invite(ours.lead, ourVacancy, resume.hash);
    const [reason] = await db().rows<{ id: number }>(sql`select id from rejection_reasons where owner_id is null order by id limit 1`);
    const rejected = { status: 'rejected', reason_id: Number(reason?.id) };
    expect((await ours.lead.client.request('PATCH', `/api/vacancy/${ourVacancy}/reply/${ourReply}`, rejected)).status).toBe(200);
    await keep(ours.mate, resume.hash);
    await open(ours.mate, resume.hash);
    await open(ours.lead, resume.hash);
    // A member of another company opening it is nobody's business here.
    await open(solo, resume.hash);

    await db().db.insert(reviewOpinions).values([
      { resumeId: resume.id, source: 'member', authorId: solo.id, verdict: 'recommend', text: 'Надёжный музыкант', relation: 'colleague' },
      { resumeId: resume.id, source: 'member', authorId: alpha.lead.id, verdict: 'recommend', text: 'Рекомендую', relation: 'employer' },
      { resumeId: resume.id, source: 'member', authorId: alpha.mate.id, verdict: 'not_recommend', text: 'Скрыт', relation: 'employer', hiddenAt: new Date() },
    ]);

    const asLead = await ours.lead.client.get(`/api/resume/${resume.hash}/signals`);
    expect(asLead.status).toBe(200);
    const s = asLead.body.res;
    // Members keeping it: alpha ×2, solo, our mate. Companies that invited in 90 days: alpha, solo, ours.
    expect(s.favourites).toBe(4);
    expect(s.invited_90d).toBe(3);
    expect(s.opinions).toEqual({ recommend: 2, neutral: 0, not_recommend: 0 });
    expect(s.team.favourites).toEqual([{ id: ours.mate.id, fio: 'Своя Анна Игоревна', added_at: expect.any(String) }]);
    expect(s.team.vacancies).toEqual([
      {
        vacancy: { id: ourVacancy, title: 'Наша вакансия: литаврист' },
        source: 'invite',
        status: 'rejected',
        status_title: 'Отказ',
        at: expect.any(String),
        status_at: expect.any(String),
      },
    ]);
    const v = s.team.vacancies[0];
    expect(Date.parse(v.status_at)).toBeGreaterThanOrEqual(Date.parse(v.at));
    // The lead sees who of the team opened it (the latest opening first); solo is not of the team.
    expect(s.team.opened.map((o: { id: number }) => o.id)).toEqual([ours.lead.id, ours.mate.id]);
    expect(Date.parse(s.team.opened[0].opened_at)).toBeGreaterThanOrEqual(Date.parse(s.team.opened[1].opened_at));

    // No other company, member or vacancy is named anywhere in the answer.
    const text = JSON.stringify(asLead.body);
    for (const secret of [word, 'Чужакова', 'Конкурент', 'Альфа', 'Соло', 'Старая']) expect(text).not.toContain(secret);
    const named = [...s.team.favourites, ...s.team.opened].map((p: { id: number }) => p.id);
    for (const id of named) expect([ours.lead.id, ours.mate.id]).toContain(id);

    // The mate sees the same team, but not who opened it.
    const asMate = (await ours.mate.client.get(`/api/resume/${resume.hash}/signals`)).body.res;
    expect(asMate).toMatchObject({ favourites: 4, invited_90d: 3 });
    expect(asMate.team.favourites).toEqual(s.team.favourites);
    expect(asMate.team.vacancies).toEqual(s.team.vacancies);
    expect(asMate.team.opened).toBeNull();

    // A member without a team is a team of one: their own favourite and invitation, no «opened».
    const asSolo = (await solo.client.get(`/api/resume/${resume.hash}/signals`)).body.res;
    expect(asSolo.team.favourites.map((f: { id: number }) => f.id)).toEqual([solo.id]);
    expect(asSolo.team.vacancies.map((x: { vacancy: { title: string } }) => x.vacancy.title)).toEqual([`Вакансия Соло ${word}`]);
    expect(asSolo.team.vacancies[0]).toMatchObject({ source: 'invite', status: 'invited', status_title: 'Приглашение' });
    expect(asSolo.team.opened).toBeNull();
    const soloText = JSON.stringify(asSolo);
    for (const secret of ['Своя', 'Наша вакансия', 'Альфа', 'Старая']) expect(soloText).not.toContain(secret);

    // Alpha's lead sees its two people as one team, and who of them opened it (nobody).
    const asAlpha = (await alpha.lead.client.get(`/api/resume/${resume.hash}/signals`)).body.res;
    expect(asAlpha.team.favourites.map((f: { id: number }) => f.id).sort()).toEqual([alpha.lead.id, alpha.mate.id].sort());
    expect(asAlpha.team.vacancies).toHaveLength(2);
    expect(asAlpha.team.opened).toEqual([]);
    expect(JSON.stringify(asAlpha)).not.toContain('Своя');

    const quiet = (await ours.mate.client.get(`/api/resume/${other.hash}/signals`)).body.res;
    expect(quiet).toEqual({
      favourites: 0,
      invited_90d: 1,
      opinions: { recommend: 0, neutral: 0, not_recommend: 0 },
      team: { favourites: [], vacancies: [], opened: null },
    });
  });

  it('is for members only: a visitor gets 401, an unknown hash or a reply’s resume 404', async () => {
    const resume = await createResume(db());
    expect((await new TestClient(built.app).get(`/api/resume/${resume.hash}/signals`)).status).toBe(401);
    const m = await member();
    expect((await m.client.get(`/api/resume/${'a'.repeat(22)}/signals`)).status).toBe(404);
    expect((await m.client.get('/api/resume/nonsense/signals')).status).toBe(404);
    const reply = await createResume(db(), { vacancyId: await vacancy(m, 'Вакансия для отклика') });
    expect((await m.client.get(`/api/resume/${reply.hash}/signals`)).status).toBe(404);
    expect((await m.client.get(`/api/resume/${resume.hash}/signals`)).status).toBe(200);
  });
});

describe('signals on search cards', () => {
  it('marks the cards the club knows something about, from one grouped query for the page', async () => {
    const PIN = randomInt(4_000_001, 4_999_999);
    const search = `/api/resume/search?salary_from=${PIN}&salary_to=${PIN}&label[]=only_with_salary&per_page=20`;
    const ours = await team();
    const stranger = await member();
    const [kept, invited, ourOnly, untouched] = await Promise.all(
      ['Гобоист', 'Кларнетист', 'Фаготист', 'Валторнист'].map((title) => createResume(db(), { title, salaryAmount: PIN })),
    );
    if (!kept || !invited || !ourOnly || !untouched) throw new Error('resumes not written');
    await keep(stranger, kept.hash);
    await invite(stranger, await vacancy(stranger, 'Чужая вакансия'), invited.hash);
    await keep(stranger, invited.hash);
    await invite(ours.mate, await vacancy(ours.mate, 'Наша вакансия'), ourOnly.hash);

    const page = await ours.lead.client.get(search);
    expect(page.status).toBe(200);
    const byHash = new Map((page.body.res.data as { hash: string; signals?: unknown }[]).map((c) => [c.hash, c.signals]));
    expect(byHash.size).toBe(4);
    expect(byHash.get(kept.hash)).toEqual({ favourites: 1, invited_90d: 0, in_team: false });
    expect(byHash.get(invited.hash)).toEqual({ favourites: 1, invited_90d: 1, in_team: false });
    // The mate's invitation is the lead's team's work too.
    expect(byHash.get(ourOnly.hash)).toEqual({ favourites: 0, invited_90d: 1, in_team: true });
    expect(byHash.get(untouched.hash)).toBeUndefined();

    // The stranger's own work is «in team» for them, and visitors get no badges at all.
    const theirs = await stranger.client.get(search);
    const theirBadges = new Map((theirs.body.res.data as { hash: string; signals?: unknown }[]).map((c) => [c.hash, c.signals]));
    expect(theirBadges.get(kept.hash)).toEqual({ favourites: 1, invited_90d: 0, in_team: true });
    expect(theirBadges.get(ourOnly.hash)).toEqual({ favourites: 0, invited_90d: 1, in_team: false });
    const visitor = await new TestClient(built.app).get(search);
    expect(visitor.status).toBe(200);
    for (const card of visitor.body.res.data as { signals?: unknown }[]) expect(card.signals).toBeUndefined();

    // The same numbers straight from the one statement, ids repeated or unknown ignored.
    const map = await cardSignalsOf(db(), ours.lead.id, [kept.id, kept.id, untouched.id, 9_000_000_000]);
    expect([...map.entries()]).toEqual([[kept.id, { favourites: 1, invited_90d: 0, in_team: false }]]);
    expect((await cardSignalsOf(db(), ours.lead.id, [])).size).toBe(0);
  });
});
