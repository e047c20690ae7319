import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { favouritesQueryKey } from './get-favourites.ts';

/** DELETE /api/favourite/{hash} — someone else's favourite answers 404. */
export async function removeFavourite(hash: string): Promise<void> {
  await fetchCsrfCookie();
  await apiSend('DELETE', `/api/favourite/${encodeURIComponent(hash)}`);
}

export function useRemoveFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) => removeFavourite(hash),
    onSuccess: () => client.invalidateQueries({ queryKey: favouritesQueryKey }),
  });
}
