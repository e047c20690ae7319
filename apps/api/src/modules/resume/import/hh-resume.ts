import { isValidPhone, isValidTelegramNickname, normalizeTelegramNickname, phoneDigits } from '@hr/contract';
import { z } from 'zod';
import type { EducationEntry, ExperienceEntry, LanguageEntry } from '../../../db/schema/index.ts';
import { BUSINESS_TRIP, CURRENCIES, findCity, LANGUAGE_LEVELS, type Lookups, RELOCATION_TYPES } from './lookups.ts';
import { newResumeHash } from '../resume.hash.ts';
import { type ResumeRecord, totalExperienceMonths } from './resume.record.ts';

/*
 * One resume in hh.ru's field layout (reference/hh-model.md, the full resume object). Only the fields
 * the club keeps are read; others are ignored. hh ids may come as strings or numbers.
 */

const id = z.union([z.string().trim().min(1), z.number()]).transform(String);
const ref = z.looseObject({ id });
const text = z.string().trim();
const optText = z
  .string()
  .nullish()
  .transform((v) => (v == null || !v.trim() ? null : v.trim()));
/** YYYY-MM-DD or YYYY-MM (hh writes experience dates either way); checked as a calendar date below. */
const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, { error: 'дата должна быть в виде ГГГГ-ММ-ДД' });
const amount = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d[\d\s]*$/, { error: 'нужно число' })
    .transform((s) => Number(s.replace(/\s/g, ''))),
]);
const bool = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean);

const phoneValue = z.union([
  z.string(),
  z.looseObject({
    formatted: z.string().nullish(),
    country: z.union([z.string(), z.number()]).nullish(),
    city: z.union([z.string(), z.number()]).nullish(),
    number: z.union([z.string(), z.number()]).nullish(),
  }),
]);

