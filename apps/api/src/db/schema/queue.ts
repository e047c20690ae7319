import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from '../columns.ts';

/** The durable outbox: written in the same transaction as the change that asks for it. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    doneAt: tstz('done_at'),
    failedAt: tstz('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_pending_idx').on(t.runAt).where(sql`done_at is null and failed_at is null`)],
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


