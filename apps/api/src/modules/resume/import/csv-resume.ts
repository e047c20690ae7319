import { derivedId } from './hh-resume.ts';
import { parseJsonText } from './json-text.ts';
import { LANGUAGE_NAMES } from './lookups.ts';
import { Notes } from './notes.ts';

/**
 * The CSV columns (README.md in this folder): one resume per row, a header row naming the columns
 * (any order, case-insensitive, English ids or the Russian headings of a spreadsheet; unknown
 * columns are ignored). Lists are separated by `;` (or by line breaks inside a quoted cell).
 */
export const CSV_COLUMNS = [
  'id',
  'fio',
  'last_name',
  'first_name',
  'middle_name',
  'birth_date',
  'gender',
  'area',
  'metro',
  'title',
  'salary',
  'currency',
  'professional_roles',
  'employments',
  'schedules',
  'experience',
  'education_level',
  'education',
  'skill_set',
  'languages',
  'relocation',
  'relocation_areas',
  'business_trip',
  'driver_license_types',
  'has_vehicle',
  'job_search_status',
  'citizenship',
  'phone',
  'email',
  'telegram',
  'about',
  'updated_at',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Russian headings a spreadsheet export uses, lower-cased with «ё» as «е». */
// biome-ignore format: a data table
const RUSSIAN_HEADINGS: Record<string, CsvColumn> = {
  'код': 'id', 'номер резюме': 'id', 'фио': 'fio', 'фамилия имя отчество': 'fio',
  'фамилия': 'last_name', 'имя': 'first_name', 'отчество': 'middle_name', 'дата рождения': 'birth_date', 'пол': 'gender',
  'город': 'area', 'город проживания': 'area', 'метро': 'metro', 'станция метро': 'metro',
  'должность': 'title', 'желаемая должность': 'title', 'зарплата': 'salary', 'желаемая зарплата': 'salary', 'валюта': 'currency',
  'профессиональные роли': 'professional_roles', 'занятость': 'employments', 'график': 'schedules', 'график работы': 'schedules',
  'опыт работы': 'experience', 'уровень образования': 'education_level', 'образование': 'education',
  'навыки': 'skill_set', 'ключевые навыки': 'skill_set', 'языки': 'languages', 'знание языков': 'languages',
  'переезд': 'relocation', 'города для переезда': 'relocation_areas', 'командировки': 'business_trip',
  'водительские права': 'driver_license_types', 'права': 'driver_license_types', 'есть автомобиль': 'has_vehicle', 'автомобиль': 'has_vehicle',
  'статус поиска': 'job_search_status', 'гражданство': 'citizenship', 'телефон': 'phone', 'мобильный телефон': 'phone',
  'e-mail': 'email', 'эл. почта': 'email', 'почта': 'email', 'электронная почта': 'email', 'телеграм': 'telegram',
  'о себе': 'about', 'дополнительная информация': 'about', 'обновлено': 'updated_at', 'дата обновления': 'updated_at',
};

const headingKey = (raw: string) => raw.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/**
 * Column name → its index in the header. Throws when no column can hold the title or the name:
 * then no row of the file could be a resume.
 */
export function csvHeader(header: string[]): { index: Map<CsvColumn, number>; unknown: string[] } {
  const index = new Map<CsvColumn, number>();
  const unknown: string[] = [];
  header.forEach((raw, i) => {
    const name = headingKey(raw);
    const column = (CSV_COLUMNS as readonly string[]).includes(name) ? (name as CsvColumn) : RUSSIAN_HEADINGS[name];
    if (column && !index.has(column)) index.set(column, i);
    else if (name) unknown.push(raw.trim());
  });
  const missing: string[] = [];
  if (!index.has('title')) missing.push('должности (title или «Должность»)');
  if (!['fio', 'last_name', 'first_name'].some((c) => index.has(c as CsvColumn))) missing.push('имени (first_name, last_name или «ФИО»)');
  if (missing.length) throw new Error(`в заголовке CSV нет колонки ${missing.join(' и ')}`);
  return { index, unknown };
}

/** A list cell: `;`-separated, or one item a line in a multi-line cell, or `,`-separated when nothing else separates. */
function list(v: string | undefined, commas = false): string[] {
  const s = v ?? '';
  const separator = /[;\n]/.test(s) ? /[;\n]/ : commas ? /,/ : /;/;
  return s
    .split(separator)
    .map((x) => x.trim())
    .filter(Boolean);
}
const refs = (v: string | undefined) => list(v).map((id) => ({ id }));

/** A JSON cell; a broken one is dropped with a note saying where it breaks. */
function json(notes: Notes, column: string, v: string | undefined): unknown {
  if (!v?.trim()) return undefined;
  try {
    return parseJsonText(v, 1);
  } catch (err) {
    notes.add(`${column}: ${(err as Error).message.replace('(строка', '(в ячейке: строка')} — пропущено`);
    return undefined;
  }
}

function truthy(notes: Notes, column: string, v: string | undefined): boolean | undefined {
  const s = (v ?? '').trim().toLowerCase();
  if (!s) return undefined;
  if (['1', 'true', 'да', 'yes', 'y', 'есть', '+'].includes(s)) return true;
  if (['0', 'false', 'нет', 'no', 'n', '-'].includes(s)) return false;
  notes.drop(column, v, 'ожидается да или нет');
  return undefined;
}

/** `Название | Факультет | Специальность | Год; …` or a JSON array of hh `education.primary` entries. */
function education(notes: Notes, v: string | undefined): unknown {
  const s = v?.trim();
  if (!s) return undefined;
  if (s.startsWith('[')) return json(notes, 'education', s);
  return list(s).map((entry) => {
    const [name, organization, result, year] = entry.split('|').map((p) => p.trim());
    return { name, organization: organization || null, result: result || null, year: year || null };
  });
}

/** `eng:b2; deu:a1` (hh language id : level id) or a JSON array of hh `language` entries. */
function languages(notes: Notes, v: string | undefined): unknown {
  const s = v?.trim();
  if (!s) return undefined;
  if (s.startsWith('[')) return json(notes, 'languages', s);
  const out: unknown[] = [];
  for (const entry of list(s, true)) {
    const [id = '', level = ''] = entry.split(':').map((p) => p.trim().toLowerCase());
    if (!id || !level) notes.drop('languages', entry, 'ожидается «язык:уровень», например «eng:b2»');
    else out.push({ id, name: LANGUAGE_NAMES[id] ?? id, level: { id: level } });
  }
  return out;
}

/** A salary cell as a spreadsheet writes it: «90000», «90 000», «90 000 руб.». */
function salary(v: string): { amount: string; currency?: string } {
  const m = /^([\d\s\u00a0]+?)\s*(руб\.?|р\.?|₽|rur|rub)?$/i.exec(v.trim());
  return m ? { amount: (m[1] as string).trim(), currency: m[2] ? 'RUR' : undefined } : { amount: v };
}

/** A city cell: digits are an hh area id, anything else a city name. */
const area = (v: string) => (/^\d+$/.test(v) ? { id: v } : { name: v });

/** One CSV record → an object in hh's field layout (checked afterwards like a JSON resume) and the notes so far. */
export function csvToHh(values: string[], index: Map<CsvColumn, number>): { value: Record<string, unknown>; notes: string[] } {
  const notes = new Notes();
  const get = (c: CsvColumn): string | undefined => {
    const i = index.get(c);
    const v = i === undefined ? undefined : values[i]?.trim();
    return v ? v : undefined;
  };
  const out: Record<string, unknown> = {
    id: get('id'),
    title: get('title'),
    first_name: get('first_name'),
    last_name: get('last_name'),
    middle_name: get('middle_name'),
    birth_date: get('birth_date'),
    skills: get('about'),
    updated_at: get('updated_at'),
  };
  const fio = get('fio');
  if (fio) {
    const [last, first, ...middle] = fio.split(/\s+/);
    out.last_name ??= last;
    out.first_name ??= first;
    if (middle.length) out.middle_name ??= middle.join(' ');
  }
  const gender = get('gender');
  if (gender) out.gender = { id: gender };
  const city = get('area');
  if (city) out.area = area(city);
  const metro = list(get('metro'));
  if (metro.length > 1) notes.add(`metro: «${metro.join('; ')}» — можно одну станцию, взята первая`);
  if (metro[0]) out.metro = { id: metro[0] };
  const amount = get('salary');
  if (amount) {
    const s = salary(amount);
    out.salary = { amount: s.amount, currency: get('currency') ?? s.currency ?? 'RUR' };
  }
  out.professional_roles = refs(get('professional_roles'));
  out.employments = refs(get('employments'));
  out.schedules = refs(get('schedules'));
  out.driver_license_types = list(get('driver_license_types'), true).map((id) => ({ id }));
  out.skill_set = list(get('skill_set'), true);
  out.citizenship = list(get('citizenship'), true).map((name) => ({ name }));
  const experience = json(notes, 'experience', get('experience'));
  if (experience !== undefined) out.experience = experience;
  const level = get('education_level');
  const entries = education(notes, get('education'));
  if (level || entries) out.education = { level: level ? { id: level } : null, primary: entries ?? [] };
  const langs = languages(notes, get('languages'));
  if (langs) out.language = langs;
  let relocation = get('relocation');
  const said = relocation ? truthyWord(relocation) : undefined;
  if (said !== undefined) relocation = said ? 'relocation_possible' : 'no_relocation';
  const relocationAreas = list(get('relocation_areas'), true).map(area);
  if (relocation || relocationAreas.length) out.relocation = { type: relocation ? { id: relocation } : null, area: relocationAreas };
  const trip = get('business_trip');
  if (trip) {
    const yes = truthyWord(trip);
    out.business_trip_readiness = { id: yes === undefined ? trip : yes ? 'ready' : 'never' };
  }
  const vehicle = truthy(notes, 'has_vehicle', get('has_vehicle'));
  if (vehicle !== undefined) out.has_vehicle = vehicle;
  const status = get('job_search_status');
  if (status) out.job_search_status = { id: status };
  const contact: { type: { id: string }; value: string }[] = [];
  const phone = get('phone');
  if (phone) contact.push({ type: { id: 'cell' }, value: phone });
  const email = get('email');
  if (email) contact.push({ type: { id: 'email' }, value: email });
  const telegram = get('telegram');
  if (telegram) contact.push({ type: { id: 'telegram' }, value: telegram });
  out.contact = contact;
  // A sheet without ids (said once for the file): the person and the title are the key.
  if (!index.has('id')) out.id = derivedId(out);
  return { value: out, notes: notes.list };
}

/** да/нет in a cell that otherwise holds a dictionary id; undefined when it is not a yes or a no. */
function truthyWord(v: string): boolean | undefined {
  const s = v.trim().toLowerCase();
  if (['да', 'yes', 'готов', 'готова'].includes(s)) return true;
  if (['нет', 'no', 'не готов', 'не готова'].includes(s)) return false;
  return undefined;
}
