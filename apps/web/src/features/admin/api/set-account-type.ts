import type { AdminAccountTypeBody, AdminUser } from '@hr/contract';
import { adminSend } from './admin-send.ts';
import { useUserWrite } from './use-user-write.ts';

/** PUT /api/admin/users/{id}/account-type — not for one's own account (422). */
export const setAccountType = (id: number, body: AdminAccountTypeBody) =>
  adminSend<AdminUser>('PUT', `/api/admin/users/${id}/account-type`, body);

export const useSetAccountType = (id: number) => useUserWrite(id, setAccountType);
