import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from '../columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Ten digits after +7; null for accounts made by the CLI until the profile is completed. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    family: text('family').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    telegramNickname: text('telegram_nickname'),
    company: text('company'),
    position: text('position'),
    cityName: text('city_name'),
    cityId: integer('city_id'),
    companyPeopleCount: text('company_people_count'),
    professionArea: text('profession_area'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    accountType: text('account_type').$type<'basic' | 'resident' | 'admin'>().notNull().default('basic'),
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    residencyRequested: boolean('residency_requested').notNull().default(false),
    hasConsultation: boolean('has_consultation').notNull().default(false),
    /** An invitation or pre-created account: registration with this token asks «Это ваш аккаунт?». */
    inviteToken: text('invite_token'),
    profileConfirmedAt: tstz('profile_confirmed_at'),
    /** The confirmation popup closed without confirming (migration 0021): not asked again until the next due date. */
    profilePromptDismissedAt: tstz('profile_prompt_dismissed_at'),
    /** The HR-cloud bot chat; null until the user presses Start in the bot. */
    telegramChatId: text('telegram_chat_id'),
    telegramBoundAt: tstz('telegram_bound_at'),
    /** Channels for notification copies (the site list always keeps them). */
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifyTelegram: boolean('notify_telegram').notNull().default(true),
    blockedAt: tstz('blocked_at'),
    blockedReason: text('blocked_reason'),
    /** The admin's answer to the residency request: null while it waits (or was never made). */
    residencyDecision: text('residency_decision').$type<'approved' | 'rejected'>(),
    residencyDecidedAt: tstz('residency_decided_at'),
    residencyComment: text('residency_comment'),
    /** The version of CONSENT_TEXTS.registration accepted at registration. */
    consentVersion: text('consent_version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_invite_token_key').on(t.inviteToken),
    index('users_created_at_idx').on(t.createdAt),
  ],
);
export type UserRow = typeof users.$inferSelect;
