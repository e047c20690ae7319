import type { AutosearchCreateBody, AutosearchResultCard, AutosearchResults, AutosearchUpdateBody, SavedSearch } from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, fetchCsrfCookie, postWithCsrf } from '@/shared/api/api-client.ts';

export type { AutosearchResultCard, SavedSearch };

/** Query keys: any change to a saved search invalidates `autosearchKeys.all`. */
export const autosearchKeys = {
  all: ['autosearch'] as const,
  list: ['autosearch', 'list'] as const,
  results: (id: number, page: number) => ['autosearch', 'results', id, page] as const,
};

/** GET /api/autosearch — the member's saved searches with their new-result counts. */
export function fetchAutosearches(): Promise<SavedSearch[]> {
  return apiGet<SavedSearch[]>('/api/autosearch');
}

export function useAutosearches(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: autosearchKeys.list, queryFn: fetchAutosearches, enabled: options.enabled ?? true });
}

/** The results page's answer: a page of cards (new ones first), `since` (what «новое» is judged against) and `new_total`. */
export type { AutosearchResults };

/** Results pages are kept this long: Back from a resume shows the same page, with its marks, without asking. */
const RESULTS_STALE_MS = 5 * 60_000;

/**
 * GET /api/autosearch/{id}/results?page=&since= — page 1 also marks the search as opened (its count
 * starts again). The first page's `since` goes with every later ask (a refetch, pages 2 and on), so
 * the cards new at this opening stay marked «новое» and the pages agree on which ones those are.
 */
export function useAutosearchResults(id: number, page: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: autosearchKeys.results(id, page),
    queryFn: () => {
      const since = client.getQueryData<AutosearchResults>(autosearchKeys.results(id, 1))?.since;
      return apiGet<AutosearchResults>(`/api/autosearch/${id}/results`, { page, since });
    },
    placeholderData: keepPreviousData,
    staleTime: RESULTS_STALE_MS,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: autosearchKeys.list });
}

/** POST /api/autosearch */
export function useCreateAutosearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: AutosearchCreateBody) => (await postWithCsrf<SavedSearch>('/api/autosearch', body)).res,
    onSuccess: refresh,
  });
}

/** PUT /api/autosearch/{id} — any of name, query, frequency, channels. */
export function useUpdateAutosearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: AutosearchUpdateBody & { id: number }) => {
      await fetchCsrfCookie();
      return (await apiSend<SavedSearch>('PUT', `/api/autosearch/${id}`, body)).res;
    },
    onSuccess: (saved) => {
      // The list shows the change at once; the refetch brings the rest (a count, a problem).
      client.setQueryData<SavedSearch[]>(autosearchKeys.list, (list) => list?.map((item) => (item.id === saved.id ? saved : item)));
      return client.invalidateQueries({ queryKey: autosearchKeys.list });
    },
  });
}

/** DELETE /api/autosearch/{id} */
export function useDeleteAutosearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await fetchCsrfCookie();
      await apiSend('DELETE', `/api/autosearch/${id}`);
      return id;
    },
    onSuccess: (id) => {
      client.setQueryData<SavedSearch[]>(autosearchKeys.list, (list) => list?.filter((item) => item.id !== id));
      return client.invalidateQueries({ queryKey: autosearchKeys.list });
    },
  });
}

/** POST /api/autosearch/{id}/share {user_id} — a teammate gets a copy and a notification. */
export function useShareAutosearch() {
  return useMutation({
    mutationFn: async ({ id, userId }: { id: number; userId: number }) =>
      postWithCsrf<unknown>(`/api/autosearch/${id}/share`, { user_id: userId }),
  });
}

/** POST /api/autosearch/unsubscribe/{token} (no login): the search's digest is switched off. */
export async function unsubscribeAutosearch(token: string): Promise<{ name: string }> {
  return (await postWithCsrf<{ name: string }>(`/api/autosearch/unsubscribe/${encodeURIComponent(token)}`)).res;
}
