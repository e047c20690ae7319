import { LANGUAGE_NAMES } from './lookups.ts';
import { RowError } from './hh-resume.ts';

/**
 * The CSV columns (README.md in this folder): one resume per row, a header row naming the columns
 * (any order, case-insensitive; unknown columns are ignored). Lists are separated by `;`.
 */
export const CSV_COLUMNS = [
  'id',
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

/** Column name → its index in the header; throws when the header lacks `id` or `title`. */
export function csvHeader(header: string[]): { index: Map<CsvColumn, number>; unknown: string[] } {
  const index = new Map<CsvColumn, number>();
  const unknown: string[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if ((CSV_COLUMNS as readonly string[]).includes(name)) index.set(name as CsvColumn, i);
    else if (name) unknown.push(raw.trim());
  });
  const missing = (['id', 'title'] as const).filter((c) => !index.has(c));
  if (missing.length) throw new Error(`в заголовке CSV нет колонок: ${missing.join(', ')}`);
  return { index, unknown };
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
const refs = (v: string | undefined) => list(v).map((id) => ({ id }));
/** A JSON column; also accepts an empty cell. */
function json(column: string, v: string | undefined): unknown {
  if (!v?.trim()) return undefined;
  try {
    return JSON.parse(v);
  } catch {
    throw new RowError(`${column}: неверный JSON`);
  }
}

function truthy(column: string, v: string | undefined): boolean | undefined {
  const s = (v ?? '').trim().toLowerCase();
  if (!s) return undefined;
  if (['1', 'true', 'да', 'yes', 'y', 'есть'].includes(s)) return true;
  if (['0', 'false', 'нет', 'no', 'n'].includes(s)) return false;
  throw new RowError(`${column}: ожидается да/нет`);
}

/** `Название | Факультет | Специальность | Год; …` or a JSON array of hh `education.primary` entries. */
function education(v: string | undefined): unknown {
  const s = v?.trim();
  if (!s) return undefined;
  if (s.startsWith('[')) return json('education', s);
  return list(s).map((entry) => {
    const [name, organization, result, year] = entry.split('|').map((p) => p.trim());
    return {
      name,
      organization: organization || null,
      result: result || null,
      year: year ? (/^\d{4}$/.test(year) ? Number(year) : year) : null,
    };
  });
}

/** `eng:b2; deu:a1` (hh language id : level id) or a JSON array of hh `language` entries. */
function languages(v: string | undefined): unknown {
  const s = v?.trim();
  if (!s) return undefined;
  if (s.startsWith('[')) return json('languages', s);
  return list(s).map((entry) => {
    const [id = '', level = ''] = entry.split(':').map((p) => p.trim().toLowerCase());
    if (!id || !level) throw new RowError(`languages: ожидается «язык:уровень», получено «${entry}»`);
    return { id, name: LANGUAGE_NAMES[id] ?? id, level: { id: level } };
  });
}

/** A city cell: digits are an hh area id, anything else a city name. */
const area = (v: string) => (/^\d+$/.test(v) ? { id: v } : { name: v });

/** One CSV record → an object in hh's field layout, checked afterwards exactly like a JSON line. */
export function csvToHh(values: string[], index: Map<CsvColumn, number>): Record<string, unknown> {
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
  const gender = get('gender');
  if (gender) out.gender = { id: gender };
  const city = get('area');
  if (city) out.area = area(city);
  const metro = list(get('metro'));
  if (metro.length > 1) throw new RowError('metro: можно указать одну станцию');
  if (metro[0]) out.metro = { id: metro[0] };
  const salary = get('salary');
  if (salary) out.salary = { amount: salary, currency: get('currency') ?? 'RUR' };
  out.professional_roles = refs(get('professional_roles'));
  out.employments = refs(get('employments'));
  out.schedules = refs(get('schedules'));
  out.driver_license_types = refs(get('driver_license_types'));
  out.skill_set = list(get('skill_set'));
  out.citizenship = list(get('citizenship')).map((name) => ({ name }));
  const experience = json('experience', get('experience'));
  if (experience !== undefined) out.experience = experience;
  const level = get('education_level');
  const entries = education(get('education'));
  if (level || entries) out.education = { level: level ? { id: level } : null, primary: entries ?? [] };
  const langs = languages(get('languages'));
  if (langs) out.language = langs;
  const relocation = get('relocation');
  const relocationAreas = list(get('relocation_areas')).map(area);
  if (relocation || relocationAreas.length) out.relocation = { type: { id: relocation ?? 'relocation_possible' }, area: relocationAreas };
  const trip = get('business_trip');
  if (trip) out.business_trip_readiness = { id: trip };
  const vehicle = truthy('has_vehicle', get('has_vehicle'));
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
  return out;
}
