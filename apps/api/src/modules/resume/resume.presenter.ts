import { BUSINESS_TRIP_TITLES, formatPhone, RELOCATION_TITLES, type ResumeContacts, type ResumeFull } from '@hr/contract';
import { totalExperienceMonths } from '@hr/contract/experience';
import type { ResumeRow } from '../../db/schema/index.ts';
import type { ResumeRecord } from './resume.record.ts';
import type { DictionaryLookup } from '../dictionary/dictionary.lookup.ts';
import { ageFrom } from './resume.card.ts';
import { type CandidateSight, initialsOf, revealOptionalText, revealText } from './candidate-view.ts';

/** What the viewer may see and has done with the resume (the rest of the page is the same for every member). */
export type ResumeViewerState = {
  /** What the viewer may see of the candidate (candidate-view.ts): names and photo, contacts in free text. */
  sight: CandidateSight;
  favourite: { note: string | null } | null;
  contactsOpened: boolean;
  /** The contacts when the viewer may read them now, else null. */
  contacts: ResumeContacts | null;
  canOpenContacts: boolean;
};

/** A phone as the page shows it: ten digits formatted, anything else (an import's free text) as written. */
export const phoneForPage = (phone: string | null) => (phone ? (/^\d{10}$/.test(phone) ? formatPhone(phone) : phone) : null);

export const resumeContactsOf = (row: Pick<ResumeRow, 'phone' | 'email' | 'telegram'>): ResumeContacts => ({
  phone: phoneForPage(row.phone),
  email: row.email,
  telegram: row.telegram,
});

/**
 * The full resume a member opens (every section of the hh model; names and contacts, also those
 * typed into its free text, only as `state.sight` allows): the one presenter of the resume page and
 * of a vacancy team's reply view.
 * Visitors get resume.visitor.ts instead, built field by field with free text masked.
 */
export function presentResume(
  dict: DictionaryLookup,
  row: ResumeRecord,
  city: { name: string; region: string } | null,
  state: ResumeViewerState,
): Omit<ResumeFull, 'opinions_summary' | 'my_opinion_id'> {
  const sexTitle = row.sex === 'male' ? 'Мужской' : row.sex === 'female' ? 'Женский' : null;
  const { sight } = state;
  const showNames = sight.names;
  const text = (value: string) => revealText(value, row, sight);
  const optional = (value: string | null | undefined) => revealOptionalText(value, row, sight);
  return {
    hash: row.hash,
    first_name: showNames ? row.firstName : null,
    last_name: showNames ? row.lastName : null,
    middle_name: showNames ? row.middleName : null,
    initials: initialsOf(row.firstName, row.lastName),
    birth_date: row.birthDate,
    age: ageFrom(row.birthDate),
    sex: row.sex && sexTitle ? { value: row.sex, title: dict.get('sex', row.sex)?.title ?? sexTitle } : null,
    city: row.cityId && city ? { value: String(row.cityId), title: city.name } : null,
    region: city?.region ?? null,
    metro: row.metro.map((m) => {
      const item = dict.get('subway', m);
      return { value: m, title: item?.title ?? m, ...(item?.color ? { color: item.color } : {}) };
    }),
    relocation: { value: row.relocation, title: RELOCATION_TITLES[row.relocation] ?? row.relocation },
    business_trip: row.businessTrip ? { value: row.businessTrip, title: BUSINESS_TRIP_TITLES[row.businessTrip] ?? row.businessTrip } : null,
    title: text(row.title),
    roles: row.roles.map((r) => dict.option('roleTree', r)),
    salary: row.salaryAmount != null ? { amount: row.salaryAmount, currency: row.salaryCurrency ?? 'RUR' } : null,
    workingType: row.workingTypes.map((v) => dict.option('workingType', v)),
    schedule: row.schedules.map((v) => dict.option('schedule', v)),
    // Counted now from the listed jobs (a current one grows every month), as the page shows them.
    total_experience_months: row.experience.length ? totalExperienceMonths(row.experience) : row.totalExperienceMonths,
    experience: row.experience.map((e) => ({
      company: text(e.company),
      position: text(e.position),
      city: e.city ?? null,
      start: e.start,
      end: e.end ?? null,
      description: optional(e.description),
    })),
    education: {
      level: row.educationLevel ? dict.option('education', row.educationLevel) : null,
      items: row.education.map((e) => ({ name: text(e.name), organization: optional(e.organization), result: optional(e.result), year: e.year ?? null })),
    },
    skills: row.skills.map(text),
    languages: row.languages,
    citizenship: row.citizenship,
    drive: row.drive,
    has_car: row.hasCar,
    resumeStatus: row.jobStatus ? dict.option('resumeStatus', row.jobStatus) : null,
    about: optional(row.about),
    photo: showNames ? row.photo : null,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    views: row.views,
    favourite: state.favourite,
    contacts_opened: state.contactsOpened,
    contacts: state.contacts,
    permissions: { can_open_contacts: state.canOpenContacts },
  };
}
