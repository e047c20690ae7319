import { REVIEW_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { findUserByEmail } from '../user/user.service.ts';

/**
 * Who may vouch for a candidate at a member's request (docs/decisions.md, «A reference is
 * attributed»): never the requester, nor anyone of the requester's team, whether they come by the
 * address the request is sent to or by a signed-in session on the public page.
 */

/** One member, a lead and one of their members, or two members of one lead. */
export async function isSameTeam(db: Db, a: number, b: number): Promise<boolean> {
  if (a === b) return true;
  const result = await db.execute(sql`select exists (
      select 1 from team_members where (user_id = ${a} and lead_id = ${b}) or (user_id = ${b} and lead_id = ${a})
      union all
      select 1 from team_members x join team_members y on y.lead_id = x.lead_id where x.user_id = ${a} and y.user_id = ${b}
    ) as same`);
  const rows = (result as unknown as { rows?: { same: boolean }[] }).rows ?? (result as unknown as { same: boolean }[]);
  return rows[0]?.same === true;
}

/**
 * The club member an addressee's e-mail belongs to (undefined for an outsider). The requester's own
 * address and a teammate's are refused: 422 errors.email.
 */
export async function checkAddressee(db: Db, requesterId: number, email: string): Promise<UserRow | undefined> {
  const member = await findUserByEmail(db, email);
  if (!member) return undefined;
  if (member.id === requesterId) throw fieldError('email', REVIEW_MSG.ownEmail);
  if (await isSameTeam(db, member.id, requesterId)) throw fieldError('email', REVIEW_MSG.teamEmail);
  return member;
}

/**
 * Before an answer or a decline: the signed-in session (if any) and the member the address belongs
 * to (if any) must be neither the requester nor of the requester's team — teams change after a
 * request is sent, so this is checked again here. Answers the addressee member, whose account the
 * answer is attributed to.
 */
export async function checkAnswerer(
  db: Db,
  request: { requesterId: number; email: string },
  session: Pick<UserRow, 'id'> | null | undefined,
): Promise<UserRow | undefined> {
  const refuse = () => new AppError('forbidden', REVIEW_MSG.ownAnswer, { title: 'Ответ не принят' });
  if (session && (await isSameTeam(db, session.id, request.requesterId))) throw refuse();
  const member = await findUserByEmail(db, request.email);
  if (member && (await isSameTeam(db, member.id, request.requesterId))) throw refuse();
  return member;
}
