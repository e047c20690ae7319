import type { AdminBlockBody, AdminUser } from '@hr/contract';
import { adminSend } from './admin-send.ts';
import { useUserWrite } from './use-user-write.ts';

/** POST /api/admin/users/{id}/block {reason} — the user's sessions and sockets end at once. */
export const blockUser = (id: number, body: AdminBlockBody) => adminSend<AdminUser>('POST', `/api/admin/users/${id}/block`, body);

export const useBlockUser = (id: number) => useUserWrite(id, blockUser);
