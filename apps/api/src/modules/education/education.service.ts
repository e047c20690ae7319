import {
  ADMIN_MSG,
  EDUCATION_MESSAGE_MAX,
  EDUCATION_MSG,
  EDUCATION_TITLE_MAX,
  type EducationConfirmAnswer,
  type EducationMessage,
  type EducationRemindAnswer,
  educationLink,
} from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import { sanitizeHtml, visibleText } from '../../lib/sanitize-html.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { educationMessages, educationStates, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { RealtimeHub } from '../../lib/realtime.ts';
import { type Audience, type NotifyDeps, notifyMany } from '../notify/notify.service.ts';

export type EducationInput = { title: string; message: string; educationId: number };
export type { EducationMessage };

/** What creating an announcement needs: the CLI has no server, so no queue to kick and maybe no hub. */
export type EducationDeps = NotifyDeps;

/** «Напомнить позже» shows the announcement again the next day. */
export const EDUCATION_REMIND_AFTER = '1 day';

export const educationSiteUrl = (config: Config, educationId: number) => `${config.educationSiteUrl}/education/${educationId}`;

/** The CLI's check (the admin route validates with the contract's adminEducationBody first). */
function checkInput(input: EducationInput): EducationInput {
  const title = String(input.title ?? '').trim();
  // Rich text is cleaned on the server (PRODUCT 9): the dialog shows it as HTML.
  const message = sanitizeHtml(String(input.message ?? '').trim());
  const errors: Record<string, string[]> = {};
  if (!title) errors.title = [ADMIN_MSG.titleRequired];
  else if (title.length > EDUCATION_TITLE_MAX) errors.title = [ADMIN_MSG.titleLong];
  if (!visibleText(message)) errors.message = ['Укажите текст'];
  else if (message.length > EDUCATION_MESSAGE_MAX) errors.message = [ADMIN_MSG.messageLong];
  if (!Number.isInteger(input.educationId) || input.educationId <= 0 || input.educationId > 2_147_483_647) {
    errors.education_id = ['Укажите номер обучения (целое положительное число)'];
  }
  if (Object.keys(errors).length) {
    throw new AppError('validation', Object.values(errors)[0]?.[0], { errors });
  }
  return { title, message, educationId: input.educationId };
}

/**
 * Stores an announcement and notifies every (not blocked) user through notifyMany(): the
 * announcement, all notifications and the bulk e-mail/Telegram copies in one transaction, so
 * either everybody has it or nobody; each user's private channel gets the usual `notification`
 * push after the commit.
 */
export async function createEducationMessage(
  deps: EducationDeps,
  raw: EducationInput,
  opts: { onlyUserIds?: number[] } = {},
): Promise<{ id: number; notified: number }> {
  const input = checkInput(raw);
  // Everybody, unless narrowed (tests on a shared database; a targeted announcement later).
  const audience: Audience = opts.onlyUserIds ? { userIds: opts.onlyUserIds } : 'everyone';
  let id = 0;
  const { notified } = await notifyMany(deps, audience, async (tx) => {
    const [row] = await tx
      .insert(educationMessages)
      .values({ title: input.title, message: input.message, educationId: input.educationId })
      .returning({ id: educationMessages.id });
    if (!row) throw new Error('education message not stored');
    id = row.id;
    return { title: input.title, message: input.message, url: educationLink(row.id) };
  });
  return { id, notified };
}

/**
 * `npm run cli -- education:create --title T --message M --education-id N`. Given the server's
 * context it is createEducationMessage; given only the database and config (the CLI), it pushes
 * through Redis when REDIS_URL is set (the running servers deliver it to their sockets) and
 * otherwise leaves the pushes out — the notifications and the queued copies are stored either way,
 * and the server's worker sends the copies.
 */
