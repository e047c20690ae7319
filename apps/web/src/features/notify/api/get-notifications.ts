import type { Paginated } from '@hr/contract/envelope';
import { nextPageOf } from '@hr/contract/pagination';
import { notifyKeys } from '../lib/query-keys.ts';
import type { NotificationItem } from '@hr/contract/notify';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** SEED 3: a notification; unread until `read_at` is set. `url` is an internal path (may carry a query). */
export type { NotificationItem };

export type NotificationPage = Paginated<NotificationItem>;

/** GET /api/notify/message?page=&t=<timestamp> (SEED 7: `t` keeps caches out of the way). */
export function fetchNotifications(page: number): Promise<NotificationPage> {
  return apiGet<NotificationPage>('/api/notify/message', { page, t: Date.now() });
}

export const notificationsQueryKey = notifyKeys.list;

/** The list, page by page: «Показать ещё» asks for the next one while current_page < last_page (SEED 4). */
export function useNotifications(userId: number | undefined, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey(userId),
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: Boolean(userId) && (options.enabled ?? true),
    staleTime: 30_000,
  });
}
