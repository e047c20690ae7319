import { BUSINESS_TRIP_TITLES, formatPhone, RELOCATION_TITLES, type ResumeContacts, type ResumeFull } from '@hr/contract';
import type { ResumeRow } from '../../db/schema/index.ts';
import type { DictionaryLookup } from '../dictionary/dictionary.lookup.ts';
import { ageFrom, initialsOf } from '../resume/resume.card.ts';

/**
 * The resume of PRODUCT 3 as the vacancy's team sees a reply: names and contacts are theirs to see
 * (the candidate sent them to this vacancy), so nothing is masked and nothing is charged.
 */
export function replyResume(
  dict: DictionaryLookup,
  row: ResumeRow,
  city: { name: string; region: string } | null,
): ResumeFull & { contacts: ResumeContacts } {
  const opt = (name: Parameters<DictionaryLookup['option']>[0], value: string) => dict.option(name, value);
  return {
    hash: row.hash,
    first_name: row.firstName,
    last_name: row.lastName,
    middle_name: row.middleName,
    initials: initialsOf(row.firstName, row.lastName),
    birth_date: row.birthDate,
    age: ageFrom(row.birthDate),
    sex: row.sex ? { value: row.sex, title: row.sex === 'male' ? 'Мужской' : 'Женский' } : null,
    city: row.cityId && city ? { value: String(row.cityId), title: city.name } : null,
    region: city?.region ?? null,
    metro: row.metro.map((m) => ({ value: m, title: dict.get('subway', m)?.title ?? m })),
    relocation: { value: row.relocation, title: RELOCATION_TITLES[row.relocation] ?? row.relocation },
    business_trip: row.businessTrip ? { value: row.businessTrip, title: BUSINESS_TRIP_TITLES[row.businessTrip] ?? row.businessTrip } : null,
    title: row.title,
    roles: row.roles.map((r) => opt('roleTree', r)),
    salary: row.salaryAmount != null ? { amount: row.salaryAmount, currency: row.salaryCurrency ?? 'RUR' } : null,
    workingType: row.workingTypes.map((v) => opt('workingType', v)),
    schedule: row.schedules.map((v) => opt('schedule', v)),
    total_experience_months: row.totalExperienceMonths,
    experience: row.experience.map((e) => ({
      company: e.company,
      position: e.position,
      city: e.city ?? null,
      start: e.start,
      end: e.end ?? null,
      description: e.description ?? null,
    })),
    education: {
      level: row.educationLevel ? opt('education', row.educationLevel) : null,
      items: row.education.map((e) => ({ name: e.name, organization: e.organization ?? null, result: e.result ?? null, year: e.year ?? null })),
    },
    skills: row.skills,
    languages: row.languages,
    citizenship: row.citizenship,
    drive: row.drive,
    has_car: row.hasCar,
    resumeStatus: row.jobStatus ? opt('resumeStatus', row.jobStatus) : null,
    about: row.about,
    photo: row.photo,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    views: row.views,
    favourite: null,
    contacts_opened: true,
    permissions: { can_open_contacts: true },
    contacts: {
      phone: row.phone ? (/^\d{10}$/.test(row.phone) ? formatPhone(row.phone) : row.phone) : null,
      email: row.email,
      telegram: row.telegram,
    },
  };
}
