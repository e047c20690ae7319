import type { FavouriteBulkAnswer } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { favouritesQueryKey } from './get-favourites.ts';

export type { FavouriteBulkAnswer as BulkFavouritesResult };

/** POST /api/favourite/bulk {hashes} — mass_search: keeps many search results at once. */
export async function addFavouritesBulk(hashes: readonly string[]): Promise<FavouriteBulkAnswer> {
  await fetchCsrfCookie();
  const answer = await apiPost<FavouriteBulkAnswer>('/api/favourite/bulk', { hashes });
  return answer.res;
}

export function useAddFavouritesBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hashes: readonly string[]) => addFavouritesBulk(hashes),
    onSuccess: () => client.invalidateQueries({ queryKey: favouritesQueryKey }),
  });
}
