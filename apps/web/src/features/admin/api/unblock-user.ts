import type { AdminUser } from '@hr/contract';
import { adminSend } from './admin-send.ts';
import { useUserWrite } from './use-user-write.ts';

/** POST /api/admin/users/{id}/unblock. */
export const unblockUser = (id: number, _vars: undefined) => adminSend<AdminUser>('POST', `/api/admin/users/${id}/unblock`);

export const useUnblockUser = (id: number) => useUserWrite(id, unblockUser);
