import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/notify/message/unread_count → res: number. */
export function fetchUnreadCount(): Promise<number> {
  return apiGet<number>('/api/notify/message/unread_count');
}

/** Unread notifications for the bell; any failure simply means «no indicator». */
export function useUnreadCount(userId: number | undefined): number {
  const query = useQuery({
    queryKey: ['notify', 'unread-count', userId ?? 0],
    queryFn: () => fetchUnreadCount().catch(() => 0),
    enabled: Boolean(userId),
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  return typeof query.data === 'number' ? query.data : 0;
}
