import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from '../columns.ts';

/**
 * The durable outbox: written in the same transaction as the change that asks for it. Kinds, payloads
 * and handlers are declared in src/jobs/registry.ts; the worker is src/lib/queue.ts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Lower runs first (PRIORITY in the registry): login codes 0, ordinary 50, bulk copies 100. */
    priority: smallint('priority').notNull().default(50),
    /** At most one pending job per key (the periodic cleanup). */
    uniqueKey: text('unique_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    doneAt: tstz('done_at'),
    failedAt: tstz('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_pending_idx').on(t.priority, t.runAt, t.id).where(sql`done_at is null and failed_at is null`),
    uniqueIndex('jobs_unique_pending_idx').on(t.uniqueKey).where(sql`unique_key is not null and done_at is null and failed_at is null`),
    index('jobs_done_at_idx').on(t.doneAt).where(sql`done_at is not null`),
    index('jobs_failed_at_idx').on(t.failedAt).where(sql`failed_at is not null`),
  ],
);

/** Mail kept when no SMTP server is configured (the embedded default). */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});