export const hhResumeSchema = z.looseObject({
  id,
  title: text.min(1, { error: 'обязательное поле' }),
  first_name: optText,
  last_name: optText,
  middle_name: optText,
  birth_date: date.nullish(),
  gender: ref.nullish(),
  area: z.looseObject({ id: id.nullish(), name: optText }).nullish(),
  salary: z.looseObject({ amount: amount.nullish(), currency: z.string().trim().nullish() }).nullish(),
  experience: z
    .array(
      z.looseObject({
        company: optText,
        position: text.min(1, { error: 'обязательное поле' }),
        start: date,
        end: date.nullish(),
        description: optText,
        area: z.looseObject({ name: optText }).nullish(),
      }),
    )
    .nullish(),
  education: z
    .looseObject({
      level: ref.nullish(),
      primary: z
        .array(
          z.looseObject({
            name: text.min(1, { error: 'обязательное поле' }),
            organization: optText,
            result: optText,
            year: z
              .union([
                z.number().int(),
                z
                  .string()
                  .regex(/^\d{4}$/)
                  .transform(Number),
              ])
              .nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
  skill_set: z.array(text).nullish(),
  language: z.array(z.looseObject({ id, name: text.min(1), level: ref })).nullish(),
  contact: z.array(z.looseObject({ type: ref, value: phoneValue, preferred: z.boolean().nullish() })).nullish(),
  metro: z.looseObject({ id }).nullish(),
  relocation: z.looseObject({ type: ref, area: z.array(z.looseObject({ id: id.nullish(), name: optText })).nullish() }).nullish(),
  business_trip_readiness: ref.nullish(),
  employments: z.array(ref).nullish(),
  schedules: z.array(ref).nullish(),
  driver_license_types: z.array(ref).nullish(),
  has_vehicle: bool.nullish(),
  professional_roles: z.array(ref).nullish(),
  job_search_status: ref.nullish(),
  citizenship: z.array(z.looseObject({ name: text.min(1) })).nullish(),
  skills: optText,
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type HhResume = z.infer<typeof hhResumeSchema>;

/** A row that cannot be imported, with every reason found (the importer prints them after `line N:`). */
export class RowError extends Error {}

type Issue = { path: PropertyKey[]; message: string; code?: string; input?: unknown; expected?: string };

const fieldPath = (path: readonly PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');

/** zod issues in Russian, e.g. «title: обязательное поле», «experience[0].start: дата должна быть…». */
export function describeIssues(issues: readonly Issue[]): string {
  return issues
    .slice(0, 3)
    .map((i) => {
      let message = i.message;
      if (i.code === 'invalid_type')
        message = i.input === undefined ? 'обязательное поле' : `неверный тип (нужно: ${i.expected ?? 'другое'})`;
      else if (i.code === 'invalid_union') message = 'неверное значение';
      else if (i.code === 'too_small' && typeof i.input === 'string') message = 'пустое значение';
      return `${fieldPath(i.path) || 'строка'}: ${message}`;
    })
    .join('; ');
}

/** A real calendar date, first of the month for YYYY-MM; null when not a date. */
function calendarDate(value: string): string | null {
  const full = value.length === 7 ? `${value}-01` : value;
  const [y, m, d] = full.split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d || y < 1900) return null;
  return full;
}

const monthOf = (d: string) => `${d.slice(0, 7)}-01`;

function timestamp(value: string | null | undefined, errors: string[], field: string): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  if (Number.isNaN(t)) {
    errors.push(`${field}: неверная дата «${value}»`);
    return null;
  }
  return new Date(t).toISOString();
}

/**
 * Checks one parsed hh resume against the dictionaries and the rules (a first or last name; real
 * dates; known ids; a city we know) and turns it into a `resumes` row. Throws RowError with all the
 * reasons found.
 */
export function hhToRecord(r: HhResume, lookups: Lookups, now = new Date()): ResumeRecord {
  const errors: string[] = [];
  const today = now.toISOString().slice(0, 10);
  const known = (field: string, value: string | undefined | null, set: Set<string>): string | null => {
    if (value == null) return null;
    if (!set.has(value)) errors.push(`${field}: неизвестное значение «${value}»`);
    return value;
  };
  const knownList = (field: string, list: { id: string }[] | null | undefined, set: Set<string>): string[] => {
    const out: string[] = [];
    for (const [i, item] of (list ?? []).entries()) {
      if (!set.has(item.id)) errors.push(`${field}[${i}].id: неизвестное значение «${item.id}»`);
      else if (!out.includes(item.id)) out.push(item.id);
    }
    return out;
  };

  if (!r.first_name && !r.last_name) errors.push('first_name/last_name: нужно имя или фамилия');

  let birthDate: string | null = null;
  if (r.birth_date) {
    birthDate = calendarDate(r.birth_date);
    if (!birthDate) errors.push(`birth_date: неверная дата «${r.birth_date}»`);
    else if (birthDate > today) errors.push(`birth_date: дата в будущем «${r.birth_date}»`);
    else if (Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4)) > 100)
      errors.push(`birth_date: неправдоподобная дата «${r.birth_date}»`);
  }

  const sex = known('gender.id', r.gender?.id, lookups.sex) as 'male' | 'female' | null;

  let cityId: number | null = null;
  if (r.area && (r.area.id || r.area.name)) {
    const city = findCity(lookups, r.area);
    if (!city) errors.push(`area: неизвестный город «${r.area.name ?? r.area.id}»`);
    else cityId = city.id;
  }

  const metro: string[] = [];
  if (r.metro) {
    const stationCity = lookups.stations.get(r.metro.id);
    if (stationCity === undefined) errors.push(`metro.id: неизвестная станция «${r.metro.id}»`);
    else if (cityId !== null && stationCity !== cityId) errors.push(`metro.id: станция «${r.metro.id}» не в городе резюме`);
    else metro.push(r.metro.id);
  }

  let salaryAmount: number | null = null;
  let salaryCurrency: string | null = null;
  if (r.salary && r.salary.amount != null) {
    salaryAmount = r.salary.amount;
    if (!Number.isInteger(salaryAmount) || salaryAmount <= 0 || salaryAmount > 2_147_483_647)
      errors.push(`salary.amount: неверная сумма «${r.salary.amount}»`);
    salaryCurrency = (r.salary.currency || 'RUR').toUpperCase();
    if (salaryCurrency === 'RUB') salaryCurrency = 'RUR';
    known('salary.currency', salaryCurrency, CURRENCIES);
  }

  const experience: ExperienceEntry[] = [];
  for (const [i, e] of (r.experience ?? []).entries()) {
    const start = calendarDate(e.start);
    const end = e.end ? calendarDate(e.end) : null;
    if (!start) errors.push(`experience[${i}].start: неверная дата «${e.start}»`);
    else if (start > today) errors.push(`experience[${i}].start: дата в будущем «${e.start}»`);
    if (e.end && !end) errors.push(`experience[${i}].end: неверная дата «${e.end}»`);
    else if (start && end && end < start) errors.push(`experience[${i}].end: раньше начала`);
    if (!start || (e.end && !end)) continue;
    experience.push({
      company: e.company ?? '',
      position: e.position,
      city: e.area?.name ?? null,
      start: monthOf(start),
      end: end ? monthOf(end) : null,
      description: e.description,
    });
  }
  // Newest first, the way hh lists them (current jobs on top).
  experience.sort((a, b) => (b.end ?? '9999').localeCompare(a.end ?? '9999') || b.start.localeCompare(a.start));

  const educationLevel = known('education.level.id', r.education?.level?.id, lookups.education);
  const education: EducationEntry[] = (r.education?.primary ?? []).map((e) => ({
    name: e.name,
    organization: e.organization,
    result: e.result,
    year: e.year ?? null,
  }));

  const languages: LanguageEntry[] = [];
  for (const [i, l] of (r.language ?? []).entries()) {
    if (!LANGUAGE_LEVELS.has(l.level.id)) errors.push(`language[${i}].level.id: неизвестное значение «${l.level.id}»`);
    else languages.push({ id: l.id, name: l.name, level: l.level.id });
  }

  let cell: string | null = null;
  let otherPhone: string | null = null;
  let email: string | null = null;
  let telegram: string | null = null;
  const contacts = [...(r.contact ?? [])].sort((a, b) => Number(!!b.preferred) - Number(!!a.preferred));
  for (const [i, c] of contacts.entries()) {
    const type = c.type.id;
    if (type === 'cell' || type === 'home' || type === 'work') {
      const v = c.value;
      const raw = typeof v === 'string' ? v : (v.formatted ?? `+${v.country ?? '7'}${v.city ?? ''}${v.number ?? ''}`);
      const digits = phoneDigits(raw);
      if (!digits || !isValidPhone(raw.replace(/[^\d+()\s-]/g, ''))) {
        if (type === 'cell') errors.push(`contact[${i}]: неверный номер телефона «${raw}»`);
      } else if (type === 'cell') cell ??= digits;
      else otherPhone ??= digits;
    } else if (type === 'email') {
      const v = typeof c.value === 'string' ? c.value.trim() : '';
      if (!z.email().safeParse(v).success) errors.push(`contact[${i}]: неверный e-mail «${v}»`);
      else email ??= v.toLowerCase();
    } else if (type === 'telegram') {
      const v = typeof c.value === 'string' ? c.value.trim() : '';
      if (!isValidTelegramNickname(v)) errors.push(`contact[${i}]: неверный ник Telegram «${v}»`);
      else telegram ??= normalizeTelegramNickname(v);
    }
  }

  const relocation = r.relocation?.type.id ?? 'no_relocation';
  known('relocation.type.id', relocation, RELOCATION_TYPES);
  const relocationCityIds: number[] = [];
  for (const [i, a] of (r.relocation?.area ?? []).entries()) {
    const city = findCity(lookups, a);
    if (!city) errors.push(`relocation.area[${i}]: неизвестный город «${a.name ?? a.id}»`);
    else if (!relocationCityIds.includes(city.id)) relocationCityIds.push(city.id);
  }

  const record: ResumeRecord = {
    hash: newResumeHash(),
    source: 'import',
    source_id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    middle_name: r.middle_name,
    birth_date: birthDate,
    sex,
    city_id: cityId,
    metro,
    relocation,
    relocation_city_ids: relocationCityIds,
    business_trip: known('business_trip_readiness.id', r.business_trip_readiness?.id, BUSINESS_TRIP),
    title: r.title,
    roles: knownList('professional_roles', r.professional_roles, lookups.roles),
    salary_amount: salaryAmount,
    salary_currency: salaryCurrency,
    working_types: knownList('employments', r.employments, lookups.workingType),
    schedules: knownList('schedules', r.schedules, lookups.schedule),
    total_experience_months: totalExperienceMonths(experience, now),
    experience,
    last_company: experience[0]?.company ?? null,
    last_position: experience[0]?.position ?? null,
    education_level: educationLevel,
    education,
    skills: [...new Set((r.skill_set ?? []).filter(Boolean))],
    languages,
    citizenship: [...new Set((r.citizenship ?? []).map((c) => c.name))],
    drive: knownList('driver_license_types', r.driver_license_types, lookups.drive),
    has_car: r.has_vehicle ?? false,
    job_status: known('job_search_status.id', r.job_search_status?.id, lookups.resumeStatus),
    about: r.skills,
    photo: null,
    phone: cell ?? otherPhone,
    email,
    telegram,
    created_at: timestamp(r.created_at, errors, 'created_at'),
    updated_at: timestamp(r.updated_at, errors, 'updated_at'),
    last_active_at: null,
  };
  if (errors.length) throw new RowError(errors.slice(0, 3).join('; ') + (errors.length > 3 ? ` (и ещё ${errors.length - 3})` : ''));
  return record;
}

/** Parses and checks one resume object; throws RowError with the reason. */
export function parseHhResume(input: unknown, lookups: Lookups, now = new Date()): ResumeRecord {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new RowError('ожидается объект резюме');
  const parsed = hhResumeSchema.safeParse(input);
  if (!parsed.success) throw new RowError(describeIssues(parsed.error.issues as Issue[]));
  return hhToRecord(parsed.data, lookups, now);
}
