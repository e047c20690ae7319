import { ACCESS_FLAGS, ACCOUNT_TYPES, type AccessMap } from '@hr/contract';
import type { UserRow } from '../../db/schema/index.ts';

/** The flags a user holds (team inheritance joins here when teams arrive). */
export function accessMapOf(user: Pick<UserRow, 'flags'>): AccessMap {
  const held = new Set(user.flags);
  const map = Object.fromEntries(ACCESS_FLAGS.map((f) => [f, held.has(f)])) as AccessMap;
  map.teamLead = map.team_lead;
  return map;
}

export const canSeeClientErrors = (user: Pick<UserRow, 'accountType'>) => user.accountType === 'admin';

export function isProfileIncomplete(user: UserRow): boolean {
  return !user.phone || !user.company || !user.position || !user.companyPeopleCount || !user.cityName;
}

export function mainInfoOf(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    family: user.family,
    email: user.email,
    account_type: user.accountType,
    account_type_title: ACCOUNT_TYPES[user.accountType],
    profile_incomplete: isProfileIncomplete(user),
  };
}
