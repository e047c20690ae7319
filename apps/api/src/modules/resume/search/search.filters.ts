import type { SearchFacetName } from '@hr/contract';
import type { Params, SearchSpec } from './search.spec.ts';
import { advancedPart, type TextPart, textPart } from './search.text.ts';

// Every WHERE part of a search: the resume pool, the text, the filters with and without a facet.

/** Text and advanced query together: both must match; rank and highlight by both. */
export function combineText(a: TextPart | null, b: TextPart | null): TextPart | null {
  if (!a || !b) return a ?? b;
  const both = (x: string | null, y: string | null, op: string) => (x && y ? `(${x} ${op} ${y})` : (x ?? y));
  return {
    where: `${a.where} AND ${b.where}`,
    rank: both(a.rank, b.rank, '+'),
    highlight: both(a.highlight, b.highlight, '||'),
    tierOn: a.tierOn ?? b.tierOn,
  };
}

export const RELOCATING = `r.relocation <> 'no_relocation'`;
/** The cities a resume is ready to move to (NULL when not ready): indexed as is, with the day of the last update and the salary's band (resumes_movers_idx). */
export const RELOCATES_TO = `(CASE WHEN r.relocation <> 'no_relocation' THEN r.relocation_city_ids END)`;

/**
 * The cities of a resume for the search: where the candidate lives and, when ready to move, where
 * to. The second column of the text indexes (resumes_*_places_idx, migration 0014), so that a text
 * and a city are intersected inside one GIN index instead of ANDing two big bitmaps.
 */
export const PLACES = `(CASE WHEN r.relocation <> 'no_relocation' THEN ARRAY[r.city_id] || r.relocation_city_ids ELSE ARRAY[r.city_id] END)`;

/**
 * The city condition of search_city + relocation (hh's four modes), on the city ids parameter `c`:
 * PLACES (what the indexes serve) narrowed to the mode.
 */
function cityCondition(spec: SearchSpec, c: string): string {
  const lives = `r.city_id = ANY(${c})`;
  const places = `${PLACES} && ${c}`;
  switch (spec.relocation) {
    case 'living':
      return `(${places} AND ${lives})`;
    case 'living_but_relocation':
      return `(${places} AND ${lives} AND ${RELOCATING})`;
    case 'relocation':
      return `(${places} AND NOT coalesce(${lives}, false))`;
    default:
      return places;
  }
}

export const EXPERIENCE_BUCKETS: Record<string, [number, number | null]> = {
  noExperience: [0, 0],
  between1And3: [12, 35],
  between3And6: [36, 71],
  moreThan6: [72, null],
};
export const EXPERIENCE_CASE = `CASE WHEN r.total_experience_months = 0 THEN 'noExperience'
    WHEN r.total_experience_months BETWEEN 12 AND 35 THEN 'between1And3'
    WHEN r.total_experience_months BETWEEN 36 AND 71 THEN 'between3And6'
    WHEN r.total_experience_months >= 72 THEN 'moreThan6' END`;

/**
 * The experience buckets. The broad ones (a fifth to a third of all resumes each) are written so that
 * no index serves them (`+ 0`): a bitmap of 200 000 entries costs more than checking the rows the
 * other conditions find, but the planner keeps taking it to thin out what it underestimates.
 */
