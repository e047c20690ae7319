import type { DictionaryItem } from '@hr/contract';
import type { ExperienceEntry, LanguageEntry } from '../../../db/schema/index.ts';
import type { CityRecord } from '../../dictionary/dictionary.compact.ts';
import { loadSeedData } from '../../dictionary/dictionary.seed.ts';
import type { ResumeRecord } from '../import/resume.record.ts';
import { hashFromBytes } from '../resume.hash.ts';
import { companyName } from './companies.ts';
import { educationEntries, educationLevel } from './education.ts';
import { emailFor, mobilePhone, personName, telegramFor } from './names.ts';
import { Rng, Weighted } from './prng.ts';
import { COMMON_SKILLS, ROLES, type RoleSpec, type Tier } from './roles.ts';

/** What every resume draws from, built once per process from the compact seed data. */
export type GeneratorContext = {
  cities: Weighted<CityRecord>;
  /** our city id → its metro lines → station ids («8.189») */
  metro: Map<number, string[][]>;
  roles: Weighted<RoleSpec>;
  /** the biggest cities (relocation targets, other cities in experience) */
  bigCities: CityRecord[];
};

let cachedContext: GeneratorContext | undefined;

/**
 * Cities are weighted by population, Москва ×2 and Санкт-Петербург ×1.5 on top (hh.ru's resume base
 * leans to the capitals); metro comes from the `subway` dictionary, roles from `ROLES`.
 */
export function generatorContext(): GeneratorContext {
  if (cachedContext) return cachedContext;
  const data = loadSeedData();
  const boost = (c: CityRecord) => (c.name === 'Москва' ? 2 : c.name === 'Санкт-Петербург' ? 1.5 : 1);
  const cities = new Weighted(
    data.cities,
    data.cities.map((c) => c.population * boost(c)),
  );
  const metro = new Map<number, string[][]>();
  const subway = data.dictionaries.find((d) => d.name === 'subway')?.items ?? [];
  for (const city of subway) {
    const id = Number(city.value.replace(/^city:/, ''));
    const lines = (city.children ?? []).map((line: DictionaryItem) => (line.children ?? []).map((s) => s.value)).filter((l) => l.length);
    if (lines.length) metro.set(id, lines);
  }
  const roleIds = new Set<string>();
  const roleTree = data.dictionaries.find((d) => d.name === 'roleTree')?.items ?? [];
  for (const cat of roleTree) for (const r of cat.children ?? []) roleIds.add(r.value);
  const unknown = ROLES.flatMap((r) => [r.id, ...(r.alsoRoles ?? [])]).filter((id) => !roleIds.has(id));
  if (unknown.length) throw new Error(`resume generator: roles not in roleTree: ${unknown.join(', ')}`);
  const bigCities = [...data.cities].sort((a, b) => b.population - a.population).slice(0, 20);
  cachedContext = {
    cities,
    metro,
    roles: new Weighted(
      ROLES,
      ROLES.map((r) => r.weight),
    ),
    bigCities,
  };
  return cachedContext;
}

const AGE_BANDS = Weighted.of<[number, number]>([
  [[18, 20], 4],
  [[21, 24], 12],
  [[25, 29], 19],
  [[30, 34], 19],
  [[35, 39], 16],
  [[40, 44], 12],
  [[45, 49], 8],
  [[50, 54], 5.5],
  [[55, 59], 3.5],
  [[60, 65], 1],
]);

const JOB_STATUS = Weighted.of([
  ['active_search', 42],
  ['looking_for_offers', 33],
  ['not_looking_for_job', 10],
  ['has_job_offer', 8],
  ['accepted_job_offer', 7],
]);
/** The chance the newest job goes on, by job-search status. */
const EMPLOYED: Record<string, number> = {
  active_search: 0.35,
  looking_for_offers: 0.85,
  not_looking_for_job: 0.95,
  has_job_offer: 0.6,
  accepted_job_offer: 0.9,
};

const CAREER_START: Record<Tier, [number, number]> = {
  worker: [18, 19],
  service: [18, 21],
  office: [20, 23],
  expert: [21, 23],
  top: [22, 24],
};

const ENGLISH: Record<Tier, [number, Weighted<string>]> = {
  worker: [
    0.12,
    Weighted.of([
      ['a1', 45],
      ['a2', 40],
      ['b1', 15],
    ]),
  ],
  service: [
    0.35,
    Weighted.of([
      ['a1', 35],
      ['a2', 40],
      ['b1', 20],
      ['b2', 5],
    ]),
  ],
  office: [
    0.55,
    Weighted.of([
      ['a1', 12],
      ['a2', 33],
      ['b1', 35],
      ['b2', 15],
      ['c1', 5],
    ]),
  ],
  expert: [
    0.8,
    Weighted.of([
      ['a2', 15],
      ['b1', 35],
      ['b2', 33],
      ['c1', 14],
      ['c2', 3],
    ]),
  ],
  top: [
    0.85,
    Weighted.of([
      ['a2', 10],
      ['b1', 30],
      ['b2', 35],
      ['c1', 20],
      ['c2', 5],
    ]),
  ],
};

