import type { FavouriteEntry } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { favouritesQueryKey } from './get-favourites.ts';

export type { FavouriteEntry };

/** POST /api/favourite/{hash} {note?} — adds the candidate, or updates the note. */
export async function saveFavourite(hash: string, note: string | null): Promise<FavouriteEntry> {
  await fetchCsrfCookie();
  const answer = await apiPost<FavouriteEntry>(`/api/favourite/${encodeURIComponent(hash)}`, { note });
  return answer.res;
}

export function useSaveFavourite(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string | null) => saveFavourite(hash, note),
    onSuccess: () => client.invalidateQueries({ queryKey: favouritesQueryKey }),
  });
}
