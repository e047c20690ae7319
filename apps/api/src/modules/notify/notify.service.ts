import type { Paginated } from '@hr/contract';
import { visibleTextOf } from '@hr/contract/html';
import { NOTIFICATIONS_PER_PAGE, type NotificationItem, teamInviteIdOf } from '@hr/contract/notify';
import { REALTIME_EVENT, userChannel } from '@hr/contract/realtime';
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notifications, teamInvites, users } from '../../db/schema/index.ts';
import { enqueueJob, enqueueRows } from '../../lib/queue.ts';
import { preparedStatement } from '../../lib/prepared-statement.ts';
import { MAIL_JOB } from '../../lib/mail.ts';
import { pageOf } from '@hr/contract/pagination';
import type { TelegramReplyMarkup } from '../../jobs/registry.ts';

export type NotificationInput = { title: string; message: string; url?: string | null };
export type { NotificationItem };

export const NOTIFICATION_EVENT = REALTIME_EVENT.notification;
export const TELEGRAM_MESSAGE_JOB = 'telegram.message';
export { NOTIFICATIONS_PER_PAGE };
const PUBLISH_CHUNK = 500;

/** What writing notifications needs: the CLI has no server, so maybe no queue to kick and no hub. */
export type NotifyDeps = Pick<AppContext, 'config' | 'database'> & {
  realtime?: Pick<AppContext['realtime'], 'publish'>;
  queue?: Pick<AppContext['queue'], 'kick'>;
};

/** Who gets a notifyMany(): every user who is not blocked, or those of them in `userIds`. */
export type Audience = 'everyone' | { userIds: readonly number[] };

/**
 * notify() and notifyMany() are the only writers of the notifications table. notify(): the one
 * way other areas tell a user something — stored for the cabinet list, pushed over the user's
 * private channel, and copied to e-mail and Telegram by the user's preferences (queued in the same
 * transaction, bulk priority). `copies: false` leaves the copies out; `telegramMarkup` adds inline
 * buttons to the Telegram copy.
 */
export async function notify(
  ctx: AppContext,
  userId: number,
  input: NotificationInput,
  opts: { copies?: boolean; telegramMarkup?: TelegramReplyMarkup } = {},
): Promise<number> {
  const write = async (tx: Db) => {
    const [row] = await tx
      .insert(notifications)
      .values({ userId, title: input.title, message: input.message, url: input.url ?? null })
      .returning({ id: notifications.id });
    if (opts.copies !== false) await enqueueCopies(ctx, tx, userId, input, opts.telegramMarkup);
    return row?.id ?? 0;
  };
  const id = await ctx.database.db.transaction(write);
  ctx.queue.kick();
  // After the commit: a listener that reloads the list must find the row.
  await ctx.realtime.publish({ channel: userChannel(userId), event: NOTIFICATION_EVENT, data: { id } }).catch(() => {});
  return id;
}

/**
 * notify() for many users at once, set-based: one INSERT … SELECT writes every notification and
 * one more statement queues all e-mail and Telegram copies by each user's preferences (bulk
 * priority, so login codes never wait behind them) — in one transaction, so either everybody has
 * it or nobody. Blocked users are left out. `input` may be a function of the transaction, to write
 * the thing notified about (an announcement) in the same transaction. Pushes go out after the
 * commit, in chunks.
 */
export async function notifyMany(
  deps: NotifyDeps,
  audience: Audience,
  input: NotificationInput | ((tx: Db) => Promise<NotificationInput>),
  opts: { copies?: boolean } = {},
): Promise<{ notified: number }> {
  const who =
    audience === 'everyone'
      ? sql`blocked_at is null`
      : sql`blocked_at is null and id = any(${`{${audience.userIds.map((id) => Math.trunc(Number(id)) || 0).join(',')}}`}::int[])`;
  const written = await deps.database.db.transaction(async (tx) => {
    const note = typeof input === 'function' ? await input(tx) : input;
    const result = (await tx.execute(sql`
      insert into notifications (user_id, title, message, url)
      select id, ${note.title}::text, ${note.message}::text, ${note.url ?? null}::text from users where ${who} order by id
      returning id, user_id`)) as unknown as { rows: { id: number | string; user_id: number }[] };
    if (opts.copies !== false) {
      const { subject, text } = copyOf(deps.config, note);
      const telegram = Boolean(deps.config.telegram.token);
      await enqueueRows(
        tx,
        sql`
          select kind, payload from (
            select ${MAIL_JOB}::text as kind, id,
              jsonb_build_object('to', email, 'subject', ${subject}::text, 'text', ${text}::text) as payload
            from users where ${who} and notify_email
            union all
            select ${TELEGRAM_MESSAGE_JOB}::text, id, jsonb_build_object('chatId', telegram_chat_id, 'text', ${text}::text)
            from users where ${who} and notify_telegram and telegram_chat_id is not null and ${telegram}::boolean
          ) as copies order by id, kind`,
        'bulk',
      );
    }
    return result.rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id) }));
  });
  deps.queue?.kick();
  if (deps.realtime) {
    const hub = deps.realtime;
    for (let i = 0; i < written.length; i += PUBLISH_CHUNK) {
      await Promise.all(
        written
          .slice(i, i + PUBLISH_CHUNK)
          .map((n) => hub.publish({ channel: userChannel(n.userId), event: NOTIFICATION_EVENT, data: { id: n.id } }).catch(() => {})),
      );
    }
  }
  return { notified: written.length };
}

