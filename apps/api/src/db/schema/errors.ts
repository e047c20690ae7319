import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';

/** Uncaught client errors reported by `/api/error/send`, for the admin's eyes. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    error: text('error').notNull(),
    info: text('info').notNull(),
    host: text('host').notNull(),
    path: text('path').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  // The retention cleanup deletes by age.
  (t) => [index('client_errors_created_at_idx').on(t.createdAt)],
);
