import { REALTIME_EVENT } from '@hr/contract/realtime';
import { useRealtime } from '@/features/notify/realtime/use-realtime.ts';
import { queryClient } from '../query-client.ts';
import { refreshAccess } from './refresh-access.ts';
import { fetchMainInfo } from '@/features/user/api/get-main-info.ts';
import { sessionStore, useSession } from '@/shared/session/session-store.ts';
import { notifyKeys } from '@/features/notify/lib/query-keys.ts';
import { resumeKeys } from '@/features/resume/lib/query-keys.ts';
import { reviewKeys } from '@/features/review/api/review-keys.ts';
import { teamKeys } from '@/features/team/lib/query-keys.ts';
import { telegramKeys } from '@/features/telegram/lib/query-keys.ts';
import { userKeys } from '@/features/user/lib/query-keys.ts';
import { vacancyKeys } from '@/features/vacancy/api/keys.ts';

/**
 * The signed-in user asked again (account type, the profile's state). A failure keeps the user as
 * it was: a missed refresh is no reason to sign the tab out (a real 401 is handled by the next call).
 */
const refreshUser = () => {
  fetchMainInfo().then(
    (user) => {
      if (sessionStore.get().user?.id === user.id) sessionStore.setUser(user);
    },
    () => undefined,
  );
};

const reload = (...keys: readonly (readonly string[])[]) => {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
};

/**
 * One WebSocket per tab while signed in (PRODUCT 7): a push reloads the list and the unread count;
 * team notifications may change the team and the inherited flags; an answered review request brings
 * a new opinion (and summary) to an open resume page, a reply to an open vacancy's replies list and
 * counters; `telegram.bound` the binding. The user itself (main_info: account type, the profile's
 * state) is asked again too: an admin's decision on residency changes it, and no page asks for a reload.
 */
export function useRealtimeBridge(): void {
  const { user } = useSession();
  useRealtime(user?.id, {
    onEvent: (event) => {
      if (event.event === REALTIME_EVENT.notification) {
        reload(notifyKeys.all, teamKeys.all, reviewKeys.all, resumeKeys.all, vacancyKeys.all, userKeys.all, ['favourite']);
        refreshAccess();
        refreshUser();
      } else if (event.event === REALTIME_EVENT.notificationRead) {
        reload(notifyKeys.all);
      } else if (event.event === REALTIME_EVENT.telegramBound) {
        reload(telegramKeys.all, userKeys.profiles);
      }
    },
    // The socket was down for a while: whatever was pushed meanwhile is fetched now.
    onResubscribed: () => {
      reload(notifyKeys.all, teamKeys.all, telegramKeys.all, reviewKeys.all, vacancyKeys.all, userKeys.all, ['favourite']);
      refreshUser();
    },
  });
}
