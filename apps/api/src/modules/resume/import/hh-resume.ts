import { createHash } from 'node:crypto';
import { isValidTelegramNickname, normalizeTelegramNickname, phoneDigits, phoneProblem } from '@hr/contract';
import { z } from 'zod';
import type { EducationEntry, ExperienceEntry, LanguageEntry } from '../../../db/schema/index.ts';
import { newResumeHash } from '../resume.hash.ts';
import { CURRENCY_ALIASES, EMPLOYMENT_FORMS, GENDER_ALIASES, LEGACY_LANGUAGE_LEVELS, WORK_FORMATS } from './legacy.ts';
import { BUSINESS_TRIP, CURRENCIES, findCity, LANGUAGE_LEVELS, LANGUAGE_NAMES, type Lookups, RELOCATION_TYPES } from './lookups.ts';
import { Notes, RowError } from './notes.ts';
import { type ResumeRecord, totalExperienceMonths } from './resume.record.ts';

export { RowError } from './notes.ts';

/*
 * One resume in hh.ru's field layout (reference/hh-model.md, the full resume object), of any year
 * hh.ru documented: the 2013–2019 layout (`specialization`, language levels `native`/`can_read`,
 * `relocation.areas`), today's (`professional_roles`, a1…c2/l1) and 2025's (`employment_form`,
 * `work_format`). Only the fields the club keeps are read. A resume is refused only when it cannot
 * be one (no title, no name); a field that is wrong is dropped with a note, an old value is mapped
 * to today's with a note, and the rest of the resume is kept.
 */

export type Parsed = { record: ResumeRecord; notes: string[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A text field: a string (trimmed; empty is «not given»); anything else — a number too («skills: 42»
 * is a broken export, not a text) — is noted and dropped. Only an id may be a number.
 */
function text(notes: Notes, path: string, v: unknown, numberIsText = false): string | null {
  if (v == null) return null;
  if (numberIsText && typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') {
    notes.wrongType(path, v, 'строкой');
    return null;
  }
  return v.trim() || null;
}

/** A dictionary reference: hh's `{id, name}` (a bare id string is taken too). */
function refId(notes: Notes, path: string, v: unknown): string | null {
  if (v == null) return null;
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  if (isObj(v) && (typeof v.id === 'string' || typeof v.id === 'number')) return String(v.id).trim() || null;
  if (isObj(v) && v.id == null) return null;
  notes.wrongType(path, v, 'элементом справочника ({"id": …})');
  return null;
}

/** A list field; a single value where hh's older layout had one is read as a list of one. */
function list(notes: Notes, path: string, v: unknown, single = false): unknown[] {
  if (v == null) return [];
  if (Array.isArray(v)) return v;
  if (single && (isObj(v) || typeof v === 'string')) return [v];
  notes.wrongType(path, v, 'списком');
  return [];
}

/** YYYY-MM-DD, YYYY-MM (hh's experience dates), DD.MM.YYYY or MM.YYYY (a Russian spreadsheet) → a real date. */
export function calendarDate(value: string): string | null {
  const s = value.trim();
  const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:T.*)?$/.exec(s);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  const month = /^(\d{1,2})\.(\d{4})$/.exec(s);
  const [y, mo, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3] ?? 1)]
    : dotted
      ? [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])]
      : month
        ? [Number(month[2]), Number(month[1]), 1]
        : [Number.NaN, 0, 0];
  if (Number.isNaN(y)) return null;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d || y < 1900) return null;
  return dt.toISOString().slice(0, 10);
}

const monthOf = (d: string) => `${d.slice(0, 7)}-01`;

/** hh's phone value: a string or `{formatted}` / `{country, city, number}`. */
function phoneText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (!isObj(v)) return null;
  if (typeof v.formatted === 'string' && v.formatted.trim()) return v.formatted;
  const part = (p: unknown) => (typeof p === 'string' || typeof p === 'number' ? String(p) : '');
  const joined = `${part(v.city)}${part(v.number)}`;
  return joined ? `+${part(v.country) || '7'}${joined}` : null;
}

