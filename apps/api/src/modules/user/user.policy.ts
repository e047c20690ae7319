import { ACCESS_FLAGS, type AccessMap, PAID_FLAGS, PROFILE_CONFIRM_MONTHS } from '@hr/contract';
import type { UserRow } from '../../db/schema/index.ts';

/** The flags a user holds: their own, plus the lead's paid flags while in a team. */
export function accessMapOf(user: Pick<UserRow, 'flags'> & { leadFlags?: string[] }): AccessMap {
  const held = new Set(user.flags);
  for (const f of user.leadFlags ?? []) if (PAID_FLAGS.includes(f as never)) held.add(f);
  const map = Object.fromEntries(ACCESS_FLAGS.map((f) => [f, held.has(f)])) as AccessMap;
  map.teamLead = map.team_lead;
  return map;
}

export const canSeeClientErrors = (user: Pick<UserRow, 'accountType'>) => user.accountType === 'admin';

export function isProfileIncomplete(user: UserRow): boolean {
  return !user.phone || !user.company || !user.position || !user.companyPeopleCount || !user.cityName;
}

/** Incomplete, never confirmed, or confirmed more than six months ago. */
export function mustConfirmProfile(user: UserRow, now = new Date()): boolean {
  if (isProfileIncomplete(user) || !user.professionArea || !user.profileConfirmedAt) return true;
  const limit = new Date(now);
  limit.setMonth(limit.getMonth() - PROFILE_CONFIRM_MONTHS);
  return user.profileConfirmedAt < limit;
}
