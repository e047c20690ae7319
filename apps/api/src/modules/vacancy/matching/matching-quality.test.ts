import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume, setFlags } from '../../../../test/factories.ts';
import { createPrivateTestApp, registeredMember, type TestClient } from '../../../../test/helpers.ts';
import type { BuiltApp } from '../../../app.ts';
import { PEOPLE, resumeOf, VACANCIES } from './labelled-set.ts';

// Precision at 10 of «Подходящие кандидаты» on the labelled set (labelled-set.ts), in a database of
// the file's own so that nothing but the set is there to be found.

let built: BuiltApp;
let owner: TestClient;
let ownerEmail: string;
const keyOfHash = new Map<string, string>();
const hashOf = (key: string) => [...keyOfHash].find(([, k]) => k === key)?.[0];

beforeAll(async () => {
  built = await createPrivateTestApp();
  const db = built.ctx.database;
  const today = new Date();
  for (const [key, person] of Object.entries(PEOPLE)) {
    const row = await createResume(db, resumeOf(key, person, today));
    keyOfHash.set(row.hash, key);
  }
  const m = await registeredMember(built.app);
  await setFlags(db, m.email, ['has_vacancy']);
  owner = m.client;
  ownerEmail = m.email;
  await db.db.execute(sql`analyze resumes`);
});

const DESCRIPTION = `<p>${'Описание вакансии для проверки подбора кандидатов по размеченному набору. '.repeat(4)}</p>`;

type MatchCard = {
  hash: string;
  first_name?: string | null;
  initials?: string;
  match: { score: number; reasons: { kind: string; text: string }[] };
};

/** A published vacancy of the owner, and its matches as `client` asks for them (20, the panel's page). */
async function matches(body: Record<string, unknown>, client = owner): Promise<{ data: MatchCard[]; total: number; search: string }> {
  const made = await owner.post('/api/vacancy', {
    description: DESCRIPTION,
    status: 'published',
    salary_from: null,
    salary_to: null,
    ...body,
  });
  expect(made.status).toBe(200);
  const res = await client.get(`/api/vacancy/${made.body.res.id}/matches?per_page=20`);
  expect(res.status).toBe(200);
  return res.body.res;
}

async function topTen(body: Record<string, unknown>): Promise<string[]> {
  const res = await matches(body);
  return res.data.slice(0, 10).map((c) => keyOfHash.get(c.hash) ?? `?${c.hash}`);
}

describe('«Подходящие кандидаты» on the labelled set', () => {
  it('has at least 30 judged pairs and ten relevant resumes for every vacancy', () => {
    const people = Object.keys(PEOPLE);
    expect(VACANCIES.length * people.length).toBeGreaterThanOrEqual(30);
    for (const v of VACANCIES) {
      expect(v.relevant.length).toBeGreaterThanOrEqual(10);
      for (const k of v.relevant) expect(people).toContain(k);
    }
  });

  it('finds the right people: precision at 10 is at least 0.8', async () => {
    const figures: number[] = [];
    for (const v of VACANCIES) {
      const top = await topTen(v.body);
      const relevant = new Set<string>(v.relevant);
      // Fewer than ten answers count the missing places as misses.
      const hits = top.filter((k) => relevant.has(k)).length;
      figures.push(hits / 10);
      console.log(`P@10 ${(hits / 10).toFixed(1)}  ${v.name}: ${top.map((k) => (relevant.has(k) ? k : `✗${k}`)).join(', ')}`);
    }
    const mean = figures.reduce((a, b) => a + b, 0) / figures.length;
    console.log(`«Подходящие кандидаты»: mean precision at 10 = ${mean.toFixed(3)} over ${VACANCIES.length} vacancies`);
    expect(mean).toBeGreaterThanOrEqual(0.8);
    for (const f of figures) expect(f).toBeGreaterThanOrEqual(0.6);
  });
});

