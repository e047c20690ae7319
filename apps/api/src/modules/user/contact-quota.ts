import type { ContactQuota } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { contactOpenings, type UserRow } from '../../db/schema/index.ts';
import { moscowDay } from '../../lib/moscow-time.ts';
import { limitCount } from '../../lib/rate-limits.ts';
import { accessMapOf } from './user.policy.ts';

/** Today's charged openings of a member: prepared once per database (a named statement on PostgreSQL). */
const countStatements = new WeakMap<Db, ReturnType<typeof prepareCount>>();
const prepareCount = (db: Db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactOpenings)
    .where(
      and(
        eq(contactOpenings.userId, sql.placeholder('user')),
        eq(contactOpenings.day, sql.placeholder('day')),
        eq(contactOpenings.charged, true),
      ),
    )
    .prepare('contact_quota_used');

function countStatement(db: Db) {
  let statement = countStatements.get(db);
  if (!statement) {
    statement = prepareCount(db);
    countStatements.set(db, statement);
  }
  return statement;
}

/**
 * Contact openings left today: the same count the opening itself checks under its lock
 * (resume.service recordContactOpening — charged rows of the Moscow day), so the number shown
 * is the number that will be refused at zero. Unlimited with `commerce_account` (own or the lead's).
 */
export async function contactQuotaOf(ctx: AppContext, user: UserRow & { leadFlags?: string[] }): Promise<ContactQuota> {
  const access = accessMapOf(user);
  if (!access.open_contact) return { can_open: false, limit: null, remaining: null };
  if (access.commerce_account) return { can_open: true, limit: null, remaining: null };
  const limit = limitCount(ctx.config, 'contactOpenings');
  const [{ n } = { n: 0 }] = await countStatement(ctx.database.db).execute({ user: user.id, day: moscowDay() });
  return { can_open: true, limit, remaining: Math.max(0, limit - n) };
}
