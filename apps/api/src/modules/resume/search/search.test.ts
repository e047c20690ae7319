import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../../app.ts';
import { type ExperienceEntry, resumes, resumeViews, users } from '../../../db/schema/index.ts';
import { createResume, setFlags } from '../../../../test/factories.ts';
import { type Answer, createTestApp, registeredMember, TestClient } from '../../../../test/helpers.ts';
import { searchResumes, searchTuning } from './search.service.ts';
import { QueryTimeout, type SqlRunner } from './search.db.ts';
import { maskMemoForTests } from '../resume.mask.ts';
import { ACTIVE_DAY, activeDays, yearsBefore } from './search.filters.ts';
import { searchQueryInput } from '@hr/contract';

/**
 * The fixture set: every resume carries what one filter, text mode, field or order needs, so each
 * search has a known right answer. The database may be shared with other test files (PostgreSQL),
 * so every search is narrowed to this run's fixtures: the «pin» (a salary no one else has, with
 * only_with_salary) or a random word that only these fixtures contain.
 */
let built: BuiltApp;
const db = () => built.ctx.database;

const LETTERS = 'bcdfghjklmnpqrstvwxz';
const word = () => Array.from({ length: 10 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
const PIN = randomInt(3_000_001, 3_999_999);
const pin = `salary_from=${PIN}&salary_to=${PIN}&label[]=only_with_salary`;
/** Another run-unique salary band, for fixtures whose salaries must differ. */
const BAND = randomInt(10_000_000, 2_000_000_000);
const W = {
  tier: word(),
  logic1: word(),
  logic2: word(),
  field: word(),
  period: word(),
  aq: word(),
  aqCompany: word(),
  sort: word(),
  rel: word(),
  page: word(),
  html: word(),
  reply: word(),
  shared: word(),
};

const nameOf = new Map<string, string>();
const hashOf = new Map<string, string>();
const idOf = new Map<string, number>();

const neutralJob: ExperienceEntry = {
  company: 'ООО Склад',
  position: 'Кладовщик',
  start: '2020-01-01',
  end: null,
  description: 'Учёт товара',
};
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** Birth dates at the edges of ages 29–31 on `day` (the day the search is made). */
const agesOn = (day: string): [string, string][] => [
  ['age30', yearsBefore(day, 30)],
  ['age30b', dayAfter(yearsBefore(day, 31))],
  ['age31', yearsBefore(day, 31)],
  ['age29', dayAfter(yearsBefore(day, 30))],
];

type Overrides = Parameters<typeof createResume>[1];
async function fx(name: string, o: Overrides = {}) {
  const row = await createResume(db(), {
    title: 'Кладовщик',
    cityId: 889,
    salaryAmount: PIN,
    experience: [neutralJob],
    lastCompany: neutralJob.company,
    lastPosition: neutralJob.position,
    skills: ['Складской учёт'],
    ...o,
  });
  nameOf.set(row.hash, name);
  hashOf.set(name, row.hash);
  idOf.set(name, row.id);
  return row;
}

const visitor = () => new TestClient(built.app);
const names = (res: Answer): string[] => (res.body.res?.data ?? []).map((c: { hash: string }) => nameOf.get(c.hash) ?? `foreign:${c.hash}`);
const sorted = (res: Answer) => names(res).sort();
async function search(qs: string, client: TestClient = visitor()): Promise<Answer> {
  const res = await client.get(`/api/resume/search?${qs}`);
  if (res.status !== 200) throw new Error(`${qs} → ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
const enc = encodeURIComponent;

beforeAll(async () => {
  built = await createTestApp();
  const t = today();
  // Cities, relocation, metro
  await fx('msk', { cityId: 1069, metro: ['1.148'], firstName: 'Ипполит', lastName: 'Засекреченко', photo: 'secret-photo.jpg' });
  await fx('spb', { cityId: 1070, metro: ['14.190'] });
  await fx('relocMsk', { cityId: 722, relocation: 'relocation_possible', relocationCityIds: [1069] });
  await fx('relocNo', { cityId: 736, relocation: 'no_relocation', relocationCityIds: [1069] });
  await fx('mskReloc', { cityId: 1069, relocation: 'relocation_desirable', relocationCityIds: [1070] });
  await fx('belgorod', { cityId: 297 });
  // Experience buckets by total months, at their edges
  for (const m of [0, 11, 12, 35, 36, 71, 72]) await fx(`exp${m}`, { totalExperienceMonths: m });
  await fx('part', { workingTypes: ['part'] });
  await fx('fullProject', { workingTypes: ['full', 'project'] });
  await fx('remote', { schedules: ['remote'] });
  await fx('shift', { schedules: ['shift', 'fullDay'] });
  await fx('higher', { educationLevel: 'higher' });
  await fx('master', { educationLevel: 'master' });
  await fx('female', { sex: 'female' });
  await fx('noSex', { sex: null });
  for (const [name, birthDate] of agesOn(t)) await fx(name, { birthDate });
  await fx('noBirth', { birthDate: null });
  await fx('driveBC', { drive: ['B', 'C'] });
  await fx('driveB', { drive: ['B'] });
  await fx('role8', { roles: ['8'] });
  await fx('role58', { roles: ['58'] });
  await fx('role4', { roles: ['4'] });
  await fx('active', { jobStatus: 'active_search' });
  await fx('notLooking', { jobStatus: 'not_looking_for_job' });
  await fx('old', { updatedAt: ago(10) });
  await fx('viewed');
  await fx('reply', { source: 'reply', vacancyId: 4242, title: `Курьер ${W.reply}` });
  // Text: morphology, logic, phrase
  await fx('sales', { title: 'Менеджер по продажам' });
  await fx('plural', { title: 'Менеджеры по продажам' });
  await fx('phraseYes', { title: 'Старший менеджер по продажам' });
  await fx('phraseNo', { title: 'Менеджер отдела продаж' });
  await fx('w1', { title: `Оператор ${W.logic1}` });
  await fx('w2', { skills: [W.logic2] });
  await fx('both', { about: `${W.logic1} и ${W.logic2}` });
  // Fields
  await fx('flTitle', { title: `Инженер ${W.field}` });
  await fx('flSkill', { skills: [W.field] });
  await fx('flCompany', { experience: [{ ...neutralJob, company: `АО ${W.field}` }] });
  await fx('flPosition', { experience: [{ ...neutralJob, position: `Старший ${W.field}` }] });
  await fx('flDescription', { experience: [{ ...neutralJob, description: `Внедрение ${W.field} на заводе` }] });
  await fx('flEducation', { education: [{ name: `Институт ${W.field}`, organization: null, result: null, year: 2010 }] });
  // Period of experience
  await fx('prCurrent', { experience: [{ ...neutralJob, position: `Техник ${W.period}`, start: '2023-01-01', end: null }] });
  await fx('prRecent', {
    experience: [{ ...neutralJob, position: `Техник ${W.period}`, start: '2019-01-01', end: dayAfter(yearsBefore(t, 1)) }],
  });
  await fx('prOld', { experience: [{ ...neutralJob, position: `Техник ${W.period}`, start: '2010-01-01', end: '2014-01-01' }] });
  // Advanced query
  await fx('aq1', { title: `Аналитик ${W.aq}`, experience: [{ ...neutralJob, company: `АО ${W.aqCompany}`, position: 'Аналитик' }] });
  await fx('aq2', { title: `Разработчик ${W.aq}`, skills: [W.aqCompany] });
  await fx('aq3', { title: 'Руководитель отдела', about: W.aq });
  // Orders (not pinned: their salaries differ)
  await fx('s1', { about: W.sort, salaryAmount: 100_000, updatedAt: ago(1), birthDate: '1995-03-01' });
  await fx('s2', { about: W.sort, salaryAmount: 200_000, updatedAt: ago(3), birthDate: '1985-03-01' });
  await fx('s3', { about: W.sort, salaryAmount: null, updatedAt: ago(2), birthDate: null });
  await fx('s4', { about: W.sort, salaryAmount: 150_000, updatedAt: ago(0), birthDate: '2000-03-01' });
  // Relevance: the freshest has the word in the least important place
  await fx('relTitle', { title: `Логист ${W.rel}`, updatedAt: ago(4) });
  await fx('relSkill', { skills: [W.rel], updatedAt: ago(3) });
  await fx('relDescription', { experience: [{ ...neutralJob, description: `Работа с ${W.rel}` }], updatedAt: ago(2) });
  await fx('relAbout', { about: `Знаю ${W.rel}`, updatedAt: ago(1) });
  // Paging
  for (let i = 0; i < 25; i++) await fx(`page${i}`, { about: W.page, updatedAt: ago(i) });
  // Tiers of a big result: 20 titles in Moscow, 2 titles of people moving to Moscow, 2 mentions elsewhere
  for (let i = 0; i < 20; i++)
    await fx(`tierCity${i}`, { salaryAmount: null, cityId: 1069, title: `Диспетчер ${W.tier}`, updatedAt: ago(2 * i + 1) });
  for (let i = 0; i < 2; i++) {
    await fx(`tierMoving${i}`, {
      salaryAmount: null,
      cityId: 736,
      relocation: 'relocation_possible',
      relocationCityIds: [1069],
      title: `Диспетчер ${W.tier}`,
      updatedAt: ago(4 * i + 2),
    });
  }
  for (let i = 0; i < 2; i++)
    await fx(`tierAbout${i}`, { salaryAmount: null, cityId: 1069, about: `Знаю ${W.tier}`, updatedAt: ago(i / 10) });
  // Orders with a city and people moving there: 21 residents of Moscow, 2 movers, 1 in SPb, all in this
  // run's own salary band
  for (let i = 0; i < 21; i++) await fx(`oRes${i}`, { cityId: 1069, salaryAmount: BAND + 120_000 - i * 1000, updatedAt: ago(i + 0.5) });
  await fx('oMoveRich', {
    cityId: 736,
    relocation: 'relocation_possible',
    relocationCityIds: [1069],
    salaryAmount: BAND + 300_000,
    updatedAt: ago(30),
  });
  await fx('oMovePoor', {
    cityId: 736,
    relocation: 'relocation_desirable',
    relocationCityIds: [1069, 1070],
    salaryAmount: BAND + 50_000,
    updatedAt: ago(0.1),
  });
  await fx('oSpb', { cityId: 1070, salaryAmount: BAND + 200_000 });
  // HTML in resume text
  await fx('html', { title: `<img src=x onerror=alert(1)> Инженер ${W.html}`, skills: [`<b>${W.html}</b>`, 'a & b'] });
});

describe('filters', () => {
  it('search_city with the four relocation modes', async () => {
    expect(sorted(await search(`${pin}&search_city[]=1069`))).toEqual(['msk', 'mskReloc', 'relocMsk']);
    expect(sorted(await search(`${pin}&search_city=1069&relocation=living_or_relocation`))).toEqual(['msk', 'mskReloc', 'relocMsk']);
    expect(sorted(await search(`${pin}&search_city[]=1069&relocation=living`))).toEqual(['msk', 'mskReloc']);
    expect(sorted(await search(`${pin}&search_city[]=1069&relocation=living_but_relocation`))).toEqual(['mskReloc']);
    expect(sorted(await search(`${pin}&search_city[]=1069&relocation=relocation`))).toEqual(['relocMsk']);
    expect(sorted(await search(`${pin}&search_city[]=1070`))).toEqual(['mskReloc', 'spb']);
  });

  it('several cities and regions with mass_search', async () => {
    const member = await registeredMember(built.app);
    await setFlags(db(), member.email, ['mass_search']);
    expect(sorted(await search(`${pin}&search_city[]=1070&search_city[]=297&relocation=living`, member.client))).toEqual([
      'belgorod',
      'spb',
    ]);
    expect(sorted(await search(`${pin}&search_city[]=${enc('r:Белгородская обл.')}`, member.client))).toEqual(['belgorod']);
  });

  it('metro stations and whole lines', async () => {
    expect(sorted(await search(`${pin}&subway[]=1.148`))).toEqual(['msk']);
    expect(sorted(await search(`${pin}&subway[]=line:1`))).toEqual(['msk']);
    expect(sorted(await search(`${pin}&subway[]=line:14&subway[]=1.148`))).toEqual(['msk', 'spb']);
  });

  it('experience buckets by total months, edges included', async () => {
    expect(sorted(await search(`${pin}&experience[]=noExperience`))).toEqual(['exp0']);
    expect(sorted(await search(`${pin}&experience[]=between1And3`))).toEqual(['exp12', 'exp35']);
    expect(sorted(await search(`${pin}&experience[]=moreThan6&experience[]=noExperience`))).toEqual(['exp0', 'exp72']);
    const mid = names(await search(`${pin}&experience[]=between3And6&per_page=100`));
    expect(mid).toEqual(expect.arrayContaining(['exp36', 'exp71', 'msk']));
    for (const n of ['exp0', 'exp11', 'exp12', 'exp35', 'exp72']) expect(mid).not.toContain(n);
  });

  it('employment, schedule, education: any of the values; education exactly', async () => {
    expect(sorted(await search(`${pin}&workingType[]=part`))).toEqual(['part']);
    expect(sorted(await search(`${pin}&workingType[]=part&workingType[]=project`))).toEqual(['fullProject', 'part']);
    expect(sorted(await search(`${pin}&schedule[]=remote`))).toEqual(['remote']);
    expect(sorted(await search(`${pin}&schedule[]=fullDay`))).toEqual(['shift']);
    expect(sorted(await search(`${pin}&education[]=higher`))).toEqual(['higher']);
    expect(sorted(await search(`${pin}&education[]=master&education=higher`))).toEqual(['higher', 'master']);
  });

  it('sex and age include resumes without them unless only_with_*', async () => {
    // The ages are set again for today: a run that crosses midnight would otherwise age them a day.
    for (const [name, birthDate] of agesOn(today()))
      await db()
        .db.update(resumes)
        .set({ birthDate })
        .where(eq(resumes.id, idOf.get(name) as number));
    expect(sorted(await search(`${pin}&sex=female`))).toEqual(['female', 'noSex']);
    expect(sorted(await search(`${pin}&sex=female&label[]=only_with_gender`))).toEqual(['female']);
    expect(names(await search(`${pin}&label[]=only_with_gender&per_page=100`))).not.toContain('noSex');
    expect(sorted(await search(`${pin}&age_from=30&age_to=30`))).toEqual(['age30', 'age30b', 'noBirth']);
    expect(sorted(await search(`${pin}&age_from=30&age_to=30&label[]=only_with_age`))).toEqual(['age30', 'age30b']);
    expect(sorted(await search(`${pin}&age_from=29&age_to=29`))).toEqual(['age29', 'noBirth']);
    expect(names(await search(`${pin}&age_from=31&per_page=100`))).toEqual(expect.arrayContaining(['age31', 'noBirth', 'msk']));
  });

  it('salary bounds are inclusive; no salary matches unless only_with_salary', async () => {
    const q = `text=${W.sort}`;
    expect(sorted(await search(`${q}&salary_from=150000`))).toEqual(['s2', 's3', 's4']);
    expect(sorted(await search(`${q}&salary_from=150000&label[]=only_with_salary`))).toEqual(['s2', 's4']);
    expect(sorted(await search(`${q}&salary_to=150000`))).toEqual(['s1', 's3', 's4']);
    expect(sorted(await search(`${q}&salary_from=100000&salary_to=150000&label[]=only_with_salary`))).toEqual(['s1', 's4']);
    expect(sorted(await search(`${q}&label[]=only_with_salary`))).toEqual(['s1', 's2', 's4']);
  });

  it('licences (all of them), roles and role categories, job-search status, lastActive', async () => {
    expect(sorted(await search(`${pin}&drive[]=B&drive[]=C`))).toEqual(['driveBC']);
    expect(sorted(await search(`${pin}&drive[]=B`))).toEqual(['driveB', 'driveBC']);
    expect(sorted(await search(`${pin}&roleTree[]=c5`))).toEqual(['role58', 'role8']);
    expect(sorted(await search(`${pin}&roleTree[]=4`))).toEqual(['role4']);
    expect(sorted(await search(`${pin}&roleTree[]=c19&roleTree[]=8`))).toEqual(['role4', 'role8']);
    expect(sorted(await search(`${pin}&resumeStatus[]=active_search`))).toEqual(['active']);
    expect(sorted(await search(`${pin}&resumeStatus[]=active_search&resumeStatus[]=not_looking_for_job`))).toEqual([
      'active',
      'notLooking',
    ]);
    const recent = names(await search(`${pin}&lastActive=7&per_page=100`));
    expect(recent).toContain('msk');
    expect(recent).not.toContain('old');
    expect(names(await search(`${pin}&lastActive=30&per_page=100`))).toContain('old');
  });

  it('the days lastActive asks the index for cover the database day of every moment of the period', async () => {
    const now = new Date('2026-03-29T00:30:00.600Z');
    const since = new Date(now.getTime() - 30 * 86_400_000);
    const days = new Set(activeDays(since, now));
    for (const at of [
      since,
      new Date(since.getTime() + 499),
      new Date(since.getTime() + 86_399_500),
      now,
      new Date(now.getTime() + 3 * 86_400_000),
    ]) {
      const [row] = await db().rows<{ d: number }>(
        sql.raw(`SELECT (${ACTIVE_DAY})[1] AS d FROM (SELECT '${at.toISOString()}'::timestamptz AS updated_at) r`),
      );
      expect(days.has(Number(row?.d)), at.toISOString()).toBe(true);
    }
  });

  it('exclude_viewed_by_me hides what the member viewed; a visitor has viewed nothing', async () => {
    const member = await registeredMember(built.app);
    const [user] = await db().db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    await db()
      .db.insert(resumeViews)
      .values({ resumeId: idOf.get('viewed') as number, userId: user?.id as number, day: today() });
    expect(names(await search(`${pin}&per_page=100`, member.client))).toContain('viewed');
    expect(names(await search(`${pin}&per_page=100&label[]=exclude_viewed_by_me`, member.client))).not.toContain('viewed');
    expect(names(await search(`${pin}&per_page=100&label[]=exclude_viewed_by_me`))).toContain('viewed');
  });

  it('only_in_responses finds nothing until vacancies exist; replies are never in the general search', async () => {
    const member = await registeredMember(built.app);
    const mine = await search(`${pin}&label[]=only_in_responses`, member.client);
    expect(mine.body.res.total).toBe(0);
    expect(mine.body.res.data).toEqual([]);
    expect((await search(`${pin}&label[]=only_in_responses`)).body.res.total).toBe(0);
    expect(names(await search(`${pin}&per_page=100`))).not.toContain('reply');
    expect((await search(`text=${W.reply}`)).body.res.total).toBe(0);
  });
});

describe('text', () => {
  it('morphology: «менеджеры по продажам» finds «менеджер по продажам»', async () => {
    const res = await search(`${pin}&text=${enc('менеджеры по продажам')}`);
    expect(sorted(res)).toEqual(['phraseNo', 'phraseYes', 'plural', 'sales']);
  });

  it('logic: all, any, phrase, except', async () => {
    const two = enc(`${W.logic1} ${W.logic2}`);
    expect(sorted(await search(`${pin}&text=${two}`))).toEqual(['both']);
    expect(sorted(await search(`${pin}&text=${two}&logic=all`))).toEqual(['both']);
    expect(sorted(await search(`${pin}&text=${two}&logic=any`))).toEqual(['both', 'w1', 'w2']);
    // The exact phrase: these words in this order and these forms («менеджер отдела продаж» is not it).
    expect(sorted(await search(`${pin}&text=${enc('менеджер по продажам')}&logic=phrase`))).toEqual(['phraseYes', 'sales']);
    expect(sorted(await search(`${pin}&text=${enc('Менеджеры  по продажам')}&logic=phrase`))).toEqual(['plural']);
    expect(sorted(await search(`${pin}&text=${enc('менеджер по продажам')}&logic=phrase&field[]=title`))).toEqual(['phraseYes', 'sales']);
    expect(sorted(await search(`${pin}&text=${enc('менеджер по продажам')}&logic=phrase&field[]=skills`))).toEqual([]);
    const except = await search(`${pin}&text=${two}&logic=except&per_page=100`);
    expect(names(except)).toContain('msk');
    for (const n of ['w1', 'w2', 'both']) expect(names(except)).not.toContain(n);
    const everyone = await search(`${pin}&per_page=100`);
    expect(except.body.res.total).toBe(everyone.body.res.total - 3);
  });

  it('field[] restricts where the words match', async () => {
    const q = `${pin}&text=${W.field}`;
    const all = ['flCompany', 'flDescription', 'flEducation', 'flPosition', 'flSkill', 'flTitle'];
    expect(sorted(await search(q))).toEqual(all);
    expect(sorted(await search(`${q}&field[]=everywhere`))).toEqual(all);
    expect(sorted(await search(`${q}&field[]=title`))).toEqual(['flTitle']);
    expect(sorted(await search(`${q}&field[]=skills`))).toEqual(['flSkill']);
    expect(sorted(await search(`${q}&field[]=education`))).toEqual(['flEducation']);
    expect(sorted(await search(`${q}&field[]=experience`))).toEqual(['flCompany', 'flDescription', 'flPosition']);
    expect(sorted(await search(`${q}&field[]=experience_company`))).toEqual(['flCompany']);
    expect(sorted(await search(`${q}&field[]=experience_position`))).toEqual(['flPosition']);
    expect(sorted(await search(`${q}&field[]=experience_description`))).toEqual(['flDescription']);
    expect(sorted(await search(`${q}&field[]=title&field[]=skills`))).toEqual(['flSkill', 'flTitle']);
    expect(sorted(await search(`${q}&field[]=title&field[]=experience_company`))).toEqual(['flCompany', 'flTitle']);
    expect(sorted(await search(`${q}&field[]=title&field[]=experience_company&logic=except`))).not.toContain('flTitle');
  });

  it('title and skills together: every word in either field, not necessarily the same one', async () => {
    const [a, b] = [word(), word()];
    const split = await fx('tsSplit', { title: `Оператор ${a}`, skills: [`${b} продвинутый`] });
    const elsewhere = await fx('tsElsewhere', { title: `Оператор ${a}`, about: b });
    try {
      const q = `${pin}&text=${enc(`${a} ${b}`)}&field[]=title&field[]=skills`;
      expect(sorted(await search(q))).toEqual(['tsSplit']);
      expect(sorted(await search(`${q}&logic=any`))).toEqual(['tsElsewhere', 'tsSplit']);
      expect(sorted(await search(`${pin}&text=${enc(b)}&field[]=title&field[]=skills&logic=any`))).toEqual(['tsSplit']);
    } finally {
      await db().db.delete(resumes).where(eq(resumes.id, split.id));
      await db().db.delete(resumes).where(eq(resumes.id, elsewhere.id));
    }
  });

  it('period keeps experience matches to jobs held in that period', async () => {
    const q = `${pin}&text=${W.period}&field[]=experience`;
    expect(sorted(await search(q))).toEqual(['prCurrent', 'prOld', 'prRecent']);
    expect(sorted(await search(`${q}&period=all_time`))).toEqual(['prCurrent', 'prOld', 'prRecent']);
    expect(sorted(await search(`${q}&period=last_year`))).toEqual(['prCurrent', 'prRecent']);
    expect(sorted(await search(`${q}&period=last_six_years`))).toEqual(['prCurrent', 'prRecent']);
    expect(sorted(await search(`${pin}&text=${W.period}&field[]=experience_position&period=last_year`))).toEqual(['prCurrent', 'prRecent']);
    // `everywhere` is not an experience field: the period does not apply.
    expect(sorted(await search(`${pin}&text=${W.period}&period=last_year`))).toEqual(['prCurrent', 'prOld', 'prRecent']);
  });

  it('highlights matches in the title and in fragments, escaping the resume text', async () => {
    const res = await search(`text=${W.html}`);
    expect(names(res)).toEqual(['html']);
    const card = res.body.res.data[0];
    expect(card.highlight.title).toBe(`&lt;img src=x onerror=alert(1)&gt; Инженер <mark>${W.html}</mark>`);
    expect(card.highlight.fragments.length).toBeGreaterThan(0);
    const fragments = card.highlight.fragments.join(' ');
    expect(fragments).toContain(`<mark>${W.html}</mark>`);
    expect(fragments).not.toMatch(/<(?!\/?mark>)/);
    expect(JSON.stringify(res.body.res.data[0].highlight)).not.toContain('<img');
    // Without text there is nothing to highlight.
    expect((await search(`${pin}&search_city[]=1069`)).body.res.data[0].highlight).toBeUndefined();
  });
});

describe('advanced query (spec_search)', () => {
  let client: TestClient;
  beforeAll(async () => {
    const member = await registeredMember(built.app);
    await setFlags(db(), member.email, ['spec_search']);
    client = member.client;
  });
  const aq = async (query: string) => sorted(await search(`${pin}&query=${enc(query)}`, client));

  it('operators, parentheses and prefixes', async () => {
    expect(await aq(`${W.aq} AND company:${W.aqCompany}`)).toEqual(['aq1']);
    expect(await aq(`${W.aq} NOT skill:${W.aqCompany}`)).toEqual(['aq1', 'aq3']);
    expect(await aq(`${W.aq} НЕ skill:${W.aqCompany}`)).toEqual(['aq1', 'aq3']);
    expect(await aq(`${W.aq} и (аналитик ИЛИ разработчик)`)).toEqual(['aq1', 'aq2']);
    expect(await aq(`${W.aq} AND (аналитик OR разработчик) AND NOT position:аналитик`)).toEqual(['aq2']);
    expect(await aq(`skill:${W.aqCompany}`)).toEqual(['aq2']);
    expect(await aq(`company:${W.aqCompany} or title:руководитель`)).toEqual(['aq1', 'aq3']);
  });

  it('quoted phrases match exactly, unquoted words with morphology', async () => {
    expect(await aq('"менеджер по продажам"')).toEqual(['phraseYes', 'sales']);
    expect(await aq('менеджер по продажам')).toEqual(['phraseNo', 'phraseYes', 'plural', 'sales']);
    expect(await aq('«менеджеры по продажам» OR "отдела продаж"')).toEqual(['phraseNo', 'plural']);
  });

  it('combines with text and the other filters', async () => {
    expect(sorted(await search(`${pin}&text=${W.aq}&query=${enc('аналитик OR руководитель')}`, client))).toEqual(['aq1', 'aq3']);
    expect(sorted(await search(`${pin}&query=${enc(W.aq)}&search_city[]=889&relocation=living`, client))).toEqual(['aq1', 'aq2', 'aq3']);
  });

  it('answers 422 naming the position of a syntax error', async () => {
    const res = await client.get(`/api/resume/search?query=${enc('python AND (django OR flask')}`);
    expect(res.status).toBe(422);
    expect(res.body.errors?.query).toEqual(['Ошибка в запросе (позиция 12): не закрыта скобка']);
  });
});

describe('orders and pages', () => {
  it('publication_time, salary both ways (no salary last), age (youngest first, no age last)', async () => {
    const q = `text=${W.sort}`;
    expect(names(await search(`${q}&searchOrderBy=publication_time`))).toEqual(['s4', 's1', 's3', 's2']);
    expect(names(await search(`${q}&searchOrderBy=salary_desc`))).toEqual(['s2', 's4', 's1', 's3']);
    expect(names(await search(`${q}&searchOrderBy=salary_asc`))).toEqual(['s1', 's4', 's2', 's3']);
    expect(names(await search(`${q}&searchOrderBy=age`))).toEqual(['s4', 's1', 's2', 's3']);
  });

  it('the same orders without text (walking the city indexes)', async () => {
    const member = await registeredMember(built.app);
    await setFlags(db(), member.email, ['mass_search']);
    const q = `${pin}&search_city[]=1069&search_city[]=1070`;
    const salaryAsc = names(await search(`${q}&searchOrderBy=salary_asc`, member.client));
    expect(salaryAsc.sort()).toEqual(['msk', 'mskReloc', 'relocMsk', 'spb']);
    const fresh = names(await search(`${q}&searchOrderBy=publication_time`, member.client));
    expect(fresh).toEqual([...fresh].sort((a, b) => (idOf.get(b) as number) - (idOf.get(a) as number)));
  });

  it('orders with a city: residents and people moving there merged, page after page', async () => {
    const q = `salary_from=${BAND}&salary_to=${BAND + 400_000}&label[]=only_with_salary&search_city[]=1069`;
    const res = (i: number) => `oRes${i}`;
    const desc = await search(`${q}&searchOrderBy=salary_desc`);
    expect(desc.body.res.total).toBe(23);
    expect(names(desc)).toEqual(['oMoveRich', ...Array.from({ length: 19 }, (_, i) => res(i))]);
    expect(names(await search(`${q}&searchOrderBy=salary_desc&page=2`))).toEqual([res(19), res(20), 'oMovePoor']);
    const asc = await search(`${q}&searchOrderBy=salary_asc`);
    expect(names(asc)).toEqual(['oMovePoor', ...Array.from({ length: 19 }, (_, i) => res(20 - i))]);
    expect(names(await search(`${q}&searchOrderBy=salary_asc&page=2`))).toEqual([res(1), res(0), 'oMoveRich']);
    const fresh = await search(`${q}&searchOrderBy=publication_time`);
    expect(names(fresh)).toEqual(['oMovePoor', ...Array.from({ length: 19 }, (_, i) => res(i))]);
    expect(names(await search(`${q}&searchOrderBy=publication_time&page=2`))).toEqual([res(19), res(20), 'oMoveRich']);
    expect(names(await search(`${q}&relocation=living&searchOrderBy=salary_desc&page=2`))).toEqual([res(20)]);
    expect(names(await search(`${q}&relocation=relocation&searchOrderBy=salary_desc`))).toEqual(['oMoveRich', 'oMovePoor']);
  });

  it('relevance: title > skills > experience > about; without text, freshest first', async () => {
    expect(names(await search(`text=${W.rel}`))).toEqual(['relTitle', 'relSkill', 'relDescription', 'relAbout']);
    expect(names(await search(`text=${W.rel}&searchOrderBy=relevance`))).toEqual(['relTitle', 'relSkill', 'relDescription', 'relAbout']);
    expect(names(await search(`text=${W.rel}&searchOrderBy=publication_time`))).toEqual([
      'relAbout',
      'relDescription',
      'relSkill',
      'relTitle',
    ]);
    expect(names(await search(`text=${W.sort}&searchOrderBy=relevance`))).toEqual(['s4', 's1', 's3', 's2']);
  });

  it('big result sets rank in tiers: title matches first, then the rest, freshest first', async () => {
    const tuning = { ...searchTuning(built.ctx), rankExactLimit: -1 };
    const q = searchQueryInput.parse({ text: W.rel });
    const res = await searchResumes(built.ctx, q, null, tuning);
    expect(res.data.map((c) => nameOf.get(c.hash))).toEqual(['relTitle', 'relAbout', 'relDescription', 'relSkill']);
  });

  it('big result sets: the first tier walked city by city and merged with the people moving there', async () => {
    const tuning = { ...searchTuning(built.ctx), rankExactLimit: -1 };
    const all = [
      ...Array.from({ length: 20 }, (_, i) => ({ n: `tierCity${i}`, d: 2 * i + 1 })),
      ...[0, 1].map((i) => ({ n: `tierMoving${i}`, d: 4 * i + 2 })),
    ]
      .sort((a, b) => a.d - b.d)
      .map((x) => x.n);
    const q1 = searchQueryInput.parse({ text: W.tier, 'search_city[]': '1069' });
    const first = await searchResumes(built.ctx, q1, null, tuning);
    expect(first.data.map((c) => nameOf.get(c.hash))).toEqual(all.slice(0, 20));
    expect(first.data[0]?.highlight?.title).toBe(`Диспетчер <mark>${W.tier}</mark>`);
    const q2 = searchQueryInput.parse({ text: W.tier, 'search_city[]': '1069', page: '2' });
    const second = await searchResumes(built.ctx, q2, null, tuning);
    expect(second.data.map((c) => nameOf.get(c.hash))).toEqual([...all.slice(20), 'tierAbout0', 'tierAbout1']);
    // The same pages without the walk (the plain tier statements) agree.
    const plain = { ...tuning, walkTimeoutMs: 0 };
    expect((await searchResumes(built.ctx, q1, null, plain)).data.map((c) => c.hash)).toEqual(first.data.map((c) => c.hash));
    expect((await searchResumes(built.ctx, q2, null, plain)).data.map((c) => c.hash)).toEqual(second.data.map((c) => c.hash));
    // And so do they when the recent movers are too many to check one by one (the text index first).
    const textFirst = { ...tuning, relocRecentRows: 0 };
    expect((await searchResumes(built.ctx, q1, null, textFirst)).data.map((c) => c.hash)).toEqual(first.data.map((c) => c.hash));
    expect((await searchResumes(built.ctx, q2, null, textFirst)).data.map((c) => c.hash)).toEqual(second.data.map((c) => c.hash));
  });

  it('pages of 20/50/100, last_page, depth capped at 2000', async () => {
    const first = await search(`text=${W.page}&searchOrderBy=publication_time`);
    expect(first.body.res).toMatchObject({
      per_page: 20,
      current_page: 1,
      last_page: 2,
      total: 25,
      total_capped: false,
      total_is_estimate: false,
    });
    expect(names(first)).toEqual(Array.from({ length: 20 }, (_, i) => `page${i}`));
    const second = await search(`text=${W.page}&searchOrderBy=publication_time&page=2`);
    expect(names(second)).toEqual(Array.from({ length: 5 }, (_, i) => `page${i + 20}`));
    expect((await search(`text=${W.page}&per_page=50`)).body.res).toMatchObject({ last_page: 1, per_page: 50 });
    expect((await search(`text=${W.page}&page=3`)).body.res.data).toEqual([]);
    expect((await search(`text=${W.page}&page=100`)).status).toBe(200);
    for (const bad of ['per_page=30', 'page=101', 'per_page=50&page=41', 'per_page=100&page=21', 'page=0']) {
      const res = await visitor().get(`/api/resume/search?${bad}`);
      expect(res.status, bad).toBe(422);
    }
    expect((await visitor().get('/api/resume/search?per_page=30')).body.errors?.per_page).toEqual([
      'На странице может быть 20, 50 или 100 резюме',
    ]);
    expect((await visitor().get('/api/resume/search?page=101')).body.errors?.page?.[0]).toContain('2000');
  });
});

describe('facets', () => {
  it('count every filter except their own', async () => {
    const q = `${pin}&search_city[]=1069&experience[]=between3And6`;
    const res = await search(q);
    const facets = res.body.res.facets;
    expect(res.body.res.facets_are_estimates).toBe(false);
    const count = (facet: string, value: string) => facets[facet].find((i: { value: string }) => i.value === value)?.count ?? 0;
    // Moscow (with people moving there), 3–6 years: msk, mskReloc, relocMsk.
    expect(res.body.res.total).toBe(3);
    expect(count('experience', 'between3And6')).toBe(3);
    expect(count('experience', 'moreThan6')).toBe(0);
    // The city facet ignores the city filter and counts where people live.
    expect(count('search_city', '1069')).toBe(2);
    expect(count('search_city', '1070')).toBe(1);
    expect(count('search_city', '722')).toBe(1);
    expect(count('search_city', '297')).toBe(1);
    expect(facets.search_city.find((i: { value: string }) => i.value === '1069')?.title).toBe('Москва');
    expect(facets.experience.map((i: { value: string }) => i.value)).toEqual(['noExperience', 'between1And3', 'between3And6', 'moreThan6']);
    expect(facets.education).toHaveLength(8);
  });

  it('each facet value is the total the search would have with that value instead', async () => {
    const q = `${pin}&search_city[]=889&experience[]=between3And6&schedule[]=remote&education[]=higher`;
    const facets = (await search(q)).body.res.facets;
    const replace = (param: string, value: string) =>
      q.replace(new RegExp(`&${param.replace('[', '\\[').replace(']', '\\]')}=[^&]*`, 'g'), '') + `&${param}=${enc(value)}`;
    for (const [facet, param] of [
      ['experience', 'experience[]'],
      ['schedule', 'schedule[]'],
      ['education', 'education[]'],
      ['workingType', 'workingType[]'],
    ] as const) {
      for (const item of facets[facet] as { value: string; count: number }[]) {
        const total = (await search(replace(param, item.value))).body.res.total;
        expect(item.count, `${facet}=${item.value}`).toBe(total);
      }
    }
    for (const item of facets.search_city as { value: string; count: number }[]) {
      const total = (await search(`${replace('search_city[]', item.value)}&relocation=living`)).body.res.total;
      expect(item.count, `city ${item.value}`).toBe(total);
    }
  });

  it('estimates from the sample when the result set is big (flags say so)', async () => {
    const tuning = { ...searchTuning(built.ctx), exactFacetsLimit: -1, countCheckLimit: -1 };
    const q = searchQueryInput.parse({ salary_from: String(PIN), salary_to: String(PIN), 'label[]': 'only_with_salary' });
    const res = await searchResumes(built.ctx, q, null, tuning);
    expect(res).toMatchObject({ total_is_estimate: true, facets_are_estimates: true });
    expect(res.data.length).toBe(20);
    const counted = await searchResumes(built.ctx, q, null, { ...tuning, countCheckLimit: 1e9 });
    expect(counted).toMatchObject({ total_is_estimate: false, facets_are_estimates: true });
    expect(counted.total).toBe((await search(pin)).body.res.total);
  });

  it('caches counts and facets per filter set when asked (the page stays live without the page cache)', async () => {
    const tuning = { ...searchTuning(built.ctx), cacheTtlMs: 60_000 };
    const q = searchQueryInput.parse({ text: W.page });
    const before = await searchResumes(built.ctx, q, null, tuning);
    await fx('pageLate', { about: W.page });
    const again = await searchResumes(built.ctx, q, null, tuning);
    expect(again.total).toBe(before.total);
    expect(again.data.map((c) => nameOf.get(c.hash))).toContain('pageLate');
    expect((await searchResumes(built.ctx, q, null, searchTuning(built.ctx))).total).toBe(before.total + 1);
    await db()
      .db.delete(resumes)
      .where(eq(resumes.id, idOf.get('pageLate') as number));
  });
});

describe('the page cache', () => {
  it('answers an identical search from memory for its TTL; the viewer-dependent labels are always live', async () => {
    const tuning = { ...searchTuning(built.ctx), cacheTtlMs: 60_000, pageCacheTtlMs: 60_000 };
    const q = searchQueryInput.parse({ text: W.page, per_page: '100' });
    const before = await searchResumes(built.ctx, q, null, tuning);
    const late = await fx('pageCached', { about: W.page });
    try {
      // The same search a moment later: the same page; another page size is another search.
      const again = await searchResumes(built.ctx, q, null, tuning);
      expect(again.data.map((c) => c.hash)).toEqual(before.data.map((c) => c.hash));
      const other = await searchResumes(built.ctx, searchQueryInput.parse({ text: W.page, per_page: '50' }), null, tuning);
      expect(other.data.map((c) => nameOf.get(c.hash))).toContain('pageCached');

      // exclude_viewed_by_me follows the member's views at once.
      const member = await registeredMember(built.app);
      const [user] = await db().db.select().from(users).where(eq(users.email, member.email));
      const viewer = user as NonNullable<typeof user>;
      const hidden = searchQueryInput.parse({ text: W.page, per_page: '100', 'label[]': 'exclude_viewed_by_me' });
      expect((await searchResumes(built.ctx, hidden, viewer, tuning)).data.map((c) => nameOf.get(c.hash))).toContain('pageCached');
      await db().db.insert(resumeViews).values({ resumeId: late.id, userId: viewer.id, day: today() });
      expect((await searchResumes(built.ctx, hidden, viewer, tuning)).data.map((c) => nameOf.get(c.hash))).not.toContain('pageCached');

      // After an import the caches are dropped.
      built.ctx.search.invalidate();
      expect((await searchResumes(built.ctx, q, null, tuning)).data.map((c) => nameOf.get(c.hash))).toContain('pageCached');
    } finally {
      await db().db.delete(resumeViews).where(eq(resumeViews.resumeId, late.id));
      await db().db.delete(resumes).where(eq(resumes.id, late.id));
    }
  });

  it('serves one cached page to every viewer, each with their own names, masking and marks', async () => {
    const tuning = { ...searchTuning(built.ctx), cacheTtlMs: 60_000, pageCacheTtlMs: 60_000 };
    const q = searchQueryInput.parse({ text: W.shared });
    const row = await fx('shared', { title: `Затворников ${W.shared}`, firstName: 'Евлампий', lastName: 'Затворников' });
    const viewer = async (flags: string[]) => {
      const m = await registeredMember(built.app);
      await setFlags(db(), m.email, flags);
      const [user] = await db().db.select().from(users).where(eq(users.email, m.email));
      return { ...m, user: user as NonNullable<typeof user> };
    };
    const basic = await viewer([]);
    const entitled = await viewer(['open_contact']);
    const cardOf = async (user: (typeof basic)['user'] | null) => {
      const res = await searchResumes(built.ctx, q, user, tuning);
      return res.data.find((c) => c.hash === row.hash);
    };
    try {
      for (let round = 0; round < 2; round++) {
        const seenByVisitor = await cardOf(null);
        expect(seenByVisitor?.title).toBe(`[скрыто] ${W.shared}`);
        expect(seenByVisitor?.highlight?.title).toBe(`[скрыто] <mark>${W.shared}</mark>`);
        expect(seenByVisitor).not.toHaveProperty('first_name');
        expect(seenByVisitor).not.toHaveProperty('initials');
        expect(seenByVisitor).not.toHaveProperty('signals');
        const seenByEntitled = await cardOf(entitled.user);
        expect(seenByEntitled?.title).toBe(`Затворников ${W.shared}`);
        expect(seenByEntitled?.highlight?.title).toBe(`Затворников <mark>${W.shared}</mark>`);
        expect(seenByEntitled?.first_name).toBe('Евлампий');
        const seenByBasic = await cardOf(basic.user);
        expect(seenByBasic?.title).toBe(`[скрыто] ${W.shared}`);
        expect(seenByBasic?.initials).toBe('Е. З.');
        expect(seenByBasic).not.toHaveProperty('first_name');
        if (round === 0) {
          expect(seenByBasic).not.toHaveProperty('signals');
          // Kept by the basic member: their own mark on their card, a count on the others', none for a visitor.
          expect((await basic.client.post(`/api/favourite/${row.hash}`, {})).status).toBe(200);
        } else {
          expect(seenByBasic?.signals).toEqual({ favourites: 1, invited_90d: 0, in_team: true });
          expect(seenByEntitled?.signals).toEqual({ favourites: 1, invited_90d: 0, in_team: false });
        }
      }
    } finally {
      await db().db.delete(resumes).where(eq(resumes.id, row.id));
    }
  });
});

/** The search's statements run through `wrap` for the length of `body`. */
async function withRunner<T>(wrap: (base: SqlRunner) => SqlRunner, body: () => Promise<T>): Promise<T> {
  const runtime = built.ctx.search;
  const runner = runtime.runner;
  runtime.runner = () => wrap(runner());
  try {
    return await body();
  } finally {
    runtime.runner = runner;
  }
}

describe('shared cards and deletions on request', () => {
  it('the cards and facets shared by the viewers of a cached page are frozen; a member gets their marks on a copy', async () => {
    const tuning = { ...searchTuning(built.ctx), cacheTtlMs: 60_000, pageCacheTtlMs: 60_000 };
    const text = word();
    const q = searchQueryInput.parse({ text });
    const row = await fx('frozen', { title: `Кладовщик ${text}` });
    try {
      const member = await registeredMember(built.app);
      const [user] = await db().db.select().from(users).where(eq(users.email, member.email));
      expect((await member.client.post(`/api/favourite/${row.hash}`, {})).status).toBe(200);
      const seen = await searchResumes(built.ctx, q, null, tuning);
      const card = seen.data[0] as (typeof seen.data)[number];
      expect(card.hash).toBe(row.hash);
      expect(() => Object.assign(card, { title: 'другое' })).toThrow(TypeError);
      expect(() => Object.assign(card.city as object, { title: 'другое' })).toThrow(TypeError);
      expect(() => card.highlight?.fragments.push('другое')).toThrow(TypeError);
      expect(() => seen.facets.experience.push(seen.facets.experience[0] as never)).toThrow(TypeError);
      expect(() => Object.assign(seen.facets.experience[0] as object, { count: 5 })).toThrow(TypeError);
      // The same cached page for the member: their own mark on a copy, the visitor's card untouched.
      const own = await searchResumes(built.ctx, q, user ?? null, tuning);
      expect(own.data[0]?.signals).toEqual({ favourites: 1, invited_90d: 0, in_team: true });
      expect((await searchResumes(built.ctx, q, null, tuning)).data[0]).not.toHaveProperty('signals');
    } finally {
      await db().db.delete(resumes).where(eq(resumes.id, row.id));
    }
  });

  it('a page read before a deletion on request leaves no masked text in memory; one read after it does', async () => {
    const tuning = { ...searchTuning(built.ctx), cacheTtlMs: 60_000, pageCacheTtlMs: 60_000 };
    const text = word();
    const q = searchQueryInput.parse({ text });
    const row = await fx('forgotten', { title: `Забытьев ${text}`, firstName: 'Ермолай', lastName: 'Забытьев' });
    try {
      // The deletion is announced while the page is being read (ctx.search.invalidate, as app.ts on the broadcast).
      const forgetting = (base: SqlRunner): SqlRunner => ({
        ...base,
        query: async <T>(s: Parameters<SqlRunner['query']>[0]) => {
          const rows = await base.query<T>(s);
          built.ctx.search.invalidate();
          return rows;
        },
      });
      const read = await withRunner(forgetting, () => searchResumes(built.ctx, q, null, tuning));
      expect(read.data.map((c) => c.hash)).toEqual([row.hash]);
      expect(read.data[0]?.title).toBe(`[скрыто] ${text}`);
      expect(maskMemoForTests.holds('Забытьев')).toBe(false);
      const again = await searchResumes(built.ctx, q, null, tuning);
      expect(again.data[0]?.title).toBe(`[скрыто] ${text}`);
      expect(maskMemoForTests.holds('Забытьев')).toBe(true);
    } finally {
      await db().db.delete(resumes).where(eq(resumes.id, row.id));
      built.ctx.search.invalidate();
    }
  });

  it('a count estimated from the sample (the exact one out of time) is never below the cards of the page', async () => {
    const tuning = { ...searchTuning(built.ctx), exactTimeoutMs: 100, walkTimeoutMs: 0 };
    const text = word();
    const q = searchQueryInput.parse({ text });
    // Two resumes outside the 1-in-64 sample: the sample finds none of them.
    const made: number[] = [];
    const kept: number[] = [];
    while (kept.length < 2) {
      const row = await fx(`unsampled${made.length}`, { about: text });
      made.push(row.id);
      if (row.id % 64 === 0) await db().db.delete(resumes).where(eq(resumes.id, row.id));
      else kept.push(row.id);
    }
    try {
      const outOfTime = (base: SqlRunner): SqlRunner => ({
        ...base,
        queryWith: () => Promise.reject(new QueryTimeout('statement timeout')),
      });
      const res = await withRunner(outOfTime, () => searchResumes(built.ctx, q, null, tuning));
      expect(res.data).toHaveLength(2);
      expect(res.total_is_estimate).toBe(true);
      expect(res.total).toBe(2);
      expect(res.last_page).toBe(1);
    } finally {
      for (const id of made) await db().db.delete(resumes).where(eq(resumes.id, id));
    }
  });

  it('a count cached before a resume arrived (no import announced it) is never below the cards of the live page', async () => {
    const tuning = { ...searchTuning(built.ctx), cacheTtlMs: 60_000 };
    const text = word();
    const q = searchQueryInput.parse({ text });
    expect(await searchResumes(built.ctx, q, null, tuning)).toMatchObject({ total: 0, data: [] });
    const row = await fx('arrivedLate', { about: text });
    try {
      const res = await searchResumes(built.ctx, q, null, tuning);
      expect(res.data.map((c) => c.hash)).toEqual([row.hash]);
      expect(res.total).toBe(1);
    } finally {
      await db().db.delete(resumes).where(eq(resumes.id, row.id));
    }
  });
});

describe('who sees what', () => {
  it('visitors never receive names, photos or contacts', async () => {
    const res = await search(`${pin}&search_city[]=1069&text=${enc('кладовщик')}`);
    expect(names(res)).toContain('msk');
    const raw = JSON.stringify(res.body);
    for (const key of ['first_name', 'last_name', 'middle_name', 'initials', 'phone', 'email', 'telegram', 'photo'])
      expect(raw).not.toContain(`"${key}"`);
    for (const secret of ['Засекреченко', 'Ипполит', 'Тестов', 'Алексей', '9161234567', 'alexey@example.ru', 'alexey_t', 'secret-photo'])
      expect(raw).not.toContain(secret);
  });

  it("a card does not name the candidate through the last employer («ИП Фамилия») unless the member may see names", async () => {
    const own = await fx('ownBusiness', {
      title: 'Владелец склада',
      firstName: 'Евстафий',
      lastName: 'Непроглядов',
      lastCompany: 'ИП Непроглядов Е. П.',
      lastPosition: 'Директор',
    });
    try {
      const card = (await search(`text=${enc('Владелец склада')}&${pin}`)).body.res.data.find((c: { hash: string }) => c.hash === own.hash);
      expect(card.last_job).toEqual({ company: 'ИП [скрыто] Е. П.', position: 'Директор' });
      const member = await registeredMember(built.app);
      const seen = (await search(`text=${enc('Владелец склада')}&${pin}`, member.client)).body.res.data.find(
        (c: { hash: string }) => c.hash === own.hash,
      );
      // A member without open_contact does not see the names either; one with it does.
      expect(seen.last_job.company).toBe('ИП [скрыто] Е. П.');
      const entitled = await registeredMember(built.app);
      await setFlags(db(), entitled.email, ['open_contact']);
      const named = (await search(`text=${enc('Владелец склада')}&${pin}`, entitled.client)).body.res.data.find(
        (c: { hash: string }) => c.hash === own.hash,
      );
      expect(named.last_job.company).toBe('ИП Непроглядов Е. П.');
    } finally {
      await db().db.delete(resumes).where(eq(resumes.id, own.id));
    }
  });

  it('members get initials; members with open_contact get names', async () => {
    const member = await registeredMember(built.app);
    const plain = await search(`${pin}&subway[]=1.148`, member.client);
    expect(plain.body.res.data[0]).toMatchObject({ initials: 'И. З.' });
    expect(JSON.stringify(plain.body)).not.toContain('Засекреченко');
    await setFlags(db(), member.email, ['open_contact']);
    const open = await search(`${pin}&subway[]=1.148`, member.client);
    expect(open.body.res.data[0]).toMatchObject({ first_name: 'Ипполит', last_name: 'Засекреченко' });
    expect(JSON.stringify(open.body)).not.toContain('9161234567');
  });

  it('403 for several cities without mass_search and for query without spec_search', async () => {
    const member = await registeredMember(built.app);
    for (const client of [visitor(), member.client]) {
      for (const qs of ['search_city[]=1069&search_city[]=1070', `search_city[]=${enc('r:Белгородская обл.')}`, 'query=python']) {
        const res = await client.get(`/api/resume/search?${qs}`);
        expect(res.status, qs).toBe(403);
        expect(res.body).toMatchObject({ status: 'error', title: 'Что-то не так', message: 'Доступ к услуге ограничен' });
      }
    }
    expect((await member.client.get('/api/resume/search?search_city[]=1069')).status).toBe(200);
    await setFlags(db(), member.email, ['mass_search', 'spec_search']);
    expect((await member.client.get('/api/resume/search?search_city[]=1069&search_city[]=1070')).status).toBe(200);
    expect((await member.client.get('/api/resume/search?query=python')).status).toBe(200);
  });

  it('422 for values outside the dictionaries and bad numbers', async () => {
    const cases: [string, string][] = [
      ['experience[]=foo', 'experience'],
      ['search_city[]=999999', 'search_city'],
      [`search_city[]=${enc('r:Нет такого региона')}`, 'search_city'],
      ['search_city[]=moscow', 'search_city'],
      ['subway[]=line:99999', 'subway'],
      ['subway[]=99.99', 'subway'],
      ['roleTree[]=c99999', 'roleTree'],
      ['roleTree[]=99999', 'roleTree'],
      ['logic=some', 'logic'],
      ['field[]=salary', 'field'],
      ['period=forever', 'period'],
      ['searchOrderBy=random', 'searchOrderBy'],
      ['label[]=only_with_photo', 'label'],
      ['sex=other', 'sex'],
      ['lastActive=2', 'lastActive'],
      ['age_from=40&age_to=30', 'age_to'],
      ['salary_from=abc', 'salary_from'],
    ];
    for (const [qs, field] of cases) {
      const res = await visitor().get(`/api/resume/search?${qs}`);
      expect(res.status, qs).toBe(422);
      expect(res.body.errors?.[field]?.[0], qs).toMatch(/./);
    }
    expect((await visitor().get('/api/resume/search?experience[]=foo')).body.errors?.experience).toEqual(['Неизвестное значение «foo»']);
  });
});

describe('the URL contract without zod', () => {
  it('the empty search the home page starts from is what the schema gives for no parameters', async () => {
    const { EMPTY_SEARCH_QUERY, searchQueryToParams } = await import('@hr/contract/search-params');
    expect(EMPTY_SEARCH_QUERY).toEqual(searchQueryInput.parse({}));
    expect(searchQueryToParams(EMPTY_SEARCH_QUERY)).toEqual([]);
  });
});
