import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tstz } from '../columns.ts';
import { users } from './user.ts';

/** The cabinet's notification list (SEED 3): unread until read_at is set. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    url: text('url'),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);

/** One-time deep-link tokens of the bot (`/start TOKEN`). */
export const telegramBindTokens = pgTable(
  'telegram_bind_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_bind_tokens_user_idx').on(t.userId)],
);

/** A member's team: the lead's paid flags pass to members while they are in. */
export const teamMembers = pgTable(
  'team_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: createdAt(),
  },
  (t) => [index('team_members_lead_idx').on(t.leadId)],
);

/** `invite`: the lead asks the user; `join`: the user asks the lead. Answered once. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<'invite' | 'join'>().notNull(),
    status: text('status').$type<'pending' | 'accepted' | 'declined' | 'cancelled'>().notNull().default('pending'),
    createdAt: createdAt(),
    answeredAt: tstz('answered_at'),
  },
  (t) => [
    index('team_invites_user_idx').on(t.userId, t.status),
    index('team_invites_lead_idx').on(t.leadId, t.status),
    uniqueIndex('team_invites_pending_key').on(t.leadId, t.userId).where(sql`status = 'pending'`),
  ],
);

/** Education announcements (SEED 2.10) sent to every user. */
export const educationMessages = pgTable('education_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  educationId: integer('education_id').notNull(),
  createdAt: createdAt(),
});

/** Per user: «Напомнить позже» sets remind_at; «Перейти к анонсу» sets confirmed_at. */
export const educationStates = pgTable(
  'education_states',
  {
    messageId: integer('message_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remindAt: timestamp('remind_at', { withTimezone: true }),
    confirmedAt: tstz('confirmed_at'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
