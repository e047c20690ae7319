import { z } from 'zod';
import { experienceEntry } from './resume.ts';

const option = z.object({ value: z.string(), title: z.string() });

/**
 * What a visitor (not signed in) sees of a resume at `GET /api/resume/{hash}/public`: the
 * candidate's experience and conditions, never who the candidate is. No name, initials, birth
 * date, photo or contacts, no internal id or source; phones, e-mails, links and the candidate's
 * own names are masked in the free texts (about, job descriptions). Strict: a field added to the
 * presenter by mistake fails the answer's validation instead of reaching a visitor.
 */
export const resumeVisitor = z.strictObject({
  hash: z.string(),
  title: z.string(),
  age: z.number().int().nullable(),
  sex: option.nullable(),
  city: option.nullable(),
  region: z.string().nullable(),
  metro: z.array(option),
  relocation: option,
  business_trip: option.nullable(),
  roles: z.array(option),
  salary: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  workingType: z.array(option),
  schedule: z.array(option),
  total_experience_months: z.number().int(),
  experience: z.array(experienceEntry),
  education: z.object({
    level: option.nullable(),
    items: z.array(
      z.object({ name: z.string(), organization: z.string().nullable(), result: z.string().nullable(), year: z.number().int().nullable() }),
    ),
  }),
  skills: z.array(z.string()),
  languages: z.array(z.object({ id: z.string(), name: z.string(), level: z.string() })),
  citizenship: z.array(z.string()),
  drive: z.array(z.string()),
  has_car: z.boolean(),
  resumeStatus: option.nullable(),
  about: z.string().nullable(),
  updated_at: z.string(),
});
export type ResumeVisitor = z.infer<typeof resumeVisitor>;

/** What stands in for a phone, e-mail, link or the candidate's name in a visitor's free text. */
export const HIDDEN_FOR_VISITORS = '[скрыто]';

/** The notice over the visitor's resume; the login button returns to the same page. */
export const RESUME_VISITOR_NOTICE = 'Войдите, чтобы увидеть имя и контакты';
