import { REALTIME_EVENT, userChannel } from '@hr/contract/realtime';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { GrammyError } from 'grammy';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { telegramBindTokens, type UserRow, users } from '../../db/schema/index.ts';
import { hmac, sha256 } from '../../lib/crypto.ts';
import { type EnqueueOptions, enqueueJob } from '../../lib/queue.ts';
import type { TelegramReplyMarkup } from '../../jobs/registry.ts';
import { TELEGRAM_MESSAGE_JOB } from '../notify/notify.service.ts';
import { telegramApi } from './telegram.client.ts';
import { TG_TEXT } from './telegram.texts.ts';

/** A deep-link token is shown again (same QR) for a day, and accepted for a week. */
const TOKEN_REUSE_MS = 24 * 3600_000;
export const TOKEN_TTL_MS = 7 * 24 * 3600_000;

/** `secret`: a login code — sent first, scrubbed from the jobs table once sent. */
export type TelegramMessagePayload = { chatId: string; text: string; replyMarkup?: TelegramReplyMarkup; secret?: boolean };

/** The bot needs both its token and its name (the deep link is `t.me/{name}`). */
export function isTelegramConfigured(ctx: Pick<AppContext, 'config'>): boolean {
  return Boolean(ctx.config.telegram.token && ctx.config.telegram.botName);
}

/**
 * The secret Telegram must send in `X-Telegram-Bot-Api-Secret-Token`: TELEGRAM_WEBHOOK_SECRET, or,
 * when it is not set, one derived from the session secret and the bot token (so the webhook is
 * never open). Only `A-Z a-z 0-9 _ -` are allowed by Telegram; base64url fits.
 */
export function webhookSecret(ctx: Pick<AppContext, 'config'>): string | null {
  const { token, webhookSecret: configured } = ctx.config.telegram;
  if (!token) return null;
  return configured || hmac(ctx.config.sessionSecret, `telegram-webhook:${token}`);
}

/** The token of a bind row is derived, not stored: only its sha256 is kept in the table. */
const bindToken = (ctx: AppContext, userId: number, createdAt: Date) =>
  hmac(ctx.config.sessionSecret, `telegram-bind:${userId}:${createdAt.getTime()}`);

/**
 * `telegram_auth_url` of the profile: `''` when the user's chat is bound; otherwise the bot's deep
 * link `https://t.me/{TELEGRAM_BOT_NAME}?start={one-time token}`; `null` when the bot is not
 * configured (no TELEGRAM_BOT_TOKEN or TELEGRAM_BOT_NAME) — never `''` then, which would read as
 * «bound». An unused token younger than a day is shown again (a stable QR code), else a new one.
 */
export async function telegramAuthUrl(ctx: AppContext, user: Pick<UserRow, 'id' | 'telegramChatId'>): Promise<string | null> {
  if (!isTelegramConfigured(ctx)) return null;
  if (user.telegramChatId) return '';
  const token = await currentBindToken(ctx, user.id);
  return `https://t.me/${ctx.config.telegram.botName}?start=${token}`;
}

async function currentBindToken(ctx: AppContext, userId: number): Promise<string> {
  const { db } = ctx.database;
  const recent = await db
    .select()
    .from(telegramBindTokens)
    .where(
      and(
        eq(telegramBindTokens.userId, userId),
        isNull(telegramBindTokens.usedAt),
        sql`${telegramBindTokens.createdAt} > now() - make_interval(secs => ${TOKEN_REUSE_MS / 1000})`,
      ),
    )
    .orderBy(sql`${telegramBindTokens.createdAt} desc`)
    .limit(5);
  for (const row of recent) {
    const token = bindToken(ctx, userId, row.createdAt);
    // A changed SESSION_SECRET makes old rows underivable: they simply are not reused.
    if (sha256(token) === row.tokenHash) return token;
  }
  const createdAt = new Date();
  const token = bindToken(ctx, userId, createdAt);
  await db
    .insert(telegramBindTokens)
    .values({ tokenHash: sha256(token), userId, createdAt })
    .onConflictDoNothing();
  // Old unused tokens of this user are of no use any more.
  await db.execute(sql`
    delete from telegram_bind_tokens
    where user_id = ${userId} and used_at is null and created_at < now() - make_interval(secs => ${TOKEN_TTL_MS / 1000})`);
  return token;
}

export type BindResult =
  | { kind: 'bound'; userId: number }
  | { kind: 'already'; userId: number }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'unknown' };

/**
 * `/start TOKEN`: binds the chat to the token's user, once. The chat leaves any other account it
 * was bound to (one chat, one account: login codes and notifications must not go astray), and
 * every other unused token of the user dies. A repeated update (Telegram retries) finds the token
 * used by this very chat and answers «already bound».
 */
