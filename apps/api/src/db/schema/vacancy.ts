import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from '../columns.ts';
import { resumes } from './resume.ts';
import { users } from './user.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A vacancy request (PRODUCT 5); the owner's team sees and edits it too. */
export const vacancies = pgTable(
  'vacancies',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    company: text('company'),
    cityId: integer('city_id'),
    address: text('address'),
    salaryFrom: integer('salary_from'),
    salaryTo: integer('salary_to'),
    workingType: text('working_type'),
    schedule: text('schedule'),
    experience: text('experience'),
    education: text('education'),
    role: text('role'),
    skills: text('skills').array().notNull().default(sql`'{}'`),
    /** Cleaned HTML (lib/sanitize-html.ts). */
    description: text('description').notNull().default(''),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    status: text('status').$type<'draft' | 'published' | 'closed'>().notNull().default('draft'),
    views: integer('views').notNull().default(0),
    /** What interviewers score 1–5 (PRODUCT 11, migration 0028). */
    criteria: text('criteria').array().notNull().default(sql`ARRAY['Опыт', 'Профессиональные навыки', 'Коммуникация', 'Мотивация']::text[]`),
    publishedAt: tstz('published_at'),
    closedAt: tstz('closed_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vacancies_owner_idx').on(t.ownerId, t.id)],
);
export type VacancyRow = typeof vacancies.$inferSelect;

/** One row per visitor (session, or address without one) per vacancy per Moscow day. */
export const vacancyViews = pgTable(
  'vacancy_views',
  {
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vacancyId, t.visitor, t.day] })],
);

/** A stored file of the PostgreSQL file storage (lib/file-storage.ts); bytes in reply_file_chunks. */
export const replyFiles = pgTable('reply_files', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  size: integer('size').notNull().default(0),
  /** Set once every chunk is written: an upload cut short stays incomplete and is never served. */
  complete: boolean('complete').notNull().default(false),
  createdAt: createdAt(),
});

/** The bytes of a file in pieces, so it is written and read as a stream. */
export const replyFileChunks = pgTable(
  'reply_file_chunks',
  {
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => replyFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * A reply to a vacancy, or an invitation of a club resume (`source = invite`). The unique indexes
 * make «one reply per e-mail or phone per vacancy» hold under concurrent requests.
 */
export const vacancyReplies = pgTable(
  'vacancy_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    resumeId: bigint('resume_id', { mode: 'number' })
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    source: text('source').$type<'reply' | 'invite'>().notNull(),
    status: text('status').$type<'new' | 'viewed' | 'invited' | 'rejected' | 'hired'>().notNull().default('new'),
    fio: text('fio').notNull(),
    /** Lower-cased e-mail and the phone's ten digits: the duplicate keys. */
    emailKey: text('email_key'),
    phoneKey: text('phone_key'),
    cityName: text('city_name'),
    coverLetter: text('cover_letter'),
    /** The storage key of the CV (lib/file-storage.ts) and what the candidate uploaded. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type').$type<'pdf' | 'doc' | 'docx' | 'rtf'>(),
    fileSize: integer('file_size'),
    consentAt: tstz('consent_at'),
    consentIp: text('consent_ip'),
    /** The version of CONSENT_TEXTS.reply the candidate accepted. */
    consentVersion: text('consent_version'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The pipeline stage (vacancy_stages; migration 0028). A trigger keeps `status` in step with it and
     * sets `stage_at`, the moment of the last move; `reason_id` only while the stage is a rejection.
     */
    // No default in the database: an insert without a stage gets the one its status means from the trigger.
    stageId: integer('stage_id').notNull().default(sql`null`),
    stageAt: timestamp('stage_at', { withTimezone: true }).notNull().defaultNow(),
    reasonId: integer('reason_id'),
    /** Where the candidate came from: the public page, a link shared to Telegram, an invitation. */
    channel: text('channel').$type<'site' | 'telegram' | 'invite' | 'other'>().notNull().default('site'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vacancy_replies_email_key').on(t.vacancyId, t.emailKey).where(sql`email_key is not null`),
    uniqueIndex('vacancy_replies_phone_key').on(t.vacancyId, t.phoneKey).where(sql`phone_key is not null`),
    uniqueIndex('vacancy_replies_resume_key').on(t.vacancyId, t.resumeId),
    index('vacancy_replies_list_idx').on(t.vacancyId, t.status, t.id),
    index('vacancy_replies_resume_idx').on(t.resumeId, t.createdAt),
  ],
);
export type VacancyReplyRow = typeof vacancyReplies.$inferSelect;

/** Every status a reply went through: who (null: the candidate) and when. */
export const vacancyReplyHistory = pgTable(
  'vacancy_reply_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    replyId: bigint('reply_id', { mode: 'number' })
      .notNull()
      .references(() => vacancyReplies.id, { onDelete: 'cascade' }),
    status: text('status').$type<'new' | 'viewed' | 'invited' | 'rejected' | 'hired'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message'),
    /**
     * Migration 0028: a `move` between stages (ids and the titles of the moment; an insert naming only
     * a status is completed by a trigger), a `message` sent without a move, or a `merge`.
     */
    event: text('event').$type<'move' | 'message' | 'merge'>().notNull().default('move'),
    fromStageId: integer('from_stage_id'),
    toStageId: integer('to_stage_id'),
    fromTitle: text('from_title'),
    toTitle: text('to_title'),
    toKind: text('to_kind').$type<'new' | 'active' | 'hired' | 'rejected'>(),
    reasonId: integer('reason_id'),
    reasonTitle: text('reason_title'),
    messageId: bigint('message_id', { mode: 'number' }),
    bulkId: bigint('bulk_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('vacancy_reply_history_reply_idx').on(t.replyId, t.id)],
);
