import { notificationsQueryKey } from '../api/get-notifications.ts';

/** Query keys of the notifications: a push or a read invalidates `notifyKeys.all` (the list and the bell). */
export const notifyKeys = {
  all: ['notify'] as const,
  list: notificationsQueryKey,
  unreadCount: (userId: number | undefined) => ['notify', 'unread-count', userId ?? 0] as const,
};