export async function bindChat(ctx: AppContext, rawToken: string, chatId: string): Promise<BindResult> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(rawToken)) return { kind: 'unknown' };
  const hash = sha256(rawToken);
  const result = await ctx.database.db.transaction(async (tx): Promise<BindResult> => {
    const [row] = await tx
      .select({
        userId: telegramBindTokens.userId,
        usedAt: telegramBindTokens.usedAt,
        createdAt: telegramBindTokens.createdAt,
        chatId: users.telegramChatId,
      })
      .from(telegramBindTokens)
      .innerJoin(users, eq(users.id, telegramBindTokens.userId))
      .where(eq(telegramBindTokens.tokenHash, hash))
      .for('update', { of: telegramBindTokens });
    if (!row) return { kind: 'unknown' };
    if (row.usedAt) return row.chatId === chatId ? { kind: 'already', userId: row.userId } : { kind: 'used' };
    if (Date.now() - row.createdAt.getTime() > TOKEN_TTL_MS) return { kind: 'expired' };
    await tx
      .update(users)
      .set({ telegramChatId: null, telegramBoundAt: null, updatedAt: new Date() })
      .where(and(eq(users.telegramChatId, chatId), ne(users.id, row.userId)));
    await tx
      .update(users)
      .set({ telegramChatId: chatId, telegramBoundAt: sql`now()`, updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    await tx
      .update(telegramBindTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(telegramBindTokens.userId, row.userId), isNull(telegramBindTokens.usedAt)));
    return { kind: 'bound', userId: row.userId };
  });
  if (result.kind === 'bound') {
    await ctx.realtime.publish({ channel: userChannel(result.userId), event: REALTIME_EVENT.telegramBound, data: { bound: true } }).catch(() => {});
  }
  return result;
}

/**
 * Unbinds the user's chat (profile edit, `POST /api/user/telegram/unbind`). The chat is told so
 * through the queue when the bot is configured. Returns whether a chat was bound.
 */
export async function unbind(ctx: AppContext, userId: number): Promise<boolean> {
  const chatId = await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx.select({ chatId: users.telegramChatId }).from(users).where(eq(users.id, userId)).for('update');
    if (!user?.chatId) return null;
    await tx.update(users).set({ telegramChatId: null, telegramBoundAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
    if (ctx.config.telegram.token) await enqueueTelegramMessage(tx, user.chatId, TG_TEXT.unbound(ctx.config.appUrl));
    return user.chatId;
  });
  if (!chatId) return false;
  ctx.queue.kick();
  await ctx.realtime.publish({ channel: userChannel(userId), event: REALTIME_EVENT.telegramBound, data: { bound: false } }).catch(() => {});
  return true;
}

export async function enqueueTelegramMessage(
  tx: Db,
  chatId: string,
  text: string,
  opts: { secret?: boolean; priority?: EnqueueOptions['priority']; replyMarkup?: TelegramReplyMarkup } = {},
): Promise<void> {
  const payload: TelegramMessagePayload = {
    chatId,
    text,
    ...(opts.replyMarkup ? { replyMarkup: opts.replyMarkup } : {}),
    ...(opts.secret ? { secret: true } : {}),
  };
  await enqueueJob(tx, TELEGRAM_MESSAGE_JOB, payload, { priority: opts.priority });
}

/**
 * A login code through the bot (the `tg` channel of `login/check`): enqueued in the caller's
 * transaction; the caller kicks the queue after the commit (`ctx.queue.kick()`).
 */
export async function sendLoginCodeToTelegram(tx: Db, chatId: string, code: string | number): Promise<void> {
  await enqueueTelegramMessage(tx, chatId, TG_TEXT.loginCode(String(code)), { secret: true });
}

/** The `telegram.message` job (src/jobs/registry.ts): one sendMessage. */
export async function sendTelegramJob(ctx: AppContext, { chatId, text, replyMarkup }: TelegramMessagePayload): Promise<void> {
  const api = telegramApi(ctx);
  if (!api) {
    // Enqueued while a token was set, run after it was removed: nothing can send it.
    ctx.log.warn({ chatId }, 'telegram.message dropped: TELEGRAM_BOT_TOKEN is not set');
    return;
  }
  try {
    await api.sendMessage(chatId, text, {
      link_preview_options: { is_disabled: true },
      ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
    });
  } catch (err) {
    if (err instanceof GrammyError && isGoneChat(err)) {
      // Blocked by the user, or the chat is gone: retrying cannot help; stop sending there.
      ctx.log.info({ chatId, description: err.description }, 'telegram chat is gone; unbinding it');
      await forgetChat(ctx, chatId);
      return;
    }
    throw err; // 429, 5xx, network: the queue retries with backoff
  }
}

const isGoneChat = (err: GrammyError) =>
  err.error_code === 403 || (err.error_code === 400 && /chat not found|user is deactivated|PEER_ID_INVALID/i.test(err.description));

/** The chat blocked the bot (or vanished): no account stays bound to it. */
export async function forgetChat(ctx: AppContext, chatId: string): Promise<void> {
  const gone = await ctx.database.db
    .update(users)
    .set({ telegramChatId: null, telegramBoundAt: null, updatedAt: new Date() })
    .where(eq(users.telegramChatId, chatId))
    .returning({ id: users.id });
  for (const u of gone) {
    await ctx.realtime.publish({ channel: userChannel(u.id), event: REALTIME_EVENT.telegramBound, data: { bound: false } }).catch(() => {});
  }
}

/**
 * `setWebhook` to `{APP_URL}/api/telegram/webhook` with the secret, when a token is set and APP_URL
 * is https (Telegram accepts nothing else). Returns whether it was registered. Called once the
 * server is ready (see telegram.routes.ts); safe to call again (several instances do).
 */
export async function registerTelegramWebhook(ctx: AppContext): Promise<boolean> {
  const api = telegramApi(ctx);
  const secret = webhookSecret(ctx);
  if (!api || !secret || !ctx.config.appUrl.startsWith('https://')) return false;
  await api.setWebhook(`${ctx.config.appUrl}/api/telegram/webhook`, {
    secret_token: secret,
    allowed_updates: ['message', 'my_chat_member'],
  });
  ctx.log.info({ url: `${ctx.config.appUrl}/api/telegram/webhook` }, 'telegram webhook registered');
  return true;
}
