import type { SearchResult } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/resume/search?<the page's parameters> — public; members get initials (names with open_contact). */
export function fetchResumeSearch(params: string): Promise<SearchResult> {
  return apiGet<SearchResult>(`/api/resume/search${params ? `?${params}` : ''}`);
}

/**
 * The search for a parameter string (the URL form). The viewer is part of the key: members and
 * visitors get different cards. The previous answer stays on screen while the next one loads.
 */
export function useResumeSearch(params: string, viewer: number | 'guest' | null) {
  return useQuery({
    queryKey: ['search', viewer, params],
    queryFn: () => fetchResumeSearch(params),
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
