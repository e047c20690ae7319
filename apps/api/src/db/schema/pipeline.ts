import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { RecommendationValue, StageKind, TemplateKind } from '@hr/contract';
import { createdAt, tstz, updatedAt } from '../columns.ts';
import { resumes } from './resume.ts';
import { users } from './user.ts';
import { vacancies, vacancyReplies } from './vacancy.ts';

/**
 * The hiring pipeline (PRODUCT 11, migration 0028). A vacancy's ordered stages (the database gives
 * every new vacancy the defaults); a reply's `stage_id` and legacy `status` are kept in step by a
 * trigger (`reply_stage_for_status` / `reply_status_for_stage`).
 */
export const vacancyStages = pgTable(
  'vacancy_stages',
  {
    id: serial('id').primaryKey(),
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    kind: text('kind').$type<StageKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('vacancy_stages_vacancy_idx').on(t.vacancyId, t.position)],
);
export type VacancyStageRow = typeof vacancyStages.$inferSelect;

/** A rejection reason: `owner_id` null for the club's defaults, else the member's (seen by the team). */
export const rejectionReasons = pgTable('rejection_reasons', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  createdAt: createdAt(),
});

/** A message template: `owner_id` null for the club's defaults; `shared` shows it to the owner's team. */
export const messageTemplates = pgTable('message_templates', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<TemplateKind>().notNull().default('other'),
  name: text('name').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  shared: boolean('shared').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type ReplyMessageState = 'queued' | 'sent' | 'failed' | 'cancelled' | 'not_sent';

/** A message e-mailed (or not: `not_sent`) to a candidate from a reply; `job_id` is the queue's letter. */
export const replyMessages = pgTable(
  'reply_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    replyId: bigint('reply_id', { mode: 'number' })
      .notNull()
      .references(() => vacancyReplies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    jobId: bigint('job_id', { mode: 'number' }),
    state: text('state').$type<ReplyMessageState>().notNull().default('queued'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [index('reply_messages_reply_idx').on(t.replyId, t.id)],
);

/** A bulk action on replies, kept for its undo (10 seconds): every changed reply as it was. */
export const replyBulkActions = pgTable('reply_bulk_actions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  token: text('token').notNull().unique(),
  vacancyId: integer('vacancy_id')
    .notNull()
    .references(() => vacancies.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  before: jsonb('before').$type<{ id: number; stage_id: number; reason_id: number | null }[]>().notNull(),
  changed: integer('changed').notNull(),
  undoUntil: timestamp('undo_until', { withTimezone: true }).notNull(),
  undoneAt: tstz('undone_at'),
  createdAt: createdAt(),
});

/** An interview of a reply; `uid` stays for every update and the cancellation (RFC 5545), `sequence` rises. */
export const interviews = pgTable(
  'interviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    replyId: bigint('reply_id', { mode: 'number' })
      .notNull()
      .references(() => vacancyReplies.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull().unique(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    place: text('place'),
    link: text('link'),
    participantIds: integer('participant_ids').array().notNull().default([]),
    sequence: integer('sequence').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: tstz('cancelled_at'),
    remindedAt: tstz('reminded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('interviews_reply_idx').on(t.replyId, t.startsAt)],
);

/** A participant's feedback on an interview: a score 1–5 per criterion of the vacancy. */
export const interviewFeedback = pgTable(
  'interview_feedback',
  {
    interviewId: bigint('interview_id', { mode: 'number' })
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<Record<string, number>>().notNull(),
    recommendation: text('recommendation').$type<RecommendationValue>().notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.userId] })],
);

/** Two resumes made one: the fields taken from the merged one and what the kept one held before. */
export const resumeMerges = pgTable(
  'resume_merges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keepResumeId: bigint('keep_resume_id', { mode: 'number' })
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    mergedHash: text('merged_hash').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('resume_merges_keep_idx').on(t.keepResumeId, t.id)],
);
