import { z } from 'zod';
import { opinionsSummary } from './review.ts';

const option = z.object({ value: z.string(), title: z.string() });

/** A search card (PRODUCT 4): never a name, photo or contact for a visitor. */
export const resumeCard = z.object({
  hash: z.string(),
  title: z.string(),
  age: z.number().int().nullable(),
  sex: z.enum(['male', 'female']).nullable(),
  city: option.nullable(),
  salary: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  total_experience_months: z.number().int(),
  last_job: z.object({ company: z.string(), position: z.string() }).nullable(),
  updated_at: z.string(),
  /** Title and matched fragments with <mark>; present when the search had text. */
  highlight: z.object({ title: z.string(), fragments: z.array(z.string()) }).optional(),
  /** Members only. */
  initials: z.string().optional(),
  /** Members with open_contact only. */
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  /** Popular list: distinct members who viewed it in 30 days. */
  views: z.number().int().optional(),
  /** Favourites list: the note and who kept it. */
  note: z.string().nullable().optional(),
  favourite: z.boolean().optional(),
  added_by: z.object({ id: z.number().int(), name: z.string(), family: z.string() }).optional(),
  added_at: z.string().optional(),
  /** Members only, and only when the club has visible opinions about the candidate («2 рекомендуют»). */
  opinions_summary: opinionsSummary.optional(),
  /** Members only, when the club knows something of the candidate («уже в работе у коллег», signals.ts). */
  signals: z.object({ favourites: z.number().int(), invited_90d: z.number().int(), in_team: z.boolean() }).optional(),
});
export type ResumeCard = z.infer<typeof resumeCard>;

export const experienceEntry = z.object({
  company: z.string(),
  position: z.string(),
  city: z.string().nullable(),
  start: z.string(),
  end: z.string().nullable(),
  description: z.string().nullable(),
});

export const resumeContacts = z.object({ phone: z.string().nullable(), email: z.string().nullable(), telegram: z.string().nullable() });
export type ResumeContacts = z.infer<typeof resumeContacts>;

/** The resume page (PRODUCT 3); contacts are opened by POST /api/resume/{hash}/contacts and then stay open for that member. */
export const resumeFull = z.object({
  hash: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  initials: z.string(),
  birth_date: z.string().nullable(),
  age: z.number().int().nullable(),
  sex: option.nullable(),
  city: option.nullable(),
  region: z.string().nullable(),
  metro: z.array(option.extend({ color: z.string().optional() })),
  relocation: option,
  business_trip: option.nullable(),
  title: z.string(),
  roles: z.array(option),
  salary: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  workingType: z.array(option),
  schedule: z.array(option),
  total_experience_months: z.number().int(),
  experience: z.array(experienceEntry),
  education: z.object({
    level: option.nullable(),
    items: z.array(z.object({ name: z.string(), organization: z.string().nullable(), result: z.string().nullable(), year: z.number().int().nullable() })),
  }),
  skills: z.array(z.string()),
  languages: z.array(z.object({ id: z.string(), name: z.string(), level: z.string() })),
  citizenship: z.array(z.string()),
  drive: z.array(z.string()),
  has_car: z.boolean(),
  resumeStatus: option.nullable(),
  about: z.string().nullable(),
  photo: z.string().nullable(),
  source: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  views: z.number().int(),
  favourite: z.object({ note: z.string().nullable() }).nullable(),
  contacts_opened: z.boolean(),
  /** The contacts, once this member has opened them (reopening is free, so they stay open). */
  contacts: resumeContacts.nullable().optional(),
  permissions: z.object({ can_open_contacts: z.boolean() }),
  /** The club's visible opinions by verdict (PRODUCT 6); always in GET /api/resume/{hash}, absent on vacancy replies. */
  opinions_summary: opinionsSummary.optional(),
  /** The viewer's own opinion about the candidate (edit it at /review/{id}), or null; as opinions_summary. */
  my_opinion_id: z.number().int().nullable().optional(),
});
export type ResumeFull = z.infer<typeof resumeFull>;

export const RESUME_HASH_PATTERN = /^[0-9A-Za-z]{22}$/;
/** Any shape is accepted here: a malformed id is simply not found (404), like an unknown one. */
export const resumeHashParam = z.object({ hash: z.string().max(64) });

export const CONTACTS_LIMIT_MESSAGE = 'Лимит открытия контактов на сегодня исчерпан';

/** hh.ru's relocation_type and business_trip_readiness, as the resume page shows them. */
export const RELOCATION_TITLES: Record<string, string> = {
  no_relocation: 'Не готов к переезду',
  relocation_possible: 'Готов к переезду',
  relocation_desirable: 'Хочет переехать',
};
export const BUSINESS_TRIP_TITLES: Record<string, string> = {
  ready: 'Готов к командировкам',
  sometimes: 'Готов к редким командировкам',
  never: 'Не готов к командировкам',
};

/** Where a resume came from (`resumes.source`): what the back office shows instead of the code. */
export const RESUME_SOURCES = ['import', 'demo', 'reply'] as const;
export type ResumeSource = (typeof RESUME_SOURCES)[number];
export const RESUME_SOURCE_TITLES: Record<ResumeSource, string> = {
  import: 'Импорт из файла',
  demo: 'Демонстрационные данные',
  reply: 'Отклик на вакансию',
};