/** The e-mail and Telegram copy of a notification: title, plain text, full link. */
function copyOf(config: AppContext['config'], input: NotificationInput): { subject: string; text: string } {
  const link = input.url ? `${config.appUrl}${input.url.startsWith('/') ? '' : '/'}${input.url}` : config.appUrl;
  return { subject: `HR-клуб: ${input.title}`, text: `${input.title}\n\n${visibleTextOf(input.message)}\n\n${link}` };
}

async function enqueueCopies(ctx: AppContext, tx: Db, userId: number, input: NotificationInput, replyMarkup?: TelegramReplyMarkup) {
  const [user] = await tx
    .select({ email: users.email, notifyEmail: users.notifyEmail, notifyTelegram: users.notifyTelegram, chatId: users.telegramChatId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const { subject, text } = copyOf(ctx.config, input);
  if (user.notifyEmail) await ctx.mail.enqueue(tx, { to: user.email, subject, text }, { priority: 'bulk' });
  if (user.notifyTelegram && user.chatId && ctx.config.telegram.token) {
    const message = { chatId: user.chatId, text, ...(replyMarkup ? { replyMarkup } : {}) };
    await enqueueJob(tx, TELEGRAM_MESSAGE_JOB, message, { priority: 'bulk' });
  }
}

type PageRow = {
  total: number;
  id: number | string | null;
  title: string;
  message: string;
  url: string | null;
  read_at: string | null;
  created_at: string;
};

/**
 * A page of the user's notifications, newest first, and how many they have, in one statement: the
 * count's one row joined with the page's rows (no page row past the last page).
 */
const pageStatement = preparedStatement<PageRow>(
  'notifications_page',
  sql`select t.total, n.id, n.title, n.message, n.url, n.read_at, n.created_at
    from (select count(*)::int as total from notifications where user_id = ${sql.placeholder('user')}::int) t
    left join lateral (
      select id, title, message, url, read_at, created_at from notifications
      where user_id = ${sql.placeholder('user')}::int
      order by id desc limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int
    ) n on true
    order by n.id desc`,
);

export async function listNotifications(ctx: AppContext, userId: number, page: number): Promise<Paginated<NotificationItem>> {
  const perPage = NOTIFICATIONS_PER_PAGE;
  const found = await pageStatement(ctx.database, { user: userId, limit: perPage, offset: (page - 1) * perPage });
  const total = found[0]?.total ?? 0;
  const rows = found.filter((r) => r.id !== null);
  const invites = await inviteStates(
    ctx,
    userId,
    rows.map((r) => teamInviteIdOf(r.url)),
  );
  const data = rows.map((r): NotificationItem => {
    const inviteId = teamInviteIdOf(r.url);
    const invite = inviteId === null ? undefined : invites.get(inviteId);
    return {
      id: Number(r.id),
      read_at: r.read_at === null ? null : new Date(r.read_at).toISOString(),
      data: { message: r.message, title: r.title, url: r.url, created_at: new Date(r.created_at).toISOString() },
      ...(invite ? { invite } : {}),
    };
  });
  return pageOf(data, total, page, perPage);
}

/**
 * The state now of the team invitations the page's notifications link to, so an answered one is
 * shown as answered. Only invitations the reader takes part in (lead or user) are read.
 */
async function inviteStates(
  ctx: AppContext,
  userId: number,
  ids: (number | null)[],
): Promise<Map<number, NonNullable<NotificationItem['invite']>>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await ctx.database.db
    .select({ id: teamInvites.id, direction: teamInvites.direction, status: teamInvites.status })
    .from(teamInvites)
    .where(and(inArray(teamInvites.id, wanted), or(eq(teamInvites.leadId, userId), eq(teamInvites.userId, userId))));
  return new Map(rows.map((r) => [r.id, { id: r.id, direction: r.direction, status: r.status }]));
}

/** Marks the given ids (only the user's own), or all when none are given. */
export async function markRead(ctx: AppContext, userId: number, ids?: number[]): Promise<number> {
  const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const where = ids?.length ? and(own, inArray(notifications.id, ids)) : own;
  const done = await ctx.database.db.update(notifications).set({ readAt: sql`now()` }).where(where).returning({ id: notifications.id });
  if (done.length)
    await ctx.realtime
      .publish({ channel: userChannel(userId), event: REALTIME_EVENT.notificationRead, data: { ids: done.map((d) => d.id) } })
      .catch(() => {});
  return done.length;
}

export async function unreadCount(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}
