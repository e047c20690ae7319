import type { AdminOpinion } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSend } from './admin-send.ts';

export type ModerationVars = { id: number; action: 'hide' | 'unhide'; reason: string };

/** POST /api/admin/opinions/{id}/hide|unhide {reason} — the author is notified. */
export const moderateOpinion = ({ id, action, reason }: ModerationVars) =>
  adminSend<AdminOpinion>('POST', `/api/admin/opinions/${id}/${action}`, { reason });

export function useModerateOpinion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderateOpinion,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'opinions'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
