import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from '../columns.ts';
import { resumes } from './resume.ts';
import { users } from './user.ts';

export type AutosearchFrequency = 'off' | 'instant' | 'daily' | 'weekly';

/**
 * A member's saved search («автопоиск», PRODUCT 10). `query` is the search page's query string.
 * `watermark`: the digest has looked at every resume whose `changed_at` is before it.
 * `new_count` was counted at `counted_at` (at most an hour ago when shown) against `last_opened_at`.
 * `broken_reason`: the search no longer runs for its owner (an option lost, a value gone).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    frequency: text('frequency').$type<AutosearchFrequency>().notNull().default('off'),
    channelEmail: boolean('channel_email').notNull().default(true),
    channelTelegram: boolean('channel_telegram').notNull().default(false),
    sharedBy: integer('shared_by').references(() => users.id, { onDelete: 'set null' }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
    newCount: integer('new_count').notNull().default(0),
    countedAt: tstz('counted_at'),
    watermark: timestamp('watermark', { withTimezone: true }).notNull().defaultNow(),
    lastDigestAt: tstz('last_digest_at'),
    /** The digest never looks before this: the search's creation, or the moment its digest was last switched on (a trigger keeps it, migration 0027). */
    digestFrom: tstz('digest_from'),
    brokenReason: text('broken_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.id),
    index('saved_searches_due_idx').on(t.frequency, t.watermark).where(sql`frequency <> 'off'`),
    check('saved_searches_frequency_check', sql`${t.frequency} IN ('off', 'instant', 'daily', 'weekly')`),
  ],
);
export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** A resume a saved search's digest has sent: each goes to the member once per saved search. */
export const savedSearchSent = pgTable(
  'saved_search_sent',
  {
    searchId: bigint('search_id', { mode: 'number' })
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    resumeId: bigint('resume_id', { mode: 'number' })
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'saved_search_sent_pk', columns: [t.searchId, t.resumeId] }), index('saved_search_sent_resume_idx').on(t.resumeId)],
);
