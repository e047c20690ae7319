import type { ReplyList, ReplyStatus } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

export const REPLIES_PER_PAGE = 20;

/** GET /api/vacancy/{id}/reply — the team's replies, newest first, with counts per status. */
export function fetchReplies(id: number, status: ReplyStatus | undefined, page: number): Promise<ReplyList> {
  return apiGet<ReplyList>(`/api/vacancy/${id}/reply`, { status, page, per_page: REPLIES_PER_PAGE });
}

/** GET /api/vacancy/{id}/reply?stage_id= — one stage's replies, a page of a board column's «Показать ещё». */
export function fetchStageReplies(id: number, stageId: number, page: number, perPage: number = REPLIES_PER_PAGE): Promise<ReplyList> {
  return apiGet<ReplyList>(`/api/vacancy/${id}/reply`, { stage_id: stageId, page, per_page: perPage });
}

export function useReplies(id: number, status: ReplyStatus | undefined, page: number) {
  return useQuery({
    queryKey: vacancyKeys.replies(id, status ?? 'all', page),
    queryFn: () => fetchReplies(id, status, page),
    placeholderData: keepPreviousData,
  });
}