export async function runEducationCreate(
  target: AppContext | { database: Database; config: Config; log?: FastifyBaseLogger },
  input: EducationInput,
): Promise<{ id: number; notified: number }> {
  if ('realtime' in target && 'queue' in target) return createEducationMessage(target, input);
  const { database, config } = target;
  const log = target.log ?? quietLog;
  const hub = config.redisUrl ? new RealtimeHub(config.sessionSecret, config.redisUrl, log) : undefined;
  try {
    if (hub) await hub.ready;
    return await createEducationMessage({ database, config, realtime: hub }, input);
  } finally {
    await hub?.close();
  }
}

const noop = () => {};
const quietLog = {
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  child: () => quietLog,
  level: 'silent',
  silent: noop,
} as unknown as FastifyBaseLogger;

type MessageRow = typeof educationMessages.$inferSelect;

function present(config: Config, row: MessageRow): EducationMessage {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    education_id: row.educationId,
    url: educationSiteUrl(config, row.educationId),
    created_at: row.createdAt.toISOString(),
  };
}

export async function getEducationMessage(ctx: AppContext, id: number): Promise<EducationMessage> {
  const [row] = await ctx.database.db.select().from(educationMessages).where(eq(educationMessages.id, id));
  if (!row) throw new AppError('not_found', EDUCATION_MSG.notFound);
  return present(ctx.config, row);
}

async function upsertState(
  ctx: AppContext,
  messageId: number,
  userId: number,
  change: 'confirm' | 'remind',
): Promise<typeof educationStates.$inferSelect> {
  await getEducationMessage(ctx, messageId); // 404 for an unknown id
  const now = sql`now()`;
  const later = sql`now() + ${EDUCATION_REMIND_AFTER}::interval`;
  const target = [educationStates.messageId, educationStates.userId];
  const db = ctx.database.db;
  const [row] =
    change === 'confirm'
      ? await db
          .insert(educationStates)
          .values({ messageId, userId, confirmedAt: now })
          // The first confirmation is the one kept.
          .onConflictDoUpdate({ target, set: { confirmedAt: sql`coalesce(${educationStates.confirmedAt}, now())` } })
          .returning()
      : await db
          .insert(educationStates)
          .values({ messageId, userId, remindAt: later })
          .onConflictDoUpdate({ target, set: { remindAt: later } })
          .returning();
  if (!row) throw new Error('education state not stored');
  return row;
}

/** «Перейти к анонсу»: the user went to the announcement; it is not offered again. */
export async function confirmEducationMessage(ctx: AppContext, messageId: number, userId: number): Promise<EducationConfirmAnswer> {
  const row = await upsertState(ctx, messageId, userId, 'confirm');
  return { confirmed_at: row.confirmedAt?.toISOString() ?? null };
}

/** «Напомнить позже»: hidden until the same time tomorrow. */
export async function remindEducationLater(ctx: AppContext, messageId: number, userId: number): Promise<EducationRemindAnswer> {
  const row = await upsertState(ctx, messageId, userId, 'remind');
  return { remind_at: row.remindAt?.toISOString() ?? null };
}

/**
 * The announcement the client should open now: the newest one published since the user joined,
 * not confirmed, and not put off to a later time. Null when there is none.
 */
export async function pendingEducationMessage(ctx: AppContext, user: Pick<UserRow, 'id' | 'createdAt'>): Promise<EducationMessage | null> {
  const [row] = await ctx.database.db
    .select({ message: educationMessages })
    .from(educationMessages)
    .leftJoin(educationStates, and(eq(educationStates.messageId, educationMessages.id), eq(educationStates.userId, user.id)))
    .where(
      sql`${educationMessages.createdAt} >= ${user.createdAt.toISOString()}::timestamptz
        and ${educationStates.confirmedAt} is null
        and (${educationStates.remindAt} is null or ${educationStates.remindAt} <= now())`,
    )
    .orderBy(sql`${educationMessages.id} desc`)
    .limit(1);
  return row ? present(ctx.config, row.message) : null;
}
