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
import { hmac, randomCode, randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../lib/password.ts';
import { enqueueJob } from '../../lib/queue.ts';
import { consumeLimit, RATE_LIMITS, resetLimit } from '../../lib/rate-limits.ts';
import { findCityByName } from '../dictionary/dictionary.service.ts';
import { isTelegramConfigured, sendLoginCodeToTelegram } from '../telegram/telegram.service.ts';
import { createUser, findUserByEmail } from '../user/user.service.ts';
import { loginCodeMail, passwordResetMail } from './auth.mail.ts';

/** Who is asking: the peer IP for per-address limits, the session for code logins, the browser's device mark. */
export type Caller = { ip: string; sid: string; device?: string };

/** Failed password logins allowed per account (or per known browser of it): lib/rate-limits.ts. */
export const LOGIN_FAILURES_PER_ACCOUNT = RATE_LIMITS.loginAccount.count;

/**
 * A browser that has signed in to an account before carries `nonce.mac` (httpOnly cookie). Its
 * attempts count on their own bucket, so a stranger locking the account cannot lock out the owner's
 * own browsers. Only a correct sign-in mints one, so a stranger cannot make their own.
 */
export function mintDeviceMark(ctx: AppContext, email: string): string {
  const nonce = randomToken(12);
  return `${nonce}.${hmac(ctx.config.sessionSecret, `device:${normalizeEmail(email)}:${nonce}`)}`;
}

/** The nonce of a device mark made for this address, or null. */
export function deviceNonce(ctx: AppContext, email: string, mark: string | undefined): string | null {
  const [nonce, mac, extra] = (mark ?? '').split('.');
  if (!nonce || !mac || extra !== undefined || nonce.length > 64) return null;
  return safeEqual(mac, hmac(ctx.config.sessionSecret, `device:${normalizeEmail(email)}:${nonce}`)) ? nonce : null;
}

/** The failure bucket of an attempt: the known browser's own, otherwise the account's (never the IP). */
export function loginBucket(ctx: AppContext, email: string, mark: string | undefined): string {
  const nonce = deviceNonce(ctx, email, mark);
  return nonce ? `login-dev:${nonce}` : `login-acct:${normalizeEmail(email)}`;
}

export async function checkPasswordLogin(ctx: AppContext, caller: Caller, email: string, password: string): Promise<UserRow> {
  const addr = normalizeEmail(email);
  await consumeLimit(ctx, 'loginIp', caller.ip);
  // Every attempt counts; a correct one clears the bucket, so in effect only failures add up.
  const bucket = loginBucket(ctx, addr, caller.device);
  await consumeLimit(ctx, 'loginAccount', bucket);
  const user = await findUserByEmail(ctx.database.db, addr);
  if (!user) {
    await spendPasswordCheck(password);
    throw fieldError('email', MSG.badCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw fieldError('email', MSG.badCredentials);
  if (user.blockedAt) throw fieldError('email', MSG.userBlocked);
  await resetLimit(ctx, 'loginAccount', bucket);
  return user;
}

type RegisterInput = z.output<typeof registerBody>;
export type RegisterOutcome = { kind: 'existing'; email: string; phone: string } | { kind: 'created'; user: UserRow };

/**
 * With a `user_token` that points at an account (an invitation, a pre-made account) the answer is
 * that account's masked contacts, for «Это ваш аккаунт?»; otherwise a new account is made.
 */
export async function register(ctx: AppContext, caller: Caller, input: RegisterInput): Promise<RegisterOutcome> {
  await consumeLimit(ctx, 'register', caller.ip);
  const { db } = ctx.database;
  if (input.user_token) {
    // Each token tried is a guess at an invitation: few per address, whatever the register limit.
    await consumeLimit(ctx, 'registerToken', caller.ip);
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


/**
 * Sends a fresh 4-digit code (the old one is void). The answer is the same for any address, known
 * or not, blocked or not: the masked address as typed, so nobody learns who is registered. So is
 * the work the request does: the same limits and one job for every address, so the time of the
 * answer says nothing either. The worker looks the address up and makes the code (issueLoginCode).
 */
export async function sendLoginCode(ctx: AppContext, caller: Caller, email: string) {
  const addr = normalizeEmail(email);
  await consumeLimit(ctx, 'loginCodeRequestIp', caller.ip);
  await consumeLimit(ctx, 'loginCodeRequestEmail', addr);
  await enqueueJob(ctx.database.db, 'auth.login_code', { email: addr, session_key: sha256(caller.sid) });
  ctx.queue.kick();
  return { channels: { email: maskEmail(addr) } };
}

/** The job of sendLoginCode: a code for an active account, bound to the browser session that asked. */
export async function issueLoginCode(ctx: AppContext, job: { email: string; session_key: string }): Promise<void> {
  const user = await findUserByEmail(ctx.database.db, job.email);
  if (!user || user.blockedAt) return;
  const code = randomCode(LOGIN_CODE_MIN, LOGIN_CODE_MAX);
  const viaTelegram = !!user.telegramChatId && isTelegramConfigured(ctx);
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(loginCodes).set({ usedAt: sql`now()` }).where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.usedAt)));
    await tx.insert(loginCodes).values({
      userId: user.id,
      sessionKey: job.session_key,
      codeHash: codeHash(ctx, user.id, code),
      expiresAt: sql`now() + ${`${LOGIN_CODE_TTL_MINUTES} minutes`}::interval`,
    });
    await ctx.mail.enqueue(tx, loginCodeMail(user.email, code, LOGIN_CODE_TTL_MINUTES));
    if (viaTelegram && user.telegramChatId) await sendLoginCodeToTelegram(tx, user.telegramChatId, code);
  });
  ctx.queue.kick();
}

