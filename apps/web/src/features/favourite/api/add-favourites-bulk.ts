import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { favouritesQueryKey } from './get-favourites.ts';

export type BulkFavouritesResult = { added: number; skipped: number };

/** POST /api/favourite/bulk {hashes} — mass_search: keeps many search results at once. */
export async function addFavouritesBulk(hashes: readonly string[]): Promise<BulkFavouritesResult> {
  await fetchCsrfCookie();
  const answer = await apiPost<BulkFavouritesResult>('/api/favourite/bulk', { hashes });
  return answer.res;
}

export function useAddFavouritesBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hashes: readonly string[]) => addFavouritesBulk(hashes),
    onSuccess: () => client.invalidateQueries({ queryKey: favouritesQueryKey }),
  });
}
