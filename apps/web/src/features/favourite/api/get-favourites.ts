import type { Paginated, ResumeCard } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

export const favouritesQueryKey = ['favourite', 'list'] as const;

/** GET /api/favourite — the member's and the team's favourites, newest first, with notes. */
export function fetchFavourites(page: number, perPage: number): Promise<Paginated<ResumeCard>> {
  return apiGet<Paginated<ResumeCard>>('/api/favourite', { page, per_page: perPage });
}

export function useFavourites(page: number, perPage: number) {
  return useQuery({
    queryKey: [...favouritesQueryKey, page, perPage],
    queryFn: () => fetchFavourites(page, perPage),
    placeholderData: keepPreviousData,
  });
}
