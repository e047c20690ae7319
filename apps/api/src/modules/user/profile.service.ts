import { ACCOUNT_TYPES, type ConfirmBody, formatPhone, MSG, type Person, phoneDigits, type Profile, type profileUpdateBody } from '@hr/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sessions, type UserRow, users } from '../../db/schema/index.ts';
import { AppError, fieldError, fieldErrors } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { revokeRealtime } from '../../plugins/realtime-socket.ts';
import { consumeLimit } from '../../lib/rate-limits.ts';
import { dictionaryLookup } from '../dictionary/dictionary.lookup.ts';
import { findCityByName } from '../dictionary/dictionary.service.ts';
import { telegramAuthUrl } from '../telegram/telegram.service.ts';
import { splitFio } from './user.names.ts';
import { accessMapOf, mustConfirmProfile } from './user.policy.ts';
import { isUniqueViolation } from './user.service.ts';

type AuthUserLike = UserRow & { leadFlags?: string[] };

export async function getProfile(ctx: AppContext, user: AuthUserLike): Promise<Profile> {
  const access = accessMapOf(user);
  const link = await telegramAuthUrl(ctx, user);
  return {
    id: user.id,
    fio: [user.family, user.name, user.middleName].filter(Boolean).join(' '),
    name: user.name,
    family: user.family,
    email: user.email,
    phone: user.phone ? formatPhone(user.phone) : null,
    telegram_nickname: user.telegramNickname,
    company: user.company,
    position: user.position,
    profession_area: user.professionArea,
    city_name: user.cityName,
    company_people_count: user.companyPeopleCount,
    tags: user.tags,
    telegram_auth_url: link,
    telegram_bound: !!user.telegramChatId,
    notify_email: user.notifyEmail,
    notify_telegram: user.notifyTelegram,
    not_reply_notify: access.not_reply_notify,
    report_reply_notify: access.report_reply_notify,
    account_type: user.accountType,
    account_type_title: ACCOUNT_TYPES[user.accountType],
    residency_requested: user.residencyRequested,
    must_confirm: mustConfirmProfile(user),
    profile_confirmed_at: user.profileConfirmedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

export async function getPerson(ctx: AppContext, id: number): Promise<Person> {
  const [u] = await ctx.database.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u || u.blockedAt) throw new AppError('not_found', 'Участник не найден');
  return {
    id: u.id,
    name: u.name,
    family: u.family,
    company: u.company,
    position: u.position,
    city_name: u.cityName,
    account_type_title: ACCOUNT_TYPES[u.accountType],
    is_team_lead: u.flags.includes('team_lead'),
  };
}

/** Interests must be `profile_tag` values. */
async function checkTags(ctx: AppContext, field: string, tags: string[]): Promise<string[]> {
  const dict = await dictionaryLookup(ctx.database);
  const unknown = tags.filter((t) => !dict.has('profile_tag', t));
  if (unknown.length) throw fieldError(field, `${MSG.chooseFromList}: ${unknown.join(', ')}`);
  return [...new Set(tags)];
}

/** Only the fields sent change; the notification preferences are the user's own flags. */
export async function updateProfile(ctx: AppContext, user: UserRow, input: z.output<typeof profileUpdateBody>): Promise<UserRow> {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.fio !== undefined) Object.assign(patch, splitFio(input.fio));
  if (input.phone !== undefined) patch.phone = phoneDigits(input.phone);
  if (input.telegram_nickname !== undefined) patch.telegramNickname = input.telegram_nickname?.replace(/^@/, '') || null;
  if (input.company !== undefined) patch.company = input.company;
  if (input.position !== undefined) patch.position = input.position;
  if (input.profession_area !== undefined) patch.professionArea = input.profession_area;
  if (input.company_people_count !== undefined) patch.companyPeopleCount = input.company_people_count;
  if (input.notify_email !== undefined) patch.notifyEmail = input.notify_email;
  if (input.notify_telegram !== undefined) patch.notifyTelegram = input.notify_telegram;
  if (input.tags !== undefined) patch.tags = await checkTags(ctx, 'tags', input.tags);
  if (input.city_name !== undefined) {
    const city = await findCityByName(ctx.database, input.city_name);
    if (!city) throw fieldError('city_name', MSG.cityNotFound);
    patch.cityName = city.title;
    patch.cityId = Number(city.value);
  }
  const flags = new Set(user.flags);
  for (const key of ['not_reply_notify', 'report_reply_notify'] as const) {
    if (input[key] === true) flags.add(key);
    if (input[key] === false) flags.delete(key);
  }
  patch.flags = [...flags];
  if (patch.phone) {
    const [taken] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, patch.phone), ne(users.id, user.id)))
      .limit(1);
    if (taken) throw fieldErrors({ phone: [MSG.phoneTaken] });
  }
  try {
    const [row] = await ctx.database.db.update(users).set(patch).where(eq(users.id, user.id)).returning();
    return row as UserRow;
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldErrors({ phone: [MSG.phoneTaken] });
    throw err;
  }
}

/**
 * Changes the password; every other session of the user ends, with its open sockets (closed now on
 * every instance) and its channel tokens (they need a live session).
 */
export async function changePassword(ctx: AppContext, user: UserRow, sid: string, current: string, next: string): Promise<void> {
  await consumeLimit(ctx, 'passwordChange', String(user.id));
  if (!(await verifyPassword(user.passwordHash, current))) throw fieldError('current_password', 'Неверный текущий пароль');
  const passwordHash = await hashPassword(next);
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, sha256(sid))));
  });
  await revokeRealtime(ctx.realtime, user.id, { except: sid });
}

/** SEED 5 profile confirmation: the data is current; remembered for six months. */
export async function confirmProfile(ctx: AppContext, user: UserRow, input: ConfirmBody): Promise<void> {
  const tags = await checkTags(ctx, 'profileTag', input.profileTag as string[]);
  await ctx.database.db
    .update(users)
    .set({
      company: input.company_name,
      companyPeopleCount: input.company_people_count,
      position: input.position,
      professionArea: input.profession_area,
      tags,
      profileConfirmedAt: sql`now()`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
}

/**
 * The member closed the confirmation popup without confirming: remembered, so main_info stops
 * asking for it until the next due date (mustConfirmProfile); an incomplete profile is still asked.
 */
export async function postponeProfileConfirmation(ctx: AppContext, user: UserRow): Promise<void> {
  await ctx.database.db.update(users).set({ profilePromptDismissedAt: sql`now()` }).where(eq(users.id, user.id));
}