/** `t.me/nick`, `https://t.me/nick`, `@nick` or `nick` → the nickname. */
const telegramOf = (v: string) => v.trim().replace(/^(https?:\/\/)?(www\.)?(t\.me|telegram\.me)\//i, '');

/** A stable key for a row without an id: the same person and title give the same key on a re-import. */
export function derivedId(r: Obj): string {
  const parts = ['last_name', 'first_name', 'middle_name', 'birth_date', 'title'].map((k) =>
    String(r[k] ?? '')
      .trim()
      .toLowerCase(),
  );
  return `auto-${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 20)}`;
}

/**
 * Reads one hh resume object into a `resumes` row and the notes on what was dropped or mapped.
 * Throws RowError when it cannot be a resume.
 */
export function parseHhResume(input: unknown, lookups: Lookups, now = new Date(), inherited: string[] = []): Parsed {
  if (!isObj(input))
    throw new RowError(
      `ожидается объект резюме, а в строке ${input === null ? 'null' : Array.isArray(input) ? 'список' : typeof input === 'string' ? 'строка' : 'значение другого типа'}`,
    );
  const r = input;
  const notes = new Notes();
  for (const n of inherited) notes.add(n);
  const today = now.toISOString().slice(0, 10);

  // What makes a resume: a desired position and a person.
  const title = text(notes, 'title', r.title);
  const firstName = text(notes, 'first_name', r.first_name);
  const lastName = text(notes, 'last_name', r.last_name);
  const refusals: string[] = [];
  if (!title) refusals.push('title: нет желаемой должности — без неё это не резюме');
  if (!firstName && !lastName)
    refusals.push('first_name/last_name: нет ни имени, ни фамилии (hh.ru отдаёт их пустыми, пока контакты не открыты)');
  if (refusals.length) throw new RowError(refusals.join('; '));

  let sourceId = text(notes, 'id', r.id, true);
  if (!sourceId) {
    sourceId = derivedId(r);
    notes.add('id: не указан — резюме узнаётся при повторной загрузке по ФИО, дате рождения и должности');
  }

  let birthDate: string | null = null;
  const birthText = text(notes, 'birth_date', r.birth_date);
  if (birthText) {
    const d = calendarDate(birthText);
    if (!d) notes.drop('birth_date', birthText, 'не дата (нужно ГГГГ-ММ-ДД или ДД.ММ.ГГГГ)');
    else if (d > today) notes.drop('birth_date', birthText, 'дата в будущем');
    else if (Number(today.slice(0, 4)) - Number(d.slice(0, 4)) > 100) notes.drop('birth_date', birthText, 'неправдоподобная дата');
    else birthDate = d;
  }

  let sex: 'male' | 'female' | null = null;
  const genderId = refId(notes, 'gender', r.gender);
  if (genderId) {
    const alias = GENDER_ALIASES[genderId.toLowerCase()];
    if (lookups.sex.has(genderId)) sex = genderId as 'male' | 'female';
    else if (alias) sex = alias;
    else notes.drop('gender.id', genderId, 'неизвестное значение (male или female)');
  }

  const cityOf = (path: string, v: unknown): number | null => {
    if (v == null) return null;
    const area = typeof v === 'string' || typeof v === 'number' ? { name: String(v) } : isObj(v) ? v : null;
    if (!area) {
      notes.wrongType(path, v, 'городом ({"id": …, "name": …})');
      return null;
    }
    const id = typeof area.id === 'string' || typeof area.id === 'number' ? String(area.id) : null;
    const name = typeof area.name === 'string' ? area.name : null;
    if (!id && !name) return null;
    const city = findCity(lookups, { id: /^\d+$/.test(String(area.name ?? '')) ? String(area.name) : id, name });
    if (!city) {
      notes.drop(path, name ?? id, 'такого города нет в справочнике клуба');
      return null;
    }
    return city.id;
  };
  const cityId = cityOf('area', r.area);

  const metro: string[] = [];
  const stationId = refId(notes, 'metro', r.metro);
  if (stationId) {
    const stationCity = lookups.stations.get(stationId);
    if (stationCity === undefined) notes.drop('metro.id', stationId, 'неизвестная станция');
    else if (cityId !== null && stationCity !== cityId) notes.drop('metro.id', stationId, 'станция не в городе резюме');
    else metro.push(stationId);
  }

  let salaryAmount: number | null = null;
  let salaryCurrency: string | null = null;
  if (r.salary != null) {
    const s = isObj(r.salary) ? r.salary : { amount: r.salary };
    const raw = s.amount;
    const amount =
      typeof raw === 'number'
        ? raw
        : typeof raw === 'string' && /^\d[\d\s\u00a0]*$/.test(raw.trim())
          ? Number(raw.replace(/[\s\u00a0]/g, ''))
          : null;
    let currency = typeof s.currency === 'string' && s.currency.trim() ? s.currency.trim().toUpperCase() : 'RUR';
    const alias = CURRENCY_ALIASES[currency];
    if (alias) currency = alias;
    if (raw == null) {
      // no amount: nothing to keep
    } else if (amount === null || !Number.isInteger(amount) || amount <= 0 || amount > 2_147_483_647)
      notes.drop('salary.amount', raw, 'не сумма в целых единицах');
    else if (!CURRENCIES.has(currency)) notes.drop('salary.currency', s.currency, 'неизвестная валюта, зарплата пропущена', 'не сохранено');
    else {
      salaryAmount = amount;
      salaryCurrency = currency;
    }
  }

  /** Known ids of a reference list (`professional_roles`, `employments`, …); unknown ones are noted. */
  const knownIds = (path: string, v: unknown, set: Set<string>, single = false, normalize = (s: string) => s): string[] => {
    const out: string[] = [];
    for (const [i, item] of list(notes, path, v, single).entries()) {
      const raw = refId(notes, `${path}[${i}]`, item);
      if (!raw) continue;
      const id = normalize(raw);
      if (!set.has(id)) notes.drop(`${path}[${i}].id`, raw, 'неизвестное значение');
      else if (!out.includes(id)) out.push(id);
    }
    return out;
  };

  const roles = knownIds('professional_roles', r.professional_roles, lookups.roles);
  if (!roles.length && Array.isArray(r.specialization) && r.specialization.length)
    notes.add(
      `specialization: ${r.specialization.length} шт. — специализации hh.ru до 2021 года, у них нет однозначных профессиональных ролей, не перенесены`,
    );

  // `employments`/`schedules`; hh's oldest layout had one `employment`/`schedule` object.
  const workingTypes = knownIds('employments', r.employments ?? r.employment, lookups.workingType, true);
  const schedules = knownIds('schedules', r.schedules ?? r.schedule, lookups.schedule, true);
  for (const [i, item] of list(notes, 'employment_form', r.employment_form).entries()) {
    const id = refId(notes, `employment_form[${i}]`, item);
    if (!id) continue;
    const to = EMPLOYMENT_FORMS[id.toUpperCase()];
    if (to?.workingType && !workingTypes.includes(to.workingType)) workingTypes.push(to.workingType);
    else if (to?.schedule && !schedules.includes(to.schedule)) schedules.push(to.schedule);
    else if (!to) notes.drop(`employment_form[${i}].id`, id, 'в клубе нет такого типа занятости');
  }
  for (const [i, item] of list(notes, 'work_format', r.work_format).entries()) {
    const id = refId(notes, `work_format[${i}]`, item);
    if (!id) continue;
    const to = WORK_FORMATS[id.toUpperCase()];
    if (to && !schedules.includes(to)) schedules.push(to);
    else if (!to && r.schedules == null) notes.drop(`work_format[${i}].id`, id, 'в клубе нет такого формата работы');
  }

  const experience: ExperienceEntry[] = [];
  for (const [i, e] of list(notes, 'experience', r.experience).entries()) {
    const path = `experience[${i}]`;
    if (!isObj(e)) {
      notes.wrongType(path, e, 'объектом места работы');
      continue;
    }
    const company = text(notes, `${path}.company`, e.company);
    const position = text(notes, `${path}.position`, e.position);
    const startText = text(notes, `${path}.start`, e.start);
    const endText = text(notes, `${path}.end`, e.end);
    const start = startText ? calendarDate(startText) : null;
    const end = endText ? calendarDate(endText) : null;
    const what = 'место работы пропущено';
    if (!position) notes.drop(`${path}.position`, e.position ?? null, 'нет должности', what);
    else if (!start) notes.drop(`${path}.start`, e.start ?? null, 'нет даты начала или она неверна', what);
    else if (start > today) notes.drop(`${path}.start`, startText, 'дата в будущем', what);
    else if (endText && !end) notes.drop(`${path}.end`, endText, 'неверная дата окончания', what);
    else if (end && end < start) notes.drop(`${path}.end`, endText, 'окончание раньше начала', what);
    else {
      const area = isObj(e.area) ? e.area.name : e.area;
      experience.push({
        company: company ?? '',
        position,
        city: typeof area === 'string' && area.trim() ? area.trim() : null,
        start: monthOf(start),
        end: end ? monthOf(end) : null,
        description: text(notes, `${path}.description`, e.description),
      });
    }
  }
  // Newest first, the way hh lists them (current jobs on top).
  experience.sort((a, b) => (b.end ?? '9999').localeCompare(a.end ?? '9999') || b.start.localeCompare(a.start));

  let educationLevel: string | null = null;
  const education: EducationEntry[] = [];
  if (r.education != null && !isObj(r.education)) notes.wrongType('education', r.education, 'объектом ({"level": …, "primary": […]})');
  else if (r.education) {
    const ed = r.education;
    const level = refId(notes, 'education.level', ed.level);
    if (level && lookups.education.has(level)) educationLevel = level;
    else if (level) notes.drop('education.level.id', level, 'неизвестный уровень образования');
    for (const [i, e] of list(notes, 'education.primary', ed.primary).entries()) {
      const path = `education.primary[${i}]`;
      if (!isObj(e)) {
        notes.wrongType(path, e, 'объектом учебного заведения');
        continue;
      }
      const name = text(notes, `${path}.name`, e.name);
      if (!name) {
        notes.drop(`${path}.name`, e.name ?? null, 'нет названия учебного заведения', 'запись пропущена');
        continue;
      }
      let year: number | null = null;
      if (e.year != null) {
        const y = typeof e.year === 'number' ? e.year : typeof e.year === 'string' && /^\d{4}$/.test(e.year.trim()) ? Number(e.year) : null;
        if (y !== null && Number.isInteger(y) && y >= 1900 && y <= now.getUTCFullYear() + 10) year = y;
        else notes.drop(`${path}.year`, e.year, 'не год');
      }
      education.push({
        name,
        organization: text(notes, `${path}.organization`, e.organization),
        result: text(notes, `${path}.result`, e.result),
        year,
      });
    }
  }

  const languages: LanguageEntry[] = [];
  for (const [i, l] of list(notes, 'language', r.language).entries()) {
    const path = `language[${i}]`;
    if (!isObj(l)) {
      notes.wrongType(path, l, 'объектом языка ({"id", "name", "level"})');
      continue;
    }
    const id = text(notes, `${path}.id`, l.id);
    if (!id) {
      notes.drop(`${path}.id`, l.id ?? null, 'нет кода языка', 'язык пропущен');
      continue;
    }
    const name = text(notes, `${path}.name`, l.name) ?? LANGUAGE_NAMES[id] ?? id;
    const rawLevel = refId(notes, `${path}.level`, l.level);
    let level = rawLevel?.toLowerCase() ?? null;
    const legacy = level ? LEGACY_LANGUAGE_LEVELS[level] : undefined;
    if (level && legacy) {
      notes.mapped(`${path}.level.id`, rawLevel as string, legacy, 'уровень из старого справочника hh.ru');
      level = legacy;
    }
    if (!level || !LANGUAGE_LEVELS.has(level)) {
      notes.drop(`${path}.level.id`, rawLevel ?? null, 'неизвестный уровень владения (a1…c2, l1)', 'язык пропущен');
      continue;
    }
    if (!languages.some((x) => x.id === id)) languages.push({ id, name, level });
  }

  let cell: string | null = null;
  let otherPhone: string | null = null;
  let email: string | null = null;
  let telegram: string | null = null;
  const contacts = list(notes, 'contact', r.contact).map((c, i) => ({ c, i }));
  // The preferred contact first: it wins when there are two of a kind.
  contacts.sort((a, b) => Number(isObj(b.c) && b.c.preferred === true) - Number(isObj(a.c) && a.c.preferred === true));
  for (const { c, i } of contacts) {
    const path = `contact[${i}]`;
    if (!isObj(c)) {
      notes.wrongType(path, c, 'объектом контакта');
      continue;
    }
    const type = refId(notes, `${path}.type`, c.type);
    const what = 'контакт пропущен';
    if (type === 'cell' || type === 'home' || type === 'work' || type === 'phone') {
      const raw = phoneText(c.value);
      const problem = raw ? phoneProblem(raw.replace(/[^\d+()\s-]/g, '')) : 'нет номера';
      const digits = raw ? phoneDigits(raw) : null;
      if (problem || !digits) {
        // The check's own words go last, as a sentence: they hold brackets of their own.
        const why = (problem ?? '').replace(/^[^:]*:\s*/, '');
        notes.drop(
          path,
          raw ?? c.value ?? null,
          'неверный номер телефона',
          why ? `${what}. ${why[0]?.toUpperCase()}${why.slice(1)}` : what,
        );
      } else if (type === 'cell' || type === 'phone') cell ??= digits;
      else otherPhone ??= digits;
    } else if (type === 'email') {
      const v = typeof c.value === 'string' ? c.value.trim() : '';
      if (!z.email().safeParse(v).success) notes.drop(path, c.value ?? null, 'неверный адрес эл. почты', what);
      else email ??= v.toLowerCase();
    } else if (type === 'telegram') {
      const v = typeof c.value === 'string' ? telegramOf(c.value) : '';
      if (!isValidTelegramNickname(v)) notes.drop(path, c.value ?? null, 'неверный ник Telegram', what);
      else telegram ??= normalizeTelegramNickname(v);
    } else if (type) notes.drop(`${path}.type.id`, type, 'клуб не хранит такой тип контакта', what);
  }
  // `site[]` carries Telegram in newer exports; the other profiles are not kept.
  for (const [i, s] of list(notes, 'site', r.site).entries()) {
    if (!isObj(s) || refId(notes, `site[${i}].type`, s.type) !== 'telegram' || typeof s.url !== 'string') continue;
    const nick = telegramOf(s.url);
    if (isValidTelegramNickname(nick)) telegram ??= normalizeTelegramNickname(nick);
    else notes.drop(`site[${i}]`, s.url, 'неверный ник Telegram');
  }

  let relocation = 'no_relocation';
  const relocationCityIds: number[] = [];
  if (r.relocation != null && !isObj(r.relocation)) notes.wrongType('relocation', r.relocation, 'объектом ({"type": …, "area": […]})');
  else if (r.relocation) {
    const type = refId(notes, 'relocation.type', r.relocation.type);
    if (type && RELOCATION_TYPES.has(type)) relocation = type;
    else if (type) notes.drop('relocation.type.id', type, 'неизвестное значение, записано «не готов к переезду»', 'заменено');
    // hh's field table says `areas`, its examples `area`: both are read.
    const areasKey = r.relocation.area != null ? 'area' : 'areas';
    for (const [i, a] of list(notes, `relocation.${areasKey}`, r.relocation[areasKey]).entries()) {
      const id = cityOf(`relocation.${areasKey}[${i}]`, a);
      if (id !== null && !relocationCityIds.includes(id)) relocationCityIds.push(id);
    }
    if (relocation === 'no_relocation' && relocationCityIds.length && !type) relocation = 'relocation_possible';
  }

  const tripId = refId(notes, 'business_trip_readiness', r.business_trip_readiness);
  let businessTrip: string | null = null;
  if (tripId && BUSINESS_TRIP.has(tripId)) businessTrip = tripId;
  else if (tripId) notes.drop('business_trip_readiness.id', tripId, 'неизвестное значение');

  const drive = knownIds('driver_license_types', r.driver_license_types, lookups.drive, false, (s) => s.toUpperCase());

  let hasCar = false;
  const vehicle = r.has_vehicle;
  if (typeof vehicle === 'boolean') hasCar = vehicle;
  else if (vehicle === 0 || vehicle === 1) hasCar = vehicle === 1;
  else if (vehicle != null) notes.wrongType('has_vehicle', vehicle, 'логическим значением (true/false)');

  const statusId = refId(notes, 'job_search_status', r.job_search_status);
  let jobStatus: string | null = null;
  if (statusId && lookups.resumeStatus.has(statusId)) jobStatus = statusId;
  else if (statusId) notes.drop('job_search_status.id', statusId, 'неизвестное значение');

  const skills: string[] = [];
  if (r.skill_set != null && !Array.isArray(r.skill_set)) notes.wrongType('skill_set', r.skill_set, 'списком строк');
  else
    for (const [i, s] of (r.skill_set ?? []).entries()) {
      if (typeof s !== 'string') notes.wrongType(`skill_set[${i}]`, s, 'строкой');
      else if (s.trim() && !skills.includes(s.trim())) skills.push(s.trim());
    }

  const citizenship: string[] = [];
  for (const [i, c] of list(notes, 'citizenship', r.citizenship).entries()) {
    const name = typeof c === 'string' ? c.trim() : isObj(c) && typeof c.name === 'string' ? c.name.trim() : null;
    if (name === null) notes.wrongType(`citizenship[${i}]`, c, 'страной ({"name": …})');
    else if (name && !citizenship.includes(name)) citizenship.push(name);
  }

  const timestamp = (field: string): string | null => {
    const v = text(notes, field, r[field]);
    if (!v) return null;
    const t = Date.parse(v);
    if (Number.isNaN(t)) {
      notes.drop(field, v, 'не дата и время', 'взято время загрузки');
      return null;
    }
    return new Date(t).toISOString();
  };

  const record: ResumeRecord = {
    hash: newResumeHash(),
    source: 'import',
    source_id: sourceId,
    first_name: firstName,
    last_name: lastName,
    middle_name: text(notes, 'middle_name', r.middle_name),
    birth_date: birthDate,
    sex,
    city_id: cityId,
    metro,
    relocation,
    relocation_city_ids: relocationCityIds,
    business_trip: businessTrip,
    title: title as string,
    roles,
    salary_amount: salaryAmount,
    salary_currency: salaryCurrency,
    working_types: workingTypes,
    schedules,
    total_experience_months: totalExperienceMonths(experience, now),
    experience,
    last_company: experience[0]?.company || null,
    last_position: experience[0]?.position ?? null,
    education_level: educationLevel,
    education,
    skills,
    languages,
    citizenship,
    drive,
    has_car: hasCar,
    job_status: jobStatus,
    about: text(notes, 'skills', r.skills),
    photo: null,
    phone: cell ?? otherPhone,
    email,
    telegram,
    created_at: timestamp('created_at'),
    updated_at: timestamp('updated_at'),
    last_active_at: null,
  };
  return { record, notes: notes.list };
}
