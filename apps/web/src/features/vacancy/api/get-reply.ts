import type { ReplyDetail } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

/** GET /api/vacancy/{id}/reply/{r_id} — the reply as a resume with contacts; the first opening sets `viewed`. */
export function fetchReply(id: number, replyId: number): Promise<ReplyDetail> {
  return apiGet<ReplyDetail>(`/api/vacancy/${id}/reply/${replyId}`);
}

/** While a letter is on its way the reply reads again every few seconds, so its history says when it went. */
export const LETTER_POLL_MS = 4000;

export function useReply(id: number, replyId: number) {
  return useQuery({
    queryKey: vacancyKeys.reply(id, replyId),
    queryFn: () => fetchReply(id, replyId),
    retry: false,
    refetchInterval: (query) => (query.state.data?.timeline.some((item) => item.message?.state === 'queued') ? LETTER_POLL_MS : false),
  });
}

/** The CV as an attachment (same-origin link: the session cookie goes with it). */
export const replyFileUrl = (id: number, replyId: number) => `/api/vacancy/${id}/reply/${replyId}/file`;
