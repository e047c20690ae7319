import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatPhone, isValidPhone } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../../test/helpers.ts';
import { type Database, openDatabase } from '../../../db/client.ts';
import { loadSeedData } from '../../dictionary/dictionary.seed.ts';
import { BUSINESS_TRIP, importLookups, LANGUAGE_LEVELS, RELOCATION_TYPES } from '../import/lookups.ts';
import type { ResumeRecord } from '../import/resume.record.ts';
import { totalExperienceMonths } from '../import/resume.record.ts';
import { citySalaryFactor, generateResume, generatorAnchor, generatorContext } from './generate.ts';
import { migrationResumeIndexes } from './indexes.ts';
import { femaleLastName } from './names.ts';
import { ROLES } from './roles.ts';
import { seedDemoResumes } from './seed.ts';

const anchor = generatorAnchor(new Date('2025-06-15T12:00:00Z'));
const ctx = generatorContext();
const SAMPLE = 5000;
const sample: ResumeRecord[] = Array.from({ length: SAMPLE }, (_, n) => generateResume(ctx, 'test', n, anchor));

function ageOn(birth: string, day: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = day.getUTCFullYear() - y;
  if (day.getUTCMonth() + 1 < m || (day.getUTCMonth() + 1 === m && day.getUTCDate() < d)) age--;
  return age;
}

