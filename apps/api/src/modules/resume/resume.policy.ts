import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { accessMapOf } from '../user/user.policy.ts';

export const canSeeCandidateNames = (user: UserRow | null) => !!user && accessMapOf(user).open_contact;
export const canOpenContacts = (user: UserRow) => accessMapOf(user).open_contact;
/** A paid company account opens contacts without the daily limit (PRODUCT 2). */
export const hasUnlimitedContacts = (user: UserRow) => accessMapOf(user).commerce_account;
export const canMassSearch = (user: UserRow | null) => !!user && accessMapOf(user).mass_search;

export type ResumeAction = 'open_contacts' | 'export';

/**
 * Opening a candidate's contacts needs `open_contact`; exporting search results needs
 * `mass_search`. A visitor gets 401, a member without the option 403.
 */
export function authorizeResume(actor: UserRow | null | undefined, action: ResumeAction): asserts actor is UserRow {
  if (!actor) throw new AppError('unauthenticated');
  const allowed = action === 'open_contacts' ? canOpenContacts(actor) : canMassSearch(actor);
  if (!allowed) throw new AppError('forbidden');
}
