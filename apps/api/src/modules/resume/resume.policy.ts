import type { UserRow } from '../../db/schema/index.ts';
import { accessMapOf } from '../user/user.policy.ts';

export const canSeeCandidateNames = (user: UserRow | null) => !!user && accessMapOf(user).open_contact;
export const canOpenContacts = (user: UserRow) => accessMapOf(user).open_contact;
/** A paid company account opens contacts without the daily limit (PRODUCT 2). */
export const hasUnlimitedContacts = (user: UserRow) => accessMapOf(user).commerce_account;
export const canMassSearch = (user: UserRow | null) => !!user && accessMapOf(user).mass_search;
