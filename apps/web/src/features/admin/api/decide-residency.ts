import type { AdminUser, ResidencyDecisionBody } from '@hr/contract';
import { adminSend } from './admin-send.ts';
import { useUserWrite } from './use-user-write.ts';

/** POST /api/admin/users/{id}/residency — approve (account becomes resident) or reject; the user is notified. */
export const decideResidency = (id: number, body: ResidencyDecisionBody) =>
  adminSend<AdminUser>('POST', `/api/admin/users/${id}/residency`, body);

export const useDecideResidency = (id: number) => useUserWrite(id, decideResidency);
