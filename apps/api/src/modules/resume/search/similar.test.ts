import { randomInt } from 'node:crypto';
import { SEARCH_MSG } from '@hr/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../../app.ts';
import type { ExperienceEntry } from '../../../db/schema/index.ts';
import { createResume } from '../../../../test/factories.ts';
import { type Answer, createPrivateTestApp, registeredMember, TestClient } from '../../../../test/helpers.ts';
import { newResumeHash } from '../resume.hash.ts';

/**
 * «Похожие резюме» (`similar_to`). Gathering weighs words by their rarity in the whole base, so the
 * file has a database of its own (another file's resumes would change which words are rare); every
 * search is still pinned to this run's fixtures by a salary nobody else has (a filter, which also
 * shows that filters combine with `similar_to`).
 */
let built: BuiltApp;
const PIN = randomInt(4_000_001, 4_999_999);
const pin = `salary_from=${PIN}&salary_to=${PIN}&label[]=only_with_salary`;

const nameOf = new Map<string, string>();
const hashOf = new Map<string, string>();
const job = (position: string, company = 'ООО «Ромашка»'): ExperienceEntry[] => [
  { company, position, start: '2021-01-01', end: null, description: 'Работа по специальности' },
];

type Overrides = Parameters<typeof createResume>[1];
async function fx(name: string, o: Overrides) {
  const row = await createResume(built.ctx.database, {
    cityId: 1069,
    salaryAmount: PIN,
    firstName: 'Евлампия',
    lastName: 'Засекреченко',
    ...o,
  });
  nameOf.set(row.hash, name);
  hashOf.set(name, row.hash);
  return row;
}

