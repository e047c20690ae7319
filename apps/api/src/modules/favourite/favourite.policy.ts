import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { canMassSearch } from '../resume/resume.policy.ts';

export type FavouriteAction = 'list' | 'save' | 'remove' | 'bulk_add' | 'folders' | 'export';

/**
 * Any member keeps favourites (their own and their team's are listed; another member's entry is
 * simply not found: 404 in the service). Keeping many search results at once needs `mass_search`
 * (others: 403). Any member keeps folders and exports what their list shows: the folder's owner
 * (or team) is checked per object in favourite-folder.service.ts (not seen: 404; a teammate's
 * shared folder changed by someone else than its owner: 403), and the export is limited to the
 * member's own list with what sightOf lets them see.
 */
export function authorizeFavourite(actor: UserRow, action: FavouriteAction): void {
  if (action === 'bulk_add' && !canMassSearch(actor)) throw new AppError('forbidden');
}
