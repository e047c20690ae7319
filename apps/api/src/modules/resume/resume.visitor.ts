import { BUSINESS_TRIP_TITLES, RELOCATION_TITLES } from '@hr/contract';
import { totalExperienceMonths } from '@hr/contract/experience';
import type { ResumeVisitor } from '@hr/contract/resume-visitor';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { cities } from '../../db/schema/index.ts';
import { dictionaryLookup } from '../dictionary/dictionary.lookup.ts';
import { ageFrom } from './resume.card.ts';
import { revealText, VISITOR_SIGHT } from './candidate-view.ts';
import { findClubResume } from './resume.service.ts';

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
  const mask = (text: string) => revealText(text, row, VISITOR_SIGHT);
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
        name: mask(e.name),
        organization: e.organization ? mask(e.organization) : null,
        result: e.result ? mask(e.result) : null,
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
