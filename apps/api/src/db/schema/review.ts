import type { ReviewRelation, ReviewRequestStatus, ReviewSource, ReviewVerdict } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from '../columns.ts';
import { resumes } from './resume.ts';
import { users } from './user.ts';

/**
 * A member's request for a reference (PRODUCT 6). The id is the requester's handle (their list,
 * resend); `token` is the public link's secret, which only the addressee's letter carries (migration
 * 0019). The candidate's name and position are copied at creation, so the public page never reads the resume.
 * `status` is stored as pending until answered or declined; «expired» is computed (30 days).
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: text('id').primaryKey(),
    /** The public link's secret (22 base62 characters): never in an answer to the requester. */
    token: text('token').notNull(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resumeId: bigint('resume_id', { mode: 'number' })
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    company: text('company'),
    message: text('message'),
    candidateFirstName: text('candidate_first_name'),
    candidateLastName: text('candidate_last_name'),
    candidatePosition: text('candidate_position'),
    /** The candidate agreed to a reference check: when and from where the member confirmed it. */
    consentAt: tstz('consent_at').notNull(),
    consentIp: text('consent_ip').notNull(),
    status: text('status').$type<ReviewRequestStatus>().notNull().default('pending'),
    answeredAt: tstz('answered_at'),
    answerIp: text('answer_ip'),
    /** The version of CONSENT_TEXTS.review_answer the author accepted. */
    answerConsentVersion: text('answer_consent_version'),
    declineReason: text('decline_reason'),
    resentAt: tstz('resent_at'),
    remindedAt: tstz('reminded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_requests_requester_idx').on(t.requesterId, t.createdAt),
    uniqueIndex('review_requests_token_key').on(t.token),
    uniqueIndex('review_requests_pending_key')
      .on(t.requesterId, t.resumeId, sql`lower(${t.email})`)
      .where(sql`status = 'pending'`),
  ],
);
export type ReviewRequestRow = typeof reviewRequests.$inferSelect;

/** An opinion: a member's own (author_id) or an outsider's answer to a request (request_id). */
export const reviewOpinions = pgTable(
  'review_opinions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    resumeId: bigint('resume_id', { mode: 'number' })
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    source: text('source').$type<ReviewSource>().notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'cascade' }),
    requestId: text('request_id').references(() => reviewRequests.id, { onDelete: 'set null' }),
    verdict: text('verdict').$type<ReviewVerdict>().notNull(),
    text: text('text').notNull(),
    relation: text('relation').$type<ReviewRelation>().notNull(),
    company: text('company'),
    /** YYYY-MM */
    periodFrom: text('period_from'),
    periodTo: text('period_to'),
    externalName: text('external_name'),
    externalCompany: text('external_company'),
    externalPosition: text('external_position'),
    /** Hidden by an admin: listed and counted for nobody. */
    hiddenAt: tstz('hidden_at'),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One opinion per member per resume (answers to requests have no author).
    uniqueIndex('review_opinions_author_key').on(t.resumeId, t.authorId),
    uniqueIndex('review_opinions_request_key').on(t.requestId),
    index('review_opinions_resume_idx').on(t.resumeId, t.id),
    index('review_opinions_author_idx').on(t.authorId, t.id),
  ],
);
export type ReviewOpinionRow = typeof reviewOpinions.$inferSelect;
