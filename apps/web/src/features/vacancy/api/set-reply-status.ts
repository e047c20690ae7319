import type { ReplyDetail, ReplyStatusBody } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

/** PATCH /api/vacancy/{id}/reply/{r_id} {status, message?} — a message is e-mailed to the candidate. */
export async function setReplyStatus(id: number, replyId: number, body: ReplyStatusBody) {
  await fetchCsrfCookie();
  return apiSend<ReplyDetail>('PATCH', `/api/vacancy/${id}/reply/${replyId}`, body);
}

export function useSetReplyStatus(id: number, replyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyStatusBody) => setReplyStatus(id, replyId, body),
    onSuccess: (answer) => {
      client.setQueryData(vacancyKeys.reply(id, replyId), answer.res);
      void client.invalidateQueries({ queryKey: ['vacancy', 'replies', id] });
      void client.invalidateQueries({ queryKey: ['vacancy', 'list'] });
    },
  });
}