const CITIZENSHIP_OTHER = ['Беларусь', 'Казахстан', 'Узбекистан', 'Кыргызстан', 'Таджикистан', 'Армения'];

const TRAITS: [string, string][] = [
  ['ответственный', 'ответственная'],
  ['пунктуальный', 'пунктуальная'],
  ['коммуникабельный', 'коммуникабельная'],
  ['внимательный', 'внимательная'],
  ['стрессоустойчивый', 'стрессоустойчивая'],
  ['целеустремлённый', 'целеустремлённая'],
  ['исполнительный', 'исполнительная'],
  ['аккуратный', 'аккуратная'],
  ['доброжелательный', 'доброжелательная'],
  ['инициативный', 'инициативная'],
  ['организованный', 'организованная'],
  ['энергичный', 'энергичная'],
];

const NORTH = /Ханты|Ямало|Чукот|Магадан|Сахалин|Камчат|Ненецк/;

/** Москва ×1.4, Санкт-Петербург ×1.2, others by population (and a northern bonus). */
export function citySalaryFactor(city: CityRecord): number {
  if (city.name === 'Москва') return 1.4;
  if (city.name === 'Санкт-Петербург') return 1.2;
  const p = city.population;
  const base = p >= 1_000_000 ? 1 : p >= 500_000 ? 0.92 : p >= 250_000 ? 0.86 : p >= 100_000 ? 0.8 : 0.72;
  return NORTH.test(city.region) ? base * 1.3 : base;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
/** YYYY-MM-01 of a month index (year*12 + month-1). */
const monthStart = (idx: number) => `${Math.floor(idx / 12)}-${pad((idx % 12) + 1)}-01`;
const DAY = 86_400_000;

function yearsWord(n: number): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return `${n} года`;
  return `${n} лет`;
}