describe('demo resume generator', () => {
  it('is deterministic: the same seed and number give the same resume, another seed another', () => {
    for (const n of [0, 1, 17, 999]) {
      expect(generateResume(ctx, 'test', n, anchor)).toEqual(sample[n]);
      expect(generateResume(ctx, 'other', n, anchor)).not.toEqual(sample[n]);
    }
    expect(sample[5]?.source_id).toBe('demo-test-5');
    expect(new Set(sample.map((r) => r.hash)).size).toBe(SAMPLE);
    for (const r of sample) expect(r.hash).toMatch(/^[0-9A-Za-z]{22}$/);
  });

  it('writes only dictionary values', () => {
    const l = importLookups();
    for (const r of sample) {
      expect(l.sex.has(r.sex as string)).toBe(true);
      for (const v of r.roles) expect(l.roles.has(v), v).toBe(true);
      for (const v of r.working_types) expect(l.workingType.has(v), v).toBe(true);
      for (const v of r.schedules) expect(l.schedule.has(v), v).toBe(true);
      for (const v of r.drive) expect(l.drive.has(v), v).toBe(true);
      expect(l.education.has(r.education_level as string)).toBe(true);
      expect(l.resumeStatus.has(r.job_status as string)).toBe(true);
      expect(RELOCATION_TYPES.has(r.relocation)).toBe(true);
      if (r.business_trip) expect(BUSINESS_TRIP.has(r.business_trip)).toBe(true);
      for (const lang of r.languages) expect(LANGUAGE_LEVELS.has(lang.level)).toBe(true);
      expect(r.working_types.length).toBeGreaterThan(0);
      expect(r.schedules.length).toBeGreaterThan(0);
    }
    // Every role of the table is a real hh role, and titles exist for both sexes.
    for (const role of ROLES) {
      expect(l.roles.has(role.id), role.id).toBe(true);
      expect(role.titles.length).toBeGreaterThan(0);
      expect(role.positions.length).toBeGreaterThan(0);
    }
    expect(ROLES.length).toBeGreaterThanOrEqual(40);
  });

  it('looks like real people: ages, names, phones, e-mails', () => {
    let withBirth = 0;
    for (const r of sample) {
      expect(r.first_name).toBeTruthy();
      expect(r.last_name).toBeTruthy();
      if (r.birth_date) {
        withBirth++;
        const age = ageOn(r.birth_date, anchor);
        expect(age).toBeGreaterThanOrEqual(18);
        expect(age).toBeLessThanOrEqual(65);
      }
      const last = r.last_name as string;
      if (r.sex === 'female') {
        expect(last, last).toMatch(/(ова|ева|ёва|ина|ына|ская|цкая|ая|ко|ук|юк|их|ых)$/);
        if (r.middle_name) expect(r.middle_name).toMatch(/(вна|чна|инична)$/);
      } else {
        expect(last, last).not.toMatch(/(ова|ева|ёва|ина|ская|цкая)$/);
        if (r.middle_name) expect(r.middle_name).toMatch(/(вич|ьич|ич)$/);
      }
      expect(r.phone).toMatch(/^9\d{9}$/);
      expect(isValidPhone(formatPhone(r.phone as string)), r.phone as string).toBe(true);
      if (r.email) expect(r.email).toMatch(/^[a-z0-9._]+@example\.(com|org|net)$/);
      if (r.telegram) expect(r.telegram).toMatch(/^[a-z0-9_]{5,32}$/);
    }
    // Some leave out the birth date, most give it.
    expect(withBirth / SAMPLE).toBeGreaterThan(0.85);
    expect(withBirth / SAMPLE).toBeLessThan(0.99);
    expect(femaleLastName('Соколов')).toBe('Соколова');
    expect(femaleLastName('Вишневский')).toBe('Вишневская');
    expect(femaleLastName('Шевченко')).toBe('Шевченко');
    // The age distribution peaks at 25–40.
    const ages = sample.filter((r) => r.birth_date).map((r) => ageOn(r.birth_date as string, anchor));
    const prime = ages.filter((a) => a >= 25 && a <= 40).length / ages.length;
    expect(prime).toBeGreaterThan(0.45);
    expect(ages.filter((a) => a >= 60).length).toBeGreaterThan(0);
  });

  it('has consistent experience: 1–6 entries, newest first, months summed', () => {
    for (const r of sample) {
      const e = r.experience;
      expect(e.length).toBeGreaterThanOrEqual(1);
      expect(e.length).toBeLessThanOrEqual(6);
      expect(r.total_experience_months).toBe(totalExperienceMonths(e, anchor));
      expect(r.last_company).toBe(e[0]?.company);
      expect(r.last_position).toBe(e[0]?.position);
      for (const [i, x] of e.entries()) {
        expect(x.start).toMatch(/^\d{4}-\d{2}-01$/);
        if (i > 0) expect(x.end).not.toBeNull();
        if (x.end) expect(x.end >= x.start).toBe(true);
        expect(x.start <= anchor.toISOString().slice(0, 10)).toBe(true);
        const next = e[i + 1];
        if (next) expect(next.start <= x.start).toBe(true);
        if (r.birth_date) expect(Number(x.start.slice(0, 4)) - Number(r.birth_date.slice(0, 4))).toBeGreaterThanOrEqual(15);
      }
    }
  });

  it('salaries are positive, by role and city; some resumes have none', () => {
    const withSalary = sample.filter((r) => r.salary_amount !== null);
    expect(withSalary.length / SAMPLE).toBeGreaterThan(0.75);
    expect(withSalary.length / SAMPLE).toBeLessThan(0.95);
    for (const r of withSalary) {
      expect(r.salary_amount).toBeGreaterThan(0);
      expect(r.salary_currency).toBe('RUR');
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const of = (role: string, moscow: boolean) =>
      median(withSalary.filter((r) => r.roles[0] === role && (r.city_id === 1069) === moscow).map((r) => r.salary_amount as number));
    // Developers earn more than shop assistants; Moscow pays more than elsewhere.
    expect(of('96', false)).toBeGreaterThan(of('97', false) * 2);
    expect(of('70', true)).toBeGreaterThan(of('70', false));
    const cities = loadSeedData().cities;
    expect(citySalaryFactor(cities.find((c) => c.id === 1069) as never)).toBe(1.4);
    expect(citySalaryFactor(cities.find((c) => c.id === 1070) as never)).toBe(1.2);
  });

  it('puts metro only in metro cities, with that city’s stations', () => {
    const stations = importLookups().stations;
    let withMetro = 0;
    for (const r of sample) {
      if (!r.metro.length) continue;
      withMetro++;
      expect(ctx.metro.has(r.city_id as number)).toBe(true);
      for (const s of r.metro) expect(stations.get(s)).toBe(r.city_id);
    }
    expect(withMetro).toBeGreaterThan(0);
    // Most Moscow resumes name a station.
    const moscow = sample.filter((r) => r.city_id === 1069);
    expect(moscow.filter((r) => r.metro.length).length / moscow.length).toBeGreaterThan(0.7);
    // Cities follow population: Moscow is the biggest share, and small towns appear too.
    expect(moscow.length / SAMPLE).toBeGreaterThan(0.12);
    expect(new Set(sample.map((r) => r.city_id)).size).toBeGreaterThan(300);
  });

  it('sex varies by role', () => {
    const share = (role: string) => {
      const rs = sample.filter((r) => r.roles[0] === role);
      return rs.filter((r) => r.sex === 'female').length / rs.length;
    };
    expect(share('18')).toBeGreaterThan(0.75); // accountants
    expect(share('21')).toBeLessThan(0.15); // drivers
  });

  it('knows the indexes of the search migration', () => {
    const names = migrationResumeIndexes().map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['resumes_all_places_idx', 'resumes_arrays_idx', 'resumes_updated_idx']));
    for (const i of migrationResumeIndexes()) expect(i.definition).toMatch(/^CREATE INDEX IF NOT EXISTS /);
  });
});

