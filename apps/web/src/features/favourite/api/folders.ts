import type { FavouriteCandidateFolders, FavouriteFolder, FavouriteFolderCreateBody, FavouriteFolderPatchBody } from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { favouritesQueryKey } from './get-favourites.ts';

export type { FavouriteFolder };

export const foldersQueryKey = ['favourite', 'folders'] as const;
const candidateFoldersKey = (hash: string) => ['favourite', 'candidate-folders', hash] as const;

/** GET /api/favourite/folders — the member's folders and the team's shared ones. */
export function useFavouriteFolders(enabled = true) {
  return useQuery({ queryKey: foldersQueryKey, queryFn: () => apiGet<FavouriteFolder[]>('/api/favourite/folders'), enabled });
}

/** After any folder change: the folders (names, counts) and the list (cards' folders, a filter by folder). */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: foldersQueryKey }),
      client.invalidateQueries({ queryKey: favouritesQueryKey }),
      client.invalidateQueries({ queryKey: ['favourite', 'candidate-folders'] }),
    ]);
}

export function useCreateFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: FavouriteFolderCreateBody) => {
      await fetchCsrfCookie();
      return (await apiSend<FavouriteFolder>('POST', '/api/favourite/folders', body)).res;
    },
    onSuccess: refresh,
  });
}

export function useUpdateFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...body }: FavouriteFolderPatchBody & { id: number }) => {
      await fetchCsrfCookie();
      return (await apiSend<FavouriteFolder>('PATCH', `/api/favourite/folders/${id}`, body)).res;
    },
    onSuccess: refresh,
  });
}

export function useDeleteFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => {
      await fetchCsrfCookie();
      await apiSend('DELETE', `/api/favourite/folders/${id}`);
    },
    onSuccess: refresh,
  });
}

/** GET /api/favourite/{hash}/folders — the folders holding this candidate (the resume page). */
export function useCandidateFolders(hash: string, enabled: boolean) {
  return useQuery({
    queryKey: candidateFoldersKey(hash),
    queryFn: () => apiGet<FavouriteCandidateFolders>(`/api/favourite/${encodeURIComponent(hash)}/folders`),
    enabled,
  });
}

/** PUT /api/favourite/{hash}/folders {folder_ids} — exactly these folders (of those the member sees). */
export function useSetCandidateFolders(hash: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (folderIds: number[]) => {
      await fetchCsrfCookie();
      return (
        await apiSend<FavouriteCandidateFolders>('PUT', `/api/favourite/${encodeURIComponent(hash)}/folders`, { folder_ids: folderIds })
      ).res;
    },
    onSuccess: refresh,
  });
}
