import { useRealtime } from '@/features/notify/realtime/use-realtime.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { queryClient } from '../query-client.ts';
import { refreshAccess } from './refresh-access.ts';

const reload = (...keys: string[][]) => {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
};

/**
 * One WebSocket per tab while signed in (PRODUCT 7): a push reloads the list and the unread count;
 * team notifications may change the team and the inherited flags; an answered review request brings
 * a new opinion (and summary) to an open resume page, a reply to an open vacancy's replies list and
 * counters; `telegram.bound` the binding.
 */
export function useRealtimeBridge(): void {
  const { user } = useSession();
  useRealtime(user?.id, {
    onEvent: (event) => {
      if (event.event === 'notification') {
        reload(['notify'], ['team'], ['review'], ['resume'], ['vacancy']);
        refreshAccess();
      } else if (event.event === 'notification.read') {
        reload(['notify']);
      } else if (event.event === 'telegram.bound') {
        reload(['telegram'], ['user', 'profile']);
      }
    },
    // The socket was down for a while: whatever was pushed meanwhile is fetched now.
    onResubscribed: () => reload(['notify'], ['team'], ['telegram'], ['review'], ['vacancy']),
  });
}
