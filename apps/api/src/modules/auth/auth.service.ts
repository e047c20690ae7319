import {
  LOGIN_CODE_MAX,
  LOGIN_CODE_MAX_TRIES,
  LOGIN_CODE_MIN,
  LOGIN_CODE_TTL_MINUTES,
  MSG,
  PASSWORD_RESET_TTL_MINUTES,
  maskEmail,
  maskPhone,
  normalizeEmail,
  type RegisterBody,
} from '@hr/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { registerBody } from '@hr/contract';
import type { AppContext } from '../../context.ts';
import { loginCodes, passwordResets, type UserRow, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { hmac, randomCode, randomToken, sha256 } from '../../lib/crypto.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../lib/password.ts';
import { findCityByName } from '../dictionary/dictionary.service.ts';
import { isTelegramConfigured, sendLoginCodeToTelegram } from '../telegram/telegram.service.ts';
import { createUser, findUserByEmail } from '../user/user.service.ts';
import { enqueueMail, loginCodeMail, passwordResetMail } from './auth.mail.ts';

const MINUTE = 60;
const HOUR = 3600;

/** Who is asking: the IP for per-address limits, the session for code logins. */
export type Caller = { ip: string; sid: string };

export async function checkPasswordLogin(ctx: AppContext, caller: Caller, email: string, password: string): Promise<UserRow> {
  const addr = normalizeEmail(email);
  await ctx.limiter.consume(`login:${addr}:${caller.ip}`, 10, 15 * MINUTE);
  await ctx.limiter.consume(`login-ip:${caller.ip}`, 100, 15 * MINUTE);
  const user = await findUserByEmail(ctx.database.db, addr);
  if (!user) {
    await spendPasswordCheck(password);
    throw fieldError('email', MSG.badCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw fieldError('email', MSG.badCredentials);
  if (user.blockedAt) throw fieldError('email', MSG.userBlocked);
  return user;
}

type RegisterInput = z.output<typeof registerBody>;
export type RegisterOutcome = { kind: 'existing'; email: string; phone: string } | { kind: 'created'; user: UserRow };

/**
 * With a `user_token` that points at an account (an invitation, a pre-made account) the answer is
 * that account's masked contacts, for «Это ваш аккаунт?»; otherwise a new account is made.
 */
export async function register(ctx: AppContext, caller: Caller, input: RegisterInput): Promise<RegisterOutcome> {
  await ctx.limiter.consume(`register:${caller.ip}`, ctx.config.registerLimitPerHour, HOUR);
  const { db } = ctx.database;
  if (input.user_token) {
    const [existing] = await db.select().from(users).where(eq(users.inviteToken, input.user_token)).limit(1);
    if (existing) {
      return { kind: 'existing', email: maskEmail(existing.email), phone: existing.phone ? maskPhone(existing.phone) : '' };
    }
  }
  const city = await findCityByName(ctx.database, input.city_name);
  if (!city) throw fieldError('city_name', MSG.cityNotFound);
  const user = await createUser(db, {
    email: input.email,
    password: input.password,
    fio: input.fio,
    phone: input.phone,
    telegramNickname: input.telegram_nickname ?? null,
    company: input.company,
    position: input.position,
    cityName: city.title,
    cityId: Number(city.value),
    companyPeopleCount: input.company_people_count,
    professionArea: input.profession_area ?? null,
    residencyRequested: input.is_resident,
    hasConsultation: input.has_consultation,
    confirmed: true,
  });
  return { kind: 'created', user };
}


/** Sends a fresh 4-digit code (the old one is void) and tells where it went. */
export async function sendLoginCode(ctx: AppContext, caller: Caller, email: string) {
  const addr = normalizeEmail(email);
  await ctx.limiter.consume(`login-check:${addr}`, 5, HOUR);
  const user = await findUserByEmail(ctx.database.db, addr);
  if (!user) throw fieldError('email', MSG.userNotFound);
  if (user.blockedAt) throw fieldError('email', MSG.userBlocked);
  const code = randomCode(LOGIN_CODE_MIN, LOGIN_CODE_MAX);
  const viaTelegram = !!user.telegramChatId && isTelegramConfigured(ctx);
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(loginCodes).set({ usedAt: sql`now()` }).where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.usedAt)));
    await tx.insert(loginCodes).values({
      userId: user.id,
      sessionKey: sha256(caller.sid),
      codeHash: codeHash(ctx, user.id, code),
      expiresAt: sql`now() + ${`${LOGIN_CODE_TTL_MINUTES} minutes`}::interval`,
    });
    await enqueueMail(tx, loginCodeMail(user.email, code, LOGIN_CODE_TTL_MINUTES));
    if (viaTelegram && user.telegramChatId) await sendLoginCodeToTelegram(tx, user.telegramChatId, code);
  });
  ctx.queue.kick();
  return { channels: { email: maskEmail(user.email), ...(viaTelegram ? { tg: telegramChannelName(user) } : {}) } };
}

