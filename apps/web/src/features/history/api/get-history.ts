import type { Paginated } from '@hr/contract';
import type { HistoryItem } from '@hr/contract/signals';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

export const HISTORY_PER_PAGE = 20;
export const historyQueryKey = (text: string) => ['history', text] as const;

/** GET /api/resume/history — the resumes the member opened in the last 90 days, newest first; `text` narrows them. */
export function fetchHistory(page: number, text: string): Promise<Paginated<HistoryItem>> {
  return apiGet<Paginated<HistoryItem>>('/api/resume/history', { page, per_page: HISTORY_PER_PAGE, text: text || undefined });
}

/** Page after page («Показать ещё»): the day headings run on across pages. */
export function useHistory(text: string) {
  return useInfiniteQuery({
    queryKey: historyQueryKey(text),
    queryFn: ({ pageParam }) => fetchHistory(pageParam, text),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
