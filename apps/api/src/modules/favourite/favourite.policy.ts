import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { canMassSearch } from '../resume/resume.policy.ts';

export type FavouriteAction = 'list' | 'save' | 'remove' | 'bulk_add';

/**
 * Any member keeps favourites (their own and their team's are listed; another member's entry is
 * simply not found: 404 in the service). Keeping many search results at once needs `mass_search`
 * (others: 403).
 */
export function authorizeFavourite(actor: UserRow, action: FavouriteAction): void {
  if (action === 'bulk_add' && !canMassSearch(actor)) throw new AppError('forbidden');
}
