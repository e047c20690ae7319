import type { ReplyBulkAnswer, ReplyBulkBody, ReplyBulkUndoAnswer, ReplyList } from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, buildQuery, postWithCsrf } from '@/shared/api/api-client.ts';
import { vacancyKeys } from '@/features/vacancy/api/keys.ts';

export const LIST_PER_PAGE = 20;

/** GET /api/vacancy/{id}/reply?stage_id=&page=&per_page= — a page of the list, with the stages and their counts. */
export function useReplyListPage(vacancyId: number, stageId: number | null, page: number) {
  return useQuery({
    queryKey: [...vacancyKeys.pipeline(vacancyId), 'list', stageId ?? 'all', page] as const,
    queryFn: () => apiGet<ReplyList>(`/api/vacancy/${vacancyId}/reply`, { stage_id: stageId ?? undefined, page, per_page: LIST_PER_PAGE }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/vacancy/{id}/reply/bulk — one transaction; the letters wait for the undo window. */
export function useBulkMove(vacancyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyBulkBody) => postWithCsrf<ReplyBulkAnswer>(`/api/vacancy/${vacancyId}/reply/bulk`, body),
    onSettled: () => client.invalidateQueries({ queryKey: vacancyKeys.all }),
  });
}

/** POST /api/vacancy/{id}/reply/bulk/undo — within 10 seconds of the action. */
export function useBulkUndo(vacancyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (undoToken: string) => postWithCsrf<ReplyBulkUndoAnswer>(`/api/vacancy/${vacancyId}/reply/bulk/undo`, { undo_token: undoToken }),
    onSettled: () => client.invalidateQueries({ queryKey: vacancyKeys.all }),
  });
}

/** GET /api/vacancy/{id}/reply/export — the chosen replies, one stage's or all, as a file. */
export function exportUrl(vacancyId: number, format: 'csv' | 'xlsx', scope: { ids?: number[]; stageId?: number | null }): string {
  return `/api/vacancy/${vacancyId}/reply/export${buildQuery({
    format,
    ids: scope.ids?.length ? scope.ids.join(',') : undefined,
    stage_id: scope.ids?.length ? undefined : (scope.stageId ?? undefined),
  })}`;
}
