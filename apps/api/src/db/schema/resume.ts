import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from '../columns.ts';
import { users } from './user.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type ExperienceEntry = {
  company: string;
  position: string;
  city?: string | null;
  /** YYYY-MM-DD (first of the month) */
  start: string;
  /** null: works there now */
  end: string | null;
  description?: string | null;
};
export type EducationEntry = { name: string; organization?: string | null; result?: string | null; year?: number | null };
export type LanguageEntry = { id: string; name: string; level: string };

/**
 * A candidate's CV (PRODUCT 3, hh.ru's resume model). The tsvector columns are kept by a trigger
 * (migration 0003), so every way of writing a resume is searchable at once.
 */
export const resumes = pgTable(
  'resumes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public id: 22 base62 characters (~131 random bits). */
    hash: text('hash').notNull(),
    source: text('source').$type<'import' | 'demo' | 'reply'>().notNull(),
    sourceId: text('source_id'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    middleName: text('middle_name'),
    birthDate: date('birth_date'),
    sex: text('sex').$type<'male' | 'female'>(),
    cityId: integer('city_id'),
    metro: text('metro').array().notNull().default(sql`'{}'`),
    /** hh relocation type: no_relocation, relocation_possible, relocation_desirable */
    relocation: text('relocation').notNull().default('no_relocation'),
    relocationCityIds: integer('relocation_city_ids').array().notNull().default(sql`'{}'`),
    businessTrip: text('business_trip'),
    title: text('title').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'`),
    salaryAmount: integer('salary_amount'),
    salaryCurrency: text('salary_currency'),
    workingTypes: text('working_types').array().notNull().default(sql`'{}'`),
    schedules: text('schedules').array().notNull().default(sql`'{}'`),
    totalExperienceMonths: integer('total_experience_months').notNull().default(0),
    experience: jsonb('experience').$type<ExperienceEntry[]>().notNull().default([]),
    lastCompany: text('last_company'),
    lastPosition: text('last_position'),
    educationLevel: text('education_level'),
    education: jsonb('education').$type<EducationEntry[]>().notNull().default([]),
    skills: text('skills').array().notNull().default(sql`'{}'`),
    languages: jsonb('languages').$type<LanguageEntry[]>().notNull().default([]),
    citizenship: text('citizenship').array().notNull().default(sql`'{}'`),
    drive: text('drive').array().notNull().default(sql`'{}'`),
    hasCar: boolean('has_car').notNull().default(false),
    jobStatus: text('job_status'),
    about: text('about'),
    photo: text('photo'),
    phone: text('phone'),
    email: text('email'),
    telegram: text('telegram'),
    /** Set for a reply to a vacancy: only the owner's team finds it. */
    vacancyId: bigint('vacancy_id', { mode: 'number' }),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: tstz('last_active_at'),
    /** When this database last received the resume's content (trigger, migration 0023): «new since» counts by it. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    tsAll: tsvector('ts_all'),
    /** The title's vector (the A part of ts_all), kept by the same trigger. */
    tsTitle: tsvector('ts_title'),
    /** The key skills' vector (the B part of ts_all), kept by the same trigger. */
    tsSkills: tsvector('ts_skills'),
    tsExpCompany: tsvector('ts_exp_company'),
    tsExpPosition: tsvector('ts_exp_position'),
    tsExpDescription: tsvector('ts_exp_description'),
  },
  (t) => [
    uniqueIndex('resumes_hash_key').on(t.hash),
    uniqueIndex('resumes_source_key').on(t.source, t.sourceId),
  ],
);
export type ResumeRow = typeof resumes.$inferSelect;

/** One row per member per resume per Moscow day: a view counts once a day. */
export const resumeViews = pgTable(
  'resume_views',
  {
    resumeId: bigint('resume_id', { mode: 'number' })
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.resumeId, t.userId, t.day] }),
    index('resume_views_day_idx').on(t.day),
    index('resume_views_user_idx').on(t.userId, t.resumeId),
    index('resume_views_user_time_idx').on(t.userId, t.viewedAt.desc()),
  ],
);

/** Every opening of a candidate's contacts (who, when); `charged` counts toward the daily limit. */
export const contactOpenings = pgTable(
  'contact_openings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null once the candidate's data is deleted on request: the opening itself stays counted. */
    resumeId: bigint('resume_id', { mode: 'number' }).references(() => resumes.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    charged: boolean('charged').notNull(),
    openedAt: createdAt(),
  },
  (t) => [index('contact_openings_user_day_idx').on(t.userId, t.day), index('contact_openings_user_resume_idx').on(t.userId, t.resumeId)],
);

/** A member's kept candidates; `teamLeadId` makes them the team's when teams arrive. */
export const favourites = pgTable(
  'favourites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamLeadId: integer('team_lead_id'),
    resumeId: bigint('resume_id', { mode: 'number' })
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_resume_key').on(t.userId, t.resumeId),
    index('favourites_user_created_idx').on(t.userId, t.createdAt),
    index('favourites_team_idx').on(t.teamLeadId, t.createdAt),
    index('favourites_resume_idx').on(t.resumeId),
  ],
);
