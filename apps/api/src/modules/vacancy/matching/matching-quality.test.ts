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
const keyOfHash = new Map<string, string>();

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
  await db.db.execute(sql`analyze resumes`);
});

const DESCRIPTION = `<p>${'Описание вакансии для проверки подбора кандидатов по размеченному набору. '.repeat(4)}</p>`;

async function topTen(body: Record<string, unknown>): Promise<string[]> {
  const made = await owner.post('/api/vacancy', {
    description: DESCRIPTION,
    status: 'published',
    salary_from: null,
    salary_to: null,
    ...body,
  });
  expect(made.status).toBe(200);
  const res = await owner.get(`/api/vacancy/${made.body.res.id}/matches?per_page=20`);
  expect(res.status).toBe(200);
  return (res.body.res.data as { hash: string }[]).slice(0, 10).map((c) => keyOfHash.get(c.hash) ?? `?${c.hash}`);
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