const codeHash = (ctx: AppContext, userId: number, code: number) => hmac(ctx.config.sessionSecret, `code:${userId}:${code}`);

/**
 * One statement decides a try: it counts a wrong code or spends a right one, and only while the code
 * is live (unused, unexpired, under LOGIN_CODE_MAX_TRIES). Concurrent tries queue on the row lock and
 * each re-reads it, so however many arrive at once a code takes at most 5 wrong ones, then is void.
 */
export async function checkLoginCode(ctx: AppContext, caller: Caller, code: number): Promise<UserRow> {
  await consumeLimit(ctx, 'loginCodeTryIp', caller.ip);
  const { db } = ctx.database;
  const [row] = await db
    .select({ id: loginCodes.id, userId: loginCodes.userId })
    .from(loginCodes)
    .where(and(eq(loginCodes.sessionKey, sha256(caller.sid)), isNull(loginCodes.usedAt)))
    .orderBy(desc(loginCodes.id))
    .limit(1);
  if (!row) throw fieldError('code', MSG.codeMissing);
  const hash = codeHash(ctx, row.userId, code);
  const [tried] = await ctx.database.rows<{ ok: boolean; tries: number }>(sql`
    update login_codes set
      tries = tries + case when code_hash = ${hash} then 0 else 1 end,
      used_at = case when code_hash = ${hash} or tries + 1 >= ${LOGIN_CODE_MAX_TRIES} then now() end
    where id = ${row.id} and used_at is null and expires_at > now() and tries < ${LOGIN_CODE_MAX_TRIES}
    returning code_hash = ${hash} as ok, tries`);
  if (!tried) throw fieldError('code', MSG.codeExpired);
  if (!tried.ok) throw fieldError('code', tried.tries >= LOGIN_CODE_MAX_TRIES ? MSG.codeExpired : MSG.codeInvalid);
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user || user.blockedAt) throw fieldError('code', MSG.userBlocked);
  return user;
}

/** Always the same answer, so nobody learns whether an address is registered. */
export async function requestPasswordReset(ctx: AppContext, caller: Caller, email: string): Promise<void> {
  const addr = normalizeEmail(email);
  await consumeLimit(ctx, 'passwordResetEmail', addr);
  await consumeLimit(ctx, 'passwordResetRequestIp', caller.ip);
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
    await ctx.mail.enqueue(tx, passwordResetMail(user.email, link, PASSWORD_RESET_TTL_MINUTES));
  });
  ctx.queue.kick();
}

export async function resetPassword(ctx: AppContext, caller: Caller, input: { token: string; email: string; password: string }): Promise<UserRow> {
  await consumeLimit(ctx, 'passwordResetIp', caller.ip);
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
