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

/**
 * Asks for the confirmation popup: always while the profile lacks what registration asks (nothing
 * works right without it); otherwise when the profession area is missing, the data was never
 * confirmed or was confirmed more than six months ago — unless the member closed the popup within
 * those six months (`profilePromptDismissedAt`), so it does not come back on every sign-in.
 */
export function mustConfirmProfile(user: UserRow, now = new Date()): boolean {
  if (isProfileIncomplete(user)) return true;
  const limit = new Date(now);
  limit.setMonth(limit.getMonth() - PROFILE_CONFIRM_MONTHS);
  const due = !user.professionArea || !user.profileConfirmedAt || user.profileConfirmedAt < limit;
  if (!due) return false;
  return !(user.profilePromptDismissedAt && user.profilePromptDismissedAt >= limit);
}
