import type { FavouriteListItem, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import type { FavouriteFilter } from '../lib/favourite-url.ts';

export const favouritesQueryKey = ['favourite', 'list'] as const;

/** GET /api/favourite — the member's and the team's favourites, newest first, with notes and folders; `q` and `folder` narrow it. */
export function fetchFavourites(page: number, perPage: number, filter: FavouriteFilter = {}): Promise<Paginated<FavouriteListItem>> {
  return apiGet<Paginated<FavouriteListItem>>('/api/favourite', {
    page,
    per_page: perPage,
    q: filter.q || undefined,
    folder: filter.folder,
  });
}

export function useFavourites(page: number, perPage: number, filter: FavouriteFilter = {}) {
  return useQuery({
    queryKey: [...favouritesQueryKey, page, perPage, filter.q ?? '', filter.folder ?? 0],
    queryFn: () => fetchFavourites(page, perPage, filter),
    placeholderData: keepPreviousData,
  });
}