describe('what the member sees of a match', () => {
  const recruiting = VACANCIES[0]?.body as Record<string, unknown>;

  it('says why: the skills that matched, the title, the city, the experience, the budget', async () => {
    const res = await matches(recruiting);
    const recruiter = res.data.find((c) => c.hash === hashOf('recruiter'));
    expect(recruiter?.match.reasons).toEqual([
      { kind: 'title', text: 'должность близкая: Рекрутер (совпало: рекрутер)' },
      { kind: 'skills', text: 'совпали навыки: Подбор персонала, Хантинг, Собеседования' },
      { kind: 'city', text: 'Москва' },
      { kind: 'experience', text: 'опыт 1–3 года' },
      { kind: 'salary', text: 'зарплата в бюджете' },
    ]);
    const manager = res.data.find((c) => c.hash === hashOf('selectionManager'));
    expect(manager?.match.reasons[0]).toEqual({ kind: 'title', text: 'должность: Менеджер по подбору персонала (совпало: подбор персонала)' });
    const it = res.data.find((c) => c.hash === hashOf('itRecruiter'));
    expect(it?.match.reasons[0]).toEqual({ kind: 'title', text: 'должность: IT-рекрутер (совпало: IT, рекрутер)' });
    expect(res.data[0]?.hash).toBe(hashOf('itRecruiter'));
    // The reason names the resume's own title, as written, then what of the vacancy it matched.
    const sourcer = res.data.find((c) => c.hash === hashOf('sourcer'));
    expect(sourcer?.match.reasons[0]).toEqual({ kind: 'title', text: 'должность близкая: Сорсер / ресёрчер (совпало: сорсер)' });
    const mover = res.data.find((c) => c.hash === hashOf('spbRecruiter'));
    expect(mover?.match.reasons).toContainEqual({ kind: 'city', text: 'готов переехать: Москва' });
  });

  it('prefers, never filters: a recruiter elsewhere with other experience is in; a Moscow sales manager of 1–3 years is not', async () => {
    const res = await matches(recruiting);
    const keys = res.data.map((c) => keyOfHash.get(c.hash));
    expect(keys).toContain('nskRecruiter');
    expect(keys).toContain('seniorRecruiter');
    for (const k of ['salesManager', 'b2bSales', 'officeManager', 'accountManager', 'logistician', 'picker']) expect(keys).not.toContain(k);
    // Between two recruiters alike in title and skills, the one in the vacancy's city with its experience comes first.
    expect(keys.indexOf('recruiter')).toBeLessThan(keys.indexOf('nskRecruiter'));
    expect(res.total).toBe(res.data.length);
    const search = new URLSearchParams(res.search);
    expect(search.get('text')).toContain('Менеджер по подбору персонала (IT)');
    expect(search.get('experience[]')).toBeNull();
  });

  it('shows names only to a member who may open contacts (sightOf), never contacts', async () => {
    const plain = await matches(recruiting);
    const card = plain.data.find((c) => c.hash === hashOf('recruiter')) as MatchCard;
    expect(card.initials).toBeTruthy();
    expect(card.first_name).toBeUndefined();
    expect(JSON.stringify(plain)).not.toMatch(/9161234567|alexey@example\.ru|alexey_t/);
    await setFlags(built.ctx.database, ownerEmail, ['has_vacancy', 'open_contact']);
    try {
      const open = await matches(recruiting);
      expect(open.data.find((c) => c.hash === hashOf('recruiter'))?.first_name).toBe('Алексей');
      expect(JSON.stringify(open)).not.toMatch(/9161234567|alexey@example\.ru|alexey_t/);
    } finally {
      await setFlags(built.ctx.database, ownerEmail, ['has_vacancy']);
    }
  });

  it('a vacancy whose words nobody has finds nobody rather than anybody', async () => {
    const res = await matches({ title: 'Водолаз-глубоководник', city: '1069', skills: ['Погружения'] });
    expect(res.data).toEqual([]);
    expect(res.total).toBe(0);
  });
});