const visitor = () => new TestClient(built.app);
const names = (res: Answer): string[] => (res.body.res?.data ?? []).map((c: { hash: string }) => nameOf.get(c.hash) ?? `foreign:${c.hash}`);
async function similar(name: string, extra = '', client: TestClient = visitor()): Promise<Answer> {
  const res = await client.get(`/api/resume/search?similar_to=${hashOf.get(name)}&${pin}${extra ? `&${extra}` : ''}`);
  if (res.status !== 200) throw new Error(`${name} ${extra} → ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

const RECRUITERS = ['itRecruiterMsk', 'recruiterSpb', 'hiringManagerMsk', 'titleOnlyRecruiter'];
const OTHERS = ['accountantMsk', 'chiefAccountantMsk', 'salesManagerMsk'];

beforeAll(async () => {
  built = await createPrivateTestApp();
  await fx('source', {
    title: 'IT-рекрутер',
    skills: ['Подбор персонала', 'IT-рекрутинг', 'Хантфлоу', 'Boolean search', 'Деловая переписка'],
    experience: job('Рекрутер'),
    lastPosition: 'Рекрутер',
    roles: ['118'],
  });
  await fx('itRecruiterMsk', {
    title: 'IT-рекрутер',
    skills: ['Подбор персонала', 'Хантфлоу', 'IT-рекрутинг'],
    experience: job('Рекрутер'),
    lastPosition: 'Рекрутер',
    roles: ['118'],
  });
  await fx('recruiterSpb', {
    cityId: 1070,
    title: 'Рекрутер',
    skills: ['Подбор персонала', 'Массовый подбор'],
    experience: job('Специалист по подбору персонала'),
    lastPosition: 'Специалист по подбору персонала',
    roles: ['118'],
  });
  await fx('hiringManagerMsk', {
    title: 'Менеджер по подбору персонала',
    skills: ['Подбор персонала', 'Boolean search', 'IT-рекрутинг'],
    experience: job('Рекрутер'),
    lastPosition: 'Рекрутер',
    roles: ['118'],
  });
  await fx('titleOnlyRecruiter', { title: 'Рекрутер', skills: [], experience: [], lastPosition: null, lastCompany: null, roles: [] });
  await fx('accountantMsk', {
    title: 'Бухгалтер',
    skills: ['1С: Бухгалтерия', 'Деловая переписка'],
    experience: job('Бухгалтер'),
    lastPosition: 'Бухгалтер',
    roles: ['18'],
  });
  await fx('chiefAccountantMsk', {
    title: 'Главный бухгалтер',
    skills: ['Налоговый учёт', 'Деловая переписка'],
    experience: job('Главный бухгалтер'),
    lastPosition: 'Главный бухгалтер',
    roles: ['18'],
  });
  await fx('salesManagerMsk', {
    title: 'Менеджер по продажам',
    skills: ['Активные продажи', 'Деловая переписка'],
    experience: job('Менеджер по продажам'),
    lastPosition: 'Менеджер по продажам',
    roles: ['70'],
  });
  // A reply to a vacancy: found only by the vacancy's team, never listed in the general search.
  await fx('replyRecruiter', { title: 'IT-рекрутер', skills: ['Подбор персонала', 'Хантфлоу'], roles: ['118'], vacancyId: 987_654_321 });
  // Only a title: no skills, no past jobs, no role.
  await fx('bareTitle', { title: 'Рекрутер', skills: [], experience: [], lastPosition: null, lastCompany: null, roles: [] });
});

describe('GET /api/resume/search?similar_to', () => {
  it('ranks the same job first: recruiters before accountants and sales managers, the closest recruiter on top', async () => {
    const res = await similar('source');
    const list = names(res);
    expect(list[0]).toBe('itRecruiterMsk');
    // Gathering weighs words by how rare they are in the whole base (pg_stats): on this file's own
    // database every recruiter is found.
    for (const r of RECRUITERS) expect(list).toContain(r);
    const lastRecruiter = Math.max(...RECRUITERS.map((r) => list.indexOf(r)));
    for (const o of OTHERS) if (list.includes(o)) expect(list.indexOf(o)).toBeGreaterThan(lastRecruiter);
    expect(res.body.res.total).toBe(list.length);
    expect(res.body.res.total_is_estimate).toBe(false);
  });

  it('never lists the resume itself, nor replies to vacancies', async () => {
    for (const name of ['source', 'itRecruiterMsk', 'bareTitle']) {
      const list = names(await similar(name));
      expect(list).not.toContain(name);
      expect(list).not.toContain('replyRecruiter');
    }
  });

  it('combines with the filters: a city filter keeps that city only, and the facets count what was found', async () => {
    const res = await similar('source', 'search_city[]=1070');
    expect(names(res)).toEqual(['recruiterSpb']);
    expect(res.body.res.total).toBe(1);
    const spb = res.body.res.facets.search_city.find((c: { value: string }) => c.value === '1070');
    expect(spb?.count).toBe(1);
    // Text narrows too: only the similar resumes that have the word.
    expect(names(await similar('source', `text=${encodeURIComponent('Хантфлоу')}`))).toEqual(['itRecruiterMsk']);
  });

  it('orders by the search order asked for, among the similar ones', async () => {
    const res = await similar('source', 'searchOrderBy=publication_time');
    const dates = (res.body.res.data as { updated_at: string }[]).map((c) => c.updated_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(names(res)).toContain('itRecruiterMsk');
  });

  it('gives a visitor cards without names, and a member the initials', async () => {
    const anon = await similar('source');
    expect(anon.body.res.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(anon.body.res.data)).not.toContain('Засекреченко');
    for (const card of anon.body.res.data) expect(card.initials).toBeUndefined();
    const { client } = await registeredMember(built.app);
    const member = await similar('source', '', client);
    expect(names(member)[0]).toBe('itRecruiterMsk');
    expect(member.body.res.data[0].initials).toBe('Е. З.');
  });

  it('answers 422 on similar_to for an unknown or malformed resume, and for a reply outside the viewer’s team', async () => {
    for (const hash of [newResumeHash(), 'not-a-hash', hashOf.get('replyRecruiter') as string]) {
      const res = await visitor().get(`/api/resume/search?similar_to=${encodeURIComponent(hash)}`);
      expect(res.status).toBe(422);
      expect(res.body.errors?.similar_to).toEqual([SEARCH_MSG.similarNotFound]);
    }
  });

  it('works for a resume with only a title', async () => {
    const list = names(await similar('bareTitle'));
    // The same title in the same city first, then the other titles with the word.
    expect(list[0]).toBe('titleOnlyRecruiter');
    expect(list.slice(1, 4).sort()).toEqual(['itRecruiterMsk', 'recruiterSpb', 'source']);
    expect(list).not.toContain('accountantMsk');
  });
});
