import { BUSINESS_TRIP_TITLES, RELOCATION_TITLES } from '@hr/contract';
import { totalExperienceMonths } from '@hr/contract/experience';
import { HIDDEN_FOR_VISITORS, type ResumeVisitor } from '@hr/contract/resume-visitor';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { cities, type ResumeRow } from '../../db/schema/index.ts';
import { dictionaryLookup } from '../dictionary/dictionary.lookup.ts';
import { ageFrom } from './resume.card.ts';
import { findClubResume } from './resume.service.ts';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** A link, without the punctuation that ends the sentence around it. */
const LINK =
  /(?:(?:https?:\/\/|www\.)|(?<![\p{L}\p{N}_])(?:t\.me|telegram\.me|vk\.com|wa\.me|linkedin\.com|hh\.ru\/resume)\/)(?:\S*[^\s.,;:!?)»"'])?/giu;
const HANDLE = /(?<![\p{L}\p{N}_.])@[A-Za-z0-9_]{4,}/gu;
/** A run of digits and the separators phones are written with; masked when it holds 10–15 digits (years like «2015-2020» stay). */
const DIGIT_RUN = /\+?\d[\d\s().\u2010-\u2015-]{8,}\d/gu;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The candidate's own names as words: the family and middle name with Russian case endings, the first name capitalised. */
function namePatterns(row: Pick<ResumeRow, 'firstName' | 'lastName' | 'middleName'>): RegExp[] {
  const word = (core: string, flags: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${core}(?![\\p{L}\\p{N}_])`, flags);
  const patterns: RegExp[] = [];
  for (const name of [row.lastName, row.middleName]) {
    const value = name?.trim();
    if (value && value.length >= 3) {
      // «Иванова» → «Ивановой», «Засекреченная» → «Засекреченной»: the stem without its final vowels, then up to three letters.
      const trimmed = value.replace(/[аеиоуыяьй]{1,2}$/iu, '');
      const stem = trimmed.length >= 4 ? trimmed : value;
      patterns.push(word(`${escapeRegExp(stem)}\\p{L}{0,3}`, 'giu'));
    }
  }
  const first = row.firstName?.trim();
  if (first && first.length >= 2) patterns.push(word(`${escapeRegExp(first)}\\p{L}{0,2}`, 'gu'));
  return patterns;
}

/**
 * Free text a visitor reads, with what would tell who the candidate is or how to reach them
 * replaced by «[скрыто]»: e-mails, links, Telegram handles, phone numbers and the candidate's
 * own names (PRODUCT 9: names and contacts never reach visitors).
 */
export function maskForVisitor(text: string, row: Pick<ResumeRow, 'firstName' | 'lastName' | 'middleName'>): string {
  let out = text.replace(EMAIL, HIDDEN_FOR_VISITORS).replace(LINK, HIDDEN_FOR_VISITORS).replace(HANDLE, HIDDEN_FOR_VISITORS);
  out = out.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/\D/g, '').length;
    return digits >= 10 && digits <= 15 ? HIDDEN_FOR_VISITORS : run;
  });
  for (const pattern of namePatterns(row)) out = out.replace(pattern, HIDDEN_FOR_VISITORS);
  return out;
}

/**
 * `GET /api/resume/{hash}/public`: the resume as a visitor may see it. Built field by field from
 * the row (nothing is copied wholesale), so a new column never reaches visitors unless added here.
 * No view is counted: views are members' (PRODUCT 3).
 */
export async function visitorResume(ctx: AppContext, hash: string): Promise<ResumeVisitor> {
  const row = await findClubResume(ctx, hash);
  const dict = await dictionaryLookup(ctx.database);
  const [city] = row.cityId
    ? await ctx.database.db.select({ name: cities.name, region: cities.region }).from(cities).where(eq(cities.id, row.cityId)).limit(1)
    : [];
  const mask = (text: string) => maskForVisitor(text, row);
  const sexTitle = row.sex === 'male' ? 'Мужской' : row.sex === 'female' ? 'Женский' : null;
  return {
    hash: row.hash,
    title: mask(row.title),
    age: ageFrom(row.birthDate),
    sex: row.sex && sexTitle ? { value: row.sex, title: dict.get('sex', row.sex)?.title ?? sexTitle } : null,
    city: row.cityId && city ? { value: String(row.cityId), title: city.name } : null,
    region: city?.region ?? null,
    metro: row.metro.map((m) => ({ value: m, title: dict.get('subway', m)?.title ?? m })),
    relocation: { value: row.relocation, title: RELOCATION_TITLES[row.relocation] ?? row.relocation },
    business_trip: row.businessTrip ? { value: row.businessTrip, title: BUSINESS_TRIP_TITLES[row.businessTrip] ?? row.businessTrip } : null,
    roles: row.roles.map((r) => dict.option('roleTree', r)),
    salary: row.salaryAmount != null ? { amount: row.salaryAmount, currency: row.salaryCurrency ?? 'RUR' } : null,
    workingType: row.workingTypes.map((v) => dict.option('workingType', v)),
    schedule: row.schedules.map((v) => dict.option('schedule', v)),
    total_experience_months: row.experience.length ? totalExperienceMonths(row.experience) : row.totalExperienceMonths,
    experience: row.experience.map((e) => ({
      company: mask(e.company),
      position: mask(e.position),
      city: e.city ?? null,
      start: e.start,
      end: e.end ?? null,
      description: e.description ? mask(e.description) : null,
    })),
    education: {
      level: row.educationLevel ? dict.option('education', row.educationLevel) : null,
      items: row.education.map((e) => ({
        name: e.name,
        organization: e.organization ?? null,
        result: e.result ?? null,
        year: e.year ?? null,
      })),
    },
    skills: row.skills.map(mask),
    languages: row.languages,
    citizenship: row.citizenship,
    drive: row.drive,
    has_car: row.hasCar,
    resumeStatus: row.jobStatus ? dict.option('resumeStatus', row.jobStatus) : null,
    about: row.about ? mask(row.about) : null,
    updated_at: row.updatedAt.toISOString(),
  };
}