/** The day the run is anchored to: today's UTC midnight (ages and «updated N days ago» count from it). */
export function generatorAnchor(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Resume number `n` of the demo set `seed`: a pure function of (seed, n, anchor), so a rerun writes
 * the same rows (and, by `source_id` = `demo-<seed>-<n>`, updates them instead of duplicating).
 */
export function generateResume(ctx: GeneratorContext, seed: string | number, n: number, anchor: Date): ResumeRecord {
  const rng = new Rng(`hr-club-demo:${seed}:${n}`);
  const role = ctx.roles.draw(rng);
  const sex: 'male' | 'female' = rng.chance(role.female) ? 'female' : 'male';
  const [lo, hi] = AGE_BANDS.draw(rng);
  let age = rng.int(lo, hi);
  if (role.minAge && age < role.minAge) age = role.minAge + rng.int(0, 8);
  const nowY = anchor.getUTCFullYear();
  const nowIdx = nowY * 12 + anchor.getUTCMonth();
  // Born age years and 1..364 days before the anchor: exactly `age` years old on that day.
  const birth = new Date(Date.UTC(nowY - age, anchor.getUTCMonth(), anchor.getUTCDate()) - rng.int(1, 364) * DAY);
  const birthYear = birth.getUTCFullYear();
  const birthIdx = birthYear * 12 + birth.getUTCMonth();

  const city = ctx.cities.draw(rng);
  const name = personName(rng, sex, age);

  // Education
  const level = educationLevel(rng, role.tier, role.field, age);
  const education = educationEntries(rng, level, role.field, city.name, birthYear, nowY, role.studies);

  // Experience, newest first, built backwards from now.
  const status = JOB_STATUS.draw(rng);
  const [s0, s1] = CAREER_START[role.tier];
  const startAge = role.field === 'medicine' && role.tier === 'expert' ? 24 : rng.int(s0, s1);
  let careerStart = birthIdx + startAge * 12 + rng.int(0, 11);
  if (nowIdx - careerStart < 3) careerStart = nowIdx - rng.int(3, 9);
  const span = Math.min(nowIdx - careerStart, rng.int(48, 300));
  careerStart = nowIdx - span;
  const maxEntries = Math.min(6, 1 + Math.floor(span / 20));
  const count = Math.min(maxEntries, 1 + Math.floor(rng.next() ** 0.9 * maxEntries));
  const employed = rng.chance(EMPLOYED[status] ?? 0.5);
  const spans: [number, number | null][] = [];
  let cursor = nowIdx;
  for (let i = 0; i < count; i++) {
    const current = i === 0 && employed;
    const gap = current ? 0 : i === 0 ? rng.int(0, 8) : rng.chance(0.6) ? 0 : rng.int(1, 6);
    const endIdx = cursor - gap;
    const remaining = endIdx - careerStart;
    if (remaining < 1) break;
    const left = count - i;
    const typical = remaining / left;
    const cap = Math.max(1, remaining - (left - 1) * 3);
    const dur =
      i === count - 1
        ? Math.max(1, Math.round(remaining * (0.7 + rng.next() * 0.3)))
        : Math.round(rng.around(typical, typical * 0.45, 1, cap));
    const startIdx = endIdx - dur;
    spans.push([startIdx, current ? null : endIdx]);
    cursor = startIdx;
  }
  if (!spans.length) spans.push([nowIdx - 3, null]);
  const entries: ExperienceEntry[] = [];
  let totalMonths = 0;
  for (const [startIdx, endIdx] of spans) {
    const yearsIn = (startIdx - careerStart) / 12;
    // One step up the role's ladder every ~2.5 years of career, give or take.
    const step = Math.max(0, Math.floor((yearsIn + rng.int(0, 3)) / 2.5));
    const position = role.positions[Math.min(role.positions.length - 1, step)] as string;
    const duties = rng.chance(0.9) ? rng.sample(role.duties, rng.int(1, 2)).join(' ') : null;
    entries.push({
      company: companyName(rng, rng.pick(role.companies)),
      position,
      city: rng.chance(0.85) ? city.name : rng.pick(ctx.bigCities).name,
      start: monthStart(startIdx),
      end: endIdx === null ? null : monthStart(endIdx),
      description: duties,
    });
    totalMonths += Math.max(1, (endIdx ?? nowIdx) - startIdx);
  }

  // Salary by role, city and seniority; some leave it out.
  const years = totalMonths / 12;
  const seniority = years < 1 ? 0.75 : years < 3 ? 0.9 : years < 6 ? 1 : years < 10 ? 1.12 : 1.2;
  let salary: number | null = null;
  if (rng.chance(0.85)) {
    const raw = role.salary * citySalaryFactor(city) * seniority * rng.around(1, 0.12, 0.75, 1.35);
    salary = raw >= 30_000 ? Math.round(raw / 5000) * 5000 : Math.round(raw / 1000) * 1000;
  }

  // Work conditions
  const workingTypes: string[] = [];
  if (rng.chance(0.9)) workingTypes.push('full');
  if (rng.chance(role.tier === 'worker' || role.tier === 'service' ? 0.22 : 0.12)) workingTypes.push('part');
  if (rng.chance(role.tier === 'expert' || role.tier === 'office' ? 0.15 : 0.04)) workingTypes.push('project');
  if (rng.chance(0.01)) workingTypes.push('volunteer');
  if (age < 24 && rng.chance(0.3)) workingTypes.push('probation');
  if (!workingTypes.length) workingTypes.push('full');
  const schedules: string[] = [];
  if (rng.chance(0.8)) schedules.push('fullDay');
  if (rng.chance(role.shift ?? 0.05)) schedules.push('shift');
  if (rng.chance(0.22)) schedules.push('flexible');
  if (rng.chance(role.remote ?? 0.03)) schedules.push('remote');
  if (role.tier === 'worker' && rng.chance(0.08)) schedules.push('flyInFlyOut');
  if (!schedules.length) schedules.push('fullDay');

  // Driving
  const drive: string[] = [];
  if (role.id === '21') {
    drive.push('B');
    if (rng.chance(0.7)) drive.push('C');
    if (rng.chance(0.3)) drive.push('CE');
    if (rng.chance(0.15)) drive.push('D');
  } else if (rng.chance(sex === 'male' ? 0.58 : 0.32)) {
    drive.push('B');
    if (sex === 'male' && role.tier === 'worker' && rng.chance(0.2)) drive.push('C');
  }
  if (sex === 'male' && rng.chance(0.04)) drive.unshift('A');
  const hasCar = drive.includes('B') && rng.chance(0.6);

  // Languages: Russian native; English by tier; sometimes German.
  const languages: LanguageEntry[] = [{ id: 'rus', name: 'Русский', level: 'l1' }];
  const [englishShare, englishLevel] = ENGLISH[role.tier];
  if (role.id === '93') languages.push({ id: 'eng', name: 'Английский', level: rng.pick(['c1', 'c1', 'c2']) });
  else if (rng.chance(englishShare)) languages.push({ id: 'eng', name: 'Английский', level: englishLevel.draw(rng) });
  if (rng.chance(role.id === '93' ? 0.3 : 0.04)) languages.push({ id: 'deu', name: 'Немецкий', level: rng.pick(['a1', 'a2', 'b1', 'b2']) });

  // Key skills: the role's and a few common ones.
  const skills = rng.sample(role.skills, rng.int(3, Math.min(9, role.skills.length)));
  if (rng.chance(0.6)) for (const s of rng.sample(COMMON_SKILLS, rng.int(1, 3))) if (!skills.includes(s)) skills.push(s);
  if (languages.some((l) => l.id === 'eng') && role.tier !== 'worker' && rng.chance(0.3) && !skills.includes('Английский язык'))
    skills.push('Английский язык');

  // Where they live and would go
  const metroLines = ctx.metro.get(city.id);
  const metro: string[] = [];
  if (metroLines && rng.chance(0.85)) {
    const line = rng.pick(metroLines);
    const i = rng.int(0, line.length - 1);
    metro.push(line[i] as string);
    if (rng.chance(0.15) && line.length > 1) metro.push(line[i + 1 < line.length ? i + 1 : i - 1] as string);
  }
  const relocationRoll = rng.next();
  const relocation = relocationRoll < 0.68 ? 'no_relocation' : relocationRoll < 0.92 ? 'relocation_possible' : 'relocation_desirable';
  const relocationCityIds =
    relocation !== 'no_relocation' && rng.chance(0.5)
      ? rng
          .sample(ctx.bigCities, rng.int(1, 3))
          .filter((c) => c.id !== city.id)
          .map((c) => c.id)
      : [];
  const tripRoll = rng.next();
  const trips: [number, number, number] = role.tier === 'worker' ? [0.2, 0.5, 0.9] : [0.25, 0.65, 0.9];
  const businessTrip = tripRoll < trips[0] ? 'ready' : tripRoll < trips[1] ? 'sometimes' : tripRoll < trips[2] ? 'never' : null;

  // About
  let about: string | null = null;
  if (rng.chance(0.55)) {
    const traits = rng.sample(TRAITS, 3).map(([m, f]) => (sex === 'male' ? m : f));
    const first = `${traits.join(', ')}.`;
    const parts = [first[0]?.toUpperCase() + first.slice(1)];
    if (years >= 2 && rng.chance(0.6)) parts.push(`Опыт работы по специальности более ${yearsWord(Math.floor(years))}.`);
    parts.push(
      rng.pick([
        'Ищу стабильную работу с возможностью профессионального роста.',
        `${sex === 'male' ? 'Готов' : 'Готова'} к обучению и новым задачам.`,
        'Быстро осваиваю новое, умею работать в команде.',
        'Без вредных привычек.',
        'Рассматриваю предложения с официальным трудоустройством.',
        `${sex === 'male' ? 'Нацелен' : 'Нацелена'} на результат, люблю сложные задачи.`,
      ]),
    );
    if (hasCar && rng.chance(0.5)) parts.push('Есть личный автомобиль.');
    if (['94', '89', '64', '23', '24'].includes(role.id) && rng.chance(0.6)) parts.push('Есть действующая медицинская книжка.');
    about = parts.join(' ');
  }

  // Times: updated within the last year (more often recently), created before, active after.
  const updated = anchor.getTime() - Math.floor(rng.next() ** 1.7 * 365 * DAY) - rng.int(0, DAY - 1);
  const created = updated - Math.floor(rng.next() ** 2 * 900) * DAY - rng.int(0, DAY - 1);
  const lastActive = updated + Math.floor(rng.next() * (anchor.getTime() - updated));

  const titles = sex === 'female' && role.titlesFemale ? role.titlesFemale : role.titles;
  const roles = [role.id];
  if (role.alsoRoles && rng.chance(0.25)) roles.push(rng.pick(role.alsoRoles));

  return {
    hash: hashFromBytes(rng.digest),
    source: 'demo',
    source_id: `demo-${seed}-${n}`,
    first_name: name.first,
    last_name: name.last,
    middle_name: rng.chance(0.9) ? name.middle : null,
    birth_date: rng.chance(0.93) ? isoDay(birth) : null,
    sex,
    city_id: city.id,
    metro,
    relocation,
    relocation_city_ids: relocationCityIds,
    business_trip: businessTrip,
    title: rng.pick(titles),
    roles,
    salary_amount: salary,
    salary_currency: salary === null ? null : 'RUR',
    working_types: workingTypes,
    schedules,
    total_experience_months: totalMonths,
    experience: entries,
    last_company: entries[0]?.company ?? null,
    last_position: entries[0]?.position ?? null,
    education_level: level,
    education,
    skills,
    languages,
    citizenship: rng.chance(0.96) ? ['Россия'] : [rng.pick(CITIZENSHIP_OTHER)],
    drive,
    has_car: hasCar,
    job_status: status,
    about,
    photo: null,
    phone: mobilePhone(rng),
    email: rng.chance(0.92) ? emailFor(rng, name, birthYear, n) : null,
    telegram: rng.chance(0.45) ? telegramFor(rng, name, birthYear) : null,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(updated).toISOString(),
    last_active_at: new Date(lastActive).toISOString(),
  };
}