/** How the code popup names the Telegram channel: the user's nickname, or the bot. */
const telegramChannelName = (user: UserRow) => (user.telegramNickname ? `@${user.telegramNickname}` : 'HR-облако в Telegram');

const codeHash = (ctx: AppContext, userId: number, code: number) => hmac(ctx.config.sessionSecret, `code:${userId}:${code}`);

export async function checkLoginCode(ctx: AppContext, caller: Caller, code: number): Promise<UserRow> {
  await ctx.limiter.consume(`code-ip:${caller.ip}`, 50, 15 * MINUTE);
  const { db } = ctx.database;
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.sessionKey, sha256(caller.sid)), isNull(loginCodes.usedAt)))
    .orderBy(desc(loginCodes.id))
    .limit(1);
  if (!row) throw fieldError('code', MSG.codeMissing);
  if (row.expiresAt.getTime() <= Date.now() || row.tries >= LOGIN_CODE_MAX_TRIES) {
    await db.update(loginCodes).set({ usedAt: sql`now()` }).where(eq(loginCodes.id, row.id));
    throw fieldError('code', MSG.codeExpired);
  }
  if (row.codeHash !== codeHash(ctx, row.userId, code)) {
    const [updated] = await db
      .update(loginCodes)
      .set({ tries: sql`${loginCodes.tries} + 1` })
      .where(eq(loginCodes.id, row.id))
      .returning({ tries: loginCodes.tries });
    const left = LOGIN_CODE_MAX_TRIES - (updated?.tries ?? LOGIN_CODE_MAX_TRIES);
    if (left <= 0) {
      await db.update(loginCodes).set({ usedAt: sql`now()` }).where(eq(loginCodes.id, row.id));
      throw fieldError('code', MSG.codeExpired);
    }
    throw fieldError('code', MSG.codeInvalid);
  }
  // Single use: only the request that flips used_at wins.
  const [claimed] = await db
    .update(loginCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginCodes.id, row.id), isNull(loginCodes.usedAt)))
    .returning({ id: loginCodes.id });
  if (!claimed) throw fieldError('code', MSG.codeExpired);
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user || user.blockedAt) throw fieldError('code', MSG.userBlocked);
  return user;
}

/** Always the same answer, so nobody learns whether an address is registered. */
export async function requestPasswordReset(ctx: AppContext, caller: Caller, email: string): Promise<void> {
  const addr = normalizeEmail(email);
  await ctx.limiter.consume(`pw-email:${addr}`, 5, HOUR);
  await ctx.limiter.consume(`pw-email-ip:${caller.ip}`, 30, HOUR);
  const user = await findUserByEmail(ctx.database.db, addr);
  if (!user || user.blockedAt) return;
  const token = randomToken(32);
  const link = `${ctx.config.appUrl}/?email=${encodeURIComponent(user.email)}&pass_reset_token=${token}`;
  await ctx.database.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: sql`now() + ${`${PASSWORD_RESET_TTL_MINUTES} minutes`}::interval`,
    });
    await enqueueMail(tx, passwordResetMail(user.email, link, PASSWORD_RESET_TTL_MINUTES));
  });
  ctx.queue.kick();
}

export async function resetPassword(ctx: AppContext, caller: Caller, input: { token: string; email: string; password: string }): Promise<UserRow> {
  await ctx.limiter.consume(`pw-reset-ip:${caller.ip}`, 30, 15 * MINUTE);
  const { db } = ctx.database;
  const [row] = await db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(input.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row || row.user.email !== normalizeEmail(input.email) || row.user.blockedAt) {
    throw fieldError('email', MSG.resetTokenInvalid);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.id, row.reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!claimed) throw fieldError('email', MSG.resetTokenInvalid);
    // Every other link of this user dies with this one.
    await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.userId, row.user.id), isNull(passwordResets.usedAt)));
    const [user] = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.user.id)).returning();
    if (!user) throw new AppError('not_found');
    return user;
  });
}

export type { RegisterBody };
