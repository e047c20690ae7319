import type { AdminDeleteBody, DeletionSummary } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSend } from './admin-send.ts';

/** DELETE /api/admin/candidates/{hash} — resume, replies, files, opinions; contact openings keep the fact. */
export const deleteCandidate = (hash: string, body: AdminDeleteBody) =>
  adminSend<DeletionSummary>('DELETE', `/api/admin/candidates/${encodeURIComponent(hash)}`, body);

export function useDeleteCandidate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, reason }: { hash: string; reason: string }) => deleteCandidate(hash, { reason: reason || null }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'candidates'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