function experienceCondition(values: string[]): string | null {
  if (!values.length) return null;
  const parts = values.map((v) => {
    const [lo, hi] = EXPERIENCE_BUCKETS[v] as [number, number | null];
    if (lo === 0 && hi === 0) return 'r.total_experience_months = 0';
    return hi === null ? `r.total_experience_months + 0 >= ${lo}` : `r.total_experience_months + 0 BETWEEN ${lo} AND ${hi}`;
  });
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`;
}

/** `YYYY-MM-DD` minus n years; 29 February becomes the 28th. */
export function yearsBefore(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - n, m, 0)).getUTCDate();
  return `${String(y - n).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export type Filters = {
  /** Conditions every statement applies (the resume pool, text, non-facet filters). */
  base: string[];
  /** The conditions of the filters that have a facet; absent when the filter is not set. */
  facet: Partial<Record<SearchFacetName, string>>;
  text: TextPart | null;
  /** The text conditions (text, query) as they stand in `base`. */
  textWheres: string[];
  /** Whether a first-tier title implies all of them. */
  tierImplies: boolean;
  /** The parameter holding the city ids (when search_city is set). */
  cityRef: string | null;
};

/**
 * The day of a resume's last update, days since 2000-01-01 (UTC): the third column of
 * resumes_all_places_idx (migration 0014) and the second of resumes_movers_idx (0015), spelled
 * exactly as indexed.
 */
export const ACTIVE_DAY = `ARRAY[(extract(epoch from (r.updated_at - timestamptz '2000-01-01 00:00:00+00')))::int / 86400]`;
/** The salary's band of 10 000 (100 and up in one): the third column of resumes_movers_idx (0015), spelled as indexed. */
export const SALARY_BAND = 'ARRAY[LEAST(r.salary_amount / 10000, 100)]';
/** The SALARY_BAND values of salaries up to `max`. */
export const salaryBandsUpTo = (max: number): number[] => Array.from({ length: Math.min(Math.floor(max / 10000), 100) + 1 }, (_, i) => i);
const DAY_ZERO = Date.UTC(2000, 0, 1);
const dayNumber = (d: Date) => Math.floor(Math.round((d.getTime() - DAY_ZERO) / 1000) / 86_400);

/** The ACTIVE_DAY values from `since` to `now`, a day more on each side, and a week ahead for clocks that run ahead. */
export function activeDays(since: Date, now: Date): number[] {
  const days: number[] = [];
  for (let d = dayNumber(since) - 1; d <= dayNumber(now) + 7; d++) days.push(d);
  return days;
}

/** The WHERE parts of a search, with their parameters in `p`. */
export function buildFilters(spec: SearchSpec, p: Params): Filters {
  const base: string[] = [];
  if (spec.vacancyIds) base.push(`r.vacancy_id = ANY(${p.add(spec.vacancyIds, 'bigint[]')})`);
  else base.push('r.vacancy_id IS NULL');

  const fromText = spec.text ? textPart(spec.text, p) : null;
  const fromQuery = spec.advanced ? advancedPart(spec.advanced, p) : null;
  if (fromText) base.push(fromText.where);
  if (fromQuery) base.push(fromQuery.where);
  const text = combineText(fromText, fromQuery);

  if (spec.stations) base.push(`r.metro && ${p.add(spec.stations, 'text[]')}`);
  if (spec.sex)
    base.push(spec.onlyWithGender ? `r.sex = ${p.add(spec.sex, 'text')}` : `(r.sex = ${p.add(spec.sex, 'text')} OR r.sex IS NULL)`);
  else if (spec.onlyWithGender) base.push('r.sex IS NOT NULL');

  const ageParts: string[] = [];
  if (spec.ageFrom !== null) ageParts.push(`r.birth_date <= ${p.add(yearsBefore(spec.today, spec.ageFrom), 'date')}`);
  if (spec.ageTo !== null) ageParts.push(`r.birth_date >= ${p.add(dayAfter(yearsBefore(spec.today, spec.ageTo + 1)), 'date')}`);
  if (ageParts.length) base.push(spec.onlyWithAge ? ageParts.join(' AND ') : `(r.birth_date IS NULL OR (${ageParts.join(' AND ')}))`);
  else if (spec.onlyWithAge) base.push('r.birth_date IS NOT NULL');

  const salaryParts: string[] = [];
  if (spec.salaryFrom !== null) salaryParts.push(`r.salary_amount >= ${p.add(spec.salaryFrom, 'int')}`);
  if (spec.salaryTo !== null) salaryParts.push(`r.salary_amount <= ${p.add(spec.salaryTo, 'int')}`);
  if (salaryParts.length)
    base.push(spec.onlyWithSalary ? salaryParts.join(' AND ') : `(r.salary_amount IS NULL OR (${salaryParts.join(' AND ')}))`);
  else if (spec.onlyWithSalary) base.push('r.salary_amount IS NOT NULL');

  if (spec.drive.length) base.push(`r.drive @> ${p.add(spec.drive, 'text[]')}`);
  if (spec.roles) base.push(`r.roles && ${p.add(spec.roles, 'text[]')}`);
  if (spec.statuses.length) base.push(`r.job_status = ANY(${p.add(spec.statuses, 'text[]')})`);
  if (spec.lastActiveDays !== null) {
    const since = new Date(spec.now.getTime() - spec.lastActiveDays * 86_400_000);
    // The days are what the index serves (a margin on both sides); the time is the rule.
    const days = activeDays(since, spec.now);
    base.push(`r.updated_at >= ${p.add(since.toISOString(), 'timestamptz')} AND ${ACTIVE_DAY} && ${p.add(days, 'int[]')}`);
  }
  if (spec.changedSince) base.push(`r.changed_at > ${p.add(spec.changedSince.toISOString(), 'timestamptz')}`);
  if (spec.onlyIds) base.push(`r.id = ANY(${p.add(spec.onlyIds, 'bigint[]')})`);
  if (spec.excludeViewedBy !== null) {
    base.push(`NOT EXISTS (SELECT 1 FROM resume_views v WHERE v.user_id = ${p.add(spec.excludeViewedBy, 'int')} AND v.resume_id = r.id)`);
  }

  const facet: Filters['facet'] = {};
  const cityRef = spec.cityIds ? p.add(spec.cityIds, 'int[]') : null;
  if (cityRef) facet.search_city = cityCondition(spec, cityRef);
  const exp = experienceCondition(spec.experience);
  if (exp) facet.experience = exp;
  if (spec.schedules.length) facet.schedule = `r.schedules && ${p.add(spec.schedules, 'text[]')}`;
  if (spec.workingTypes.length) facet.workingType = `r.working_types && ${p.add(spec.workingTypes, 'text[]')}`;
  if (spec.education.length) facet.education = `r.education_level = ANY(${p.add(spec.education, 'text[]')})`;
  const textWheres = [fromText?.where, fromQuery?.where].filter((w): w is string => !!w);
  const tierImplies = !!fromText?.tierImplies && !fromQuery;
  return { base, facet, text, textWheres, tierImplies, cityRef };
}

export const allOf = (parts: (string | null | undefined)[]) => parts.filter((s): s is string => !!s).join('\n    AND ') || 'true';
