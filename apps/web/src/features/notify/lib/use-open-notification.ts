import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '../api/get-notifications.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { openNotificationUrl } from './open-notification-url.ts';

/** A click on a notification: mark it read (when unread) and go to its `url`. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return useCallback(
    (item: NotificationItem) => {
      if (!item.read_at) markRead.mutate([item.id]);
      after?.();
      openNotificationUrl(item.data.url, (to) => void navigate(to));
    },
    [markRead, navigate, after],
  );
}