describe('seeding the database', () => {
  let database: Database;
  const seed = `t${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('writes N resumes; a rerun with the same seed updates the same rows', async () => {
    const first = await seedDemoResumes(database, { count: 300, seed, now: new Date('2025-06-15T12:00:00Z'), batchSize: 128 });
    expect(first).toMatchObject({ inserted: 300, updated: 0, aborted: false });
    const read = () =>
      database.rows<Record<string, unknown>>(sql`
        select hash, source_id, first_name, last_name, birth_date::text as birth_date, sex, city_id, metro, title, roles, salary_amount,
          total_experience_months, experience, skills, languages, phone, email, updated_at
        from resumes where source = 'demo' and source_id like ${`demo-${seed}-%`} order by source_id`);
    const before = await read();
    expect(before.length).toBe(300);
    const again = await seedDemoResumes(database, { count: 300, seed, now: new Date('2025-06-15T18:00:00Z') });
    expect(again).toMatchObject({ inserted: 0, updated: 300 });
    expect(await read()).toEqual(before);
    // Found by the search vector the trigger filled.
    const title = before[0]?.title as string;
    const [{ n } = { n: 0 }] = await database.rows<{ n: number }>(sql`
      select count(*)::int as n from resumes where source = 'demo' and source_id like ${`demo-${seed}-%`}
        and ts_all @@ plainto_tsquery('russian', ${title})`);
    expect(n).toBeGreaterThan(0);
  });
});

describe('seed through the CLI', () => {
  it('seed --resumes N --random-seed S writes them and prints the figures', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-seed-cli-'));
    const url = process.env.TEST_DATABASE_URL;
    const env = url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
    const seed = `cli${randomUUID().slice(0, 6)}`;
    const res = await new Promise<{ code: number; out: string; err: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../../../cli.ts'), 'seed', '--resumes', '150', '--random-seed', seed],
        {
          env: { ...process.env, LOG_LEVEL: 'silent', ...env },
        },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (code) => resolve({ code: code ?? 1, out, err }));
    });
    expect(res.err).toContain('150 / 150');
    expect(res.out).toContain('Демо-входы');
    expect(res.out).toMatch(new RegExp(`Демо-резюме \\(seed ${seed}\\): 150 — новых 150, обновлено 0`));
    expect(res.code).toBe(0);
    const db = url ? await testDatabase() : await openDatabase({ dataDir });
    try {
      const [{ n } = { n: 0 }] = await db.rows<{ n: number }>(
        sql`select count(*)::int as n from resumes where source_id like ${`demo-${seed}-%`}`,
      );
      expect(n).toBe(150);
    } finally {
      if (!url) await db.close();
    }
    const bad = await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../../../cli.ts'), 'seed', '--resumes', 'many'],
        { env: { ...process.env, ...env } },
      );
      child.on('close', (code) => resolve(code ?? 1));
    });
    expect(bad).toBe(2);
  }, 180_000);
});
