import type { EducationEntry, ExperienceEntry, LanguageEntry } from '../../../db/schema/index.ts';

/**
 * One resume as the bulk writer takes it: the `resumes` columns in snake_case (the tsvector columns
 * are the trigger's; `id`, `views` are the database's). Shared by the importer and the demo generator.
 */
export type ResumeRecord = {
  hash: string;
  source: 'import' | 'demo';
  source_id: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  /** YYYY-MM-DD */
  birth_date: string | null;
  sex: 'male' | 'female' | null;
  city_id: number | null;
  metro: string[];
  relocation: string;
  relocation_city_ids: number[];
  business_trip: string | null;
  title: string;
  roles: string[];
  salary_amount: number | null;
  salary_currency: string | null;
  working_types: string[];
  schedules: string[];
  total_experience_months: number;
  experience: ExperienceEntry[];
  last_company: string | null;
  last_position: string | null;
  education_level: string | null;
  education: EducationEntry[];
  skills: string[];
  languages: LanguageEntry[];
  citizenship: string[];
  drive: string[];
  has_car: boolean;
  job_status: string | null;
  about: string | null;
  photo: string | null;
  /** 10 digits after +7 */
  phone: string | null;
  email: string | null;
  /** Telegram nickname without «@» */
  telegram: string | null;
  /** ISO timestamps; null: now() */
  created_at: string | null;
  updated_at: string | null;
  last_active_at: string | null;
};

// One rule for an entry's months and the total, shared with the resume page.
export { entryMonths, totalExperienceMonths } from '@hr/contract/experience';
