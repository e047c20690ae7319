import type { ReplyList } from '@hr/contract';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/vacancy/{id}/reply?stage_id= — one stage's replies, newest first: a page of a board column's «Показать ещё». */
export function fetchStageReplies(id: number, stageId: number, page: number, perPage: number): Promise<ReplyList> {
  return apiGet<ReplyList>(`/api/vacancy/${id}/reply`, { stage_id: stageId, page, per_page: perPage });
}
