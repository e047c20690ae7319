import type { ContactQuota } from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { contactOpenings, type UserRow } from '../../db/schema/index.ts';
import { moscowDay } from '../../lib/moscow-time.ts';
import { limitCount } from '../../lib/rate-limits.ts';
import { accessMapOf } from './user.policy.ts';

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
  const [{ n } = { n: 0 }] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactOpenings)
    .where(and(eq(contactOpenings.userId, user.id), eq(contactOpenings.day, moscowDay()), eq(contactOpenings.charged, true)));
  return { can_open: true, limit, remaining: Math.max(0, limit - n) };
}
