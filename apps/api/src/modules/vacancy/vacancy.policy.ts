import type { VacancyStatus } from '@hr/contract';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { accessMapOf } from '../user/user.policy.ts';

/** Creating and publishing vacancies is the `has_vacancy` option. */
export const canPublishVacancy = (user: Pick<UserRow, 'flags'> & { leadFlags?: string[] }) => accessMapOf(user).has_vacancy;

export type VacancyAction = 'create' | 'update';

/**
 * `create`: needs `has_vacancy` (others: 403). `update`: the vacancy is one the actor's team
 * handles (vacancyForTeam answers 404 for anyone else's before this is asked); editing keeps
 * working without the option, but publishing a vacancy that is not published (or reopening a
 * closed one) asks for it again.
 */
export function authorizeVacancy(
  actor: Pick<UserRow, 'flags'> & { leadFlags?: string[] },
  action: VacancyAction,
  object?: { status: VacancyStatus; nextStatus?: VacancyStatus },
): void {
  if (action === 'create' && !canPublishVacancy(actor)) throw new AppError('forbidden');
  if (action === 'update' && object?.nextStatus === 'published' && object.status !== 'published' && !canPublishVacancy(actor)) {
    throw new AppError('forbidden');
  }
}
