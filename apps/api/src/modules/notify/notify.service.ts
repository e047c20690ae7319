import type { Paginated } from '@hr/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import { enqueueJob } from '../../lib/queue.ts';
import { enqueueMail } from '../auth/auth.mail.ts';
import { pageOf } from '../../lib/paginate.ts';

export type NotificationInput = { title: string; message: string; url?: string | null };
export type NotificationItem = {
  id: number;
  read_at: string | null;
  data: { message: string; title: string; url: string | null; created_at: string };
};

export const NOTIFICATION_EVENT = 'notification';
export const TELEGRAM_MESSAGE_JOB = 'telegram.message';
export const NOTIFICATIONS_PER_PAGE = 10;

/**
 * The one way other areas tell a user something: stored for the cabinet list, pushed over the
 * user's private channel, and copied to e-mail and Telegram by the user's preferences (queued in
 * the same transaction). `channels` narrows the copies (e.g. only when a preference flag is set).
 */
export async function notify(
  ctx: AppContext,
  userId: number,
  input: NotificationInput,
  opts: { copies?: boolean } = {},
): Promise<number> {
  const write = async (tx: Db) => {
    const [row] = await tx
      .insert(notifications)
      .values({ userId, title: input.title, message: input.message, url: input.url ?? null })
      .returning({ id: notifications.id });
    if (opts.copies !== false) await enqueueCopies(ctx, tx, userId, input);
    return row?.id ?? 0;
  };
  const id = await ctx.database.db.transaction(write);
  ctx.queue.kick();
  // After the commit: a listener that reloads the list must find the row.
  await ctx.realtime.publish({ channel: `user.${userId}`, event: NOTIFICATION_EVENT, data: { id } }).catch(() => {});
  return id;
}

async function enqueueCopies(ctx: AppContext, tx: Db, userId: number, input: NotificationInput) {
  const [user] = await tx
    .select({ email: users.email, notifyEmail: users.notifyEmail, notifyTelegram: users.notifyTelegram, chatId: users.telegramChatId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const link = input.url ? `${ctx.config.appUrl}${input.url.startsWith('/') ? '' : '/'}${input.url}` : ctx.config.appUrl;
  const text = `${input.title}\n\n${stripTags(input.message)}\n\n${link}`;
  if (user.notifyEmail) await enqueueMail(tx, { to: user.email, subject: `HR-клуб: ${input.title}`, text });
  if (user.notifyTelegram && user.chatId && ctx.config.telegram.token) {
    await enqueueJob(tx, TELEGRAM_MESSAGE_JOB, { chatId: user.chatId, text });
  }
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

export async function listNotifications(ctx: AppContext, userId: number, page: number): Promise<Paginated<NotificationItem>> {
  const { db } = ctx.database;
  const perPage = NOTIFICATIONS_PER_PAGE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  const n = Number(total?.n ?? 0);
  const data = rows.map((r) => ({
    id: r.id,
    read_at: r.readAt?.toISOString() ?? null,
    data: { message: r.message, title: r.title, url: r.url, created_at: r.createdAt.toISOString() },
  }));
  return pageOf(data, n, page, perPage);
}

/** Marks the given ids (only the user's own), or all when none are given. */
export async function markRead(ctx: AppContext, userId: number, ids?: number[]): Promise<number> {
  const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const where = ids?.length ? and(own, inArray(notifications.id, ids)) : own;
  const done = await ctx.database.db.update(notifications).set({ readAt: sql`now()` }).where(where).returning({ id: notifications.id });
  if (done.length) await ctx.realtime.publish({ channel: `user.${userId}`, event: 'notification.read', data: { ids: done.map((d) => d.id) } }).catch(() => {});
  return done.length;
}

export async function unreadCount(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}
