import type { AdminFlagsBody, AdminUser } from '@hr/contract';
import { adminSend } from './admin-send.ts';
import { useUserWrite } from './use-user-write.ts';

/** PUT /api/admin/users/{id}/flags — the whole set of access flags, effective at once. */
export const setUserFlags = (id: number, body: AdminFlagsBody) => adminSend<AdminUser>('PUT', `/api/admin/users/${id}/flags`, body);

export const useSetUserFlags = (id: number) => useUserWrite(id, setUserFlags);
