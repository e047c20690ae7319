import type { TeamInviteStatus } from '@hr/contract/notify';

type Outcome = Exclude<TeamInviteStatus, 'pending'>;

/**
 * What an answered team notification says instead of its buttons. The invitation (or join request)
 * is addressed to the reader, so «accepted» and «declined» are the reader's own answer.
 */
const OUTCOMES: Record<'invite' | 'join', Record<Outcome, string>> = {
  invite: { accepted: 'Вы приняли приглашение', declined: 'Вы отклонили приглашение', cancelled: 'Приглашение отменено' },
  join: { accepted: 'Вы приняли запрос', declined: 'Вы отклонили запрос', cancelled: 'Запрос отменён' },
};

export const inviteOutcomeText = (direction: 'invite' | 'join', status: Outcome): string => OUTCOMES[direction][status];
