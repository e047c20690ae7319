import type { MarkReadAnswer } from '@hr/contract/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/notify/message/read {ids} — or no body: every notification of the user. */
export function markNotificationsRead(ids?: readonly number[]) {
  return postWithCsrf<MarkReadAnswer>('/api/notify/message/read', ids ? { ids } : undefined);
}

/** Marks read and reloads the list and the unread count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly number[]) => markNotificationsRead(ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notify'] }),
  });
}
