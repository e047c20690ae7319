import type { AdminUserDeleteBody, DeletionSummary } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSend } from './admin-send.ts';

/** DELETE /api/admin/users/{id} {confirm_email, reason?} — the member's account and everything tied to it. */
export const deleteUser = (id: number, body: AdminUserDeleteBody) => adminSend<DeletionSummary>('DELETE', `/api/admin/users/${id}`, body);

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, email, reason }: { id: number; email: string; reason: string }) =>
      deleteUser(id, { confirm_email: email, reason: reason || null }),
    onSuccess: (_answer, { id }) => {
      client.removeQueries({ queryKey: ['admin', 'user', id] });
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** GET /api/admin/users/{id}/export?download=1 — the member's data as a JSON file (a plain link). */
export const userExportUrl = (id: number) => `/api/admin/users/${id}/export?download=1`;
