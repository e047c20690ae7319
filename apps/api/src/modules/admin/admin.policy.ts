import { ADMIN_MSG } from '@hr/contract';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';

export type AdminAction = 'enter' | 'change_account_type' | 'block' | 'delete_user';

/** The field that carries «not to your own account» for each action an admin may not take on themselves. */
const NOT_ON_SELF: Partial<Record<AdminAction, string>> = { change_account_type: 'account_type', block: 'reason', delete_user: 'id' };

/**
 * The back office is for admins: a visitor gets 401, a member 403 (every /api/admin call asks
 * `enter` first). An admin does not change the type of, block or delete their own account (422 on
 * the field the form shows).
 */
export function authorizeAdmin(actor: Pick<UserRow, 'id' | 'accountType'> | null | undefined, action: AdminAction, target?: { id: number }): void {
  if (!actor) throw new AppError('unauthenticated');
  if (actor.accountType !== 'admin') throw new AppError('forbidden');
  const field = NOT_ON_SELF[action];
  if (field && target?.id === actor.id) throw fieldError(field, ADMIN_MSG.notSelf);
}
