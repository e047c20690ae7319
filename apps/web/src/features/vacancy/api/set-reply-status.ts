import type { ReplyDetail, ReplyMoveBody } from '@hr/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { isApiError } from '@/shared/api/api-error.ts';
import { vacancyKeys } from './keys.ts';

/**
 * PATCH /api/vacancy/{id}/reply/{r_id} {stage_id, reason_id?, template_id?, subject?, message?} — a
 * move to another stage (a rejection names its reason); a template or a message is e-mailed.
 */
export async function moveReply(id: number, replyId: number, body: ReplyMoveBody) {
  await fetchCsrfCookie();
  return apiSend<ReplyDetail>('PATCH', `/api/vacancy/${id}/reply/${replyId}`, body);
}

/** After a move every view of the vacancy's replies reads again: the board and the list (both under `pipeline`), the counts, the reply. */
export function refreshAfterMove(client: QueryClient, id: number) {
  void client.invalidateQueries({ queryKey: vacancyKeys.pipeline(id) });
  void client.invalidateQueries({ queryKey: ['vacancy', 'replies', id] });
  void client.invalidateQueries({ queryKey: ['vacancy', 'reply', id] });
  void client.invalidateQueries({ queryKey: ['vacancy', 'list'] });
  void client.invalidateQueries({ queryKey: vacancyKeys.one(id) });
}

/** One reply's move from its own page. */
export function useMoveReply(id: number, replyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyMoveBody) => moveReply(id, replyId, body),
    onSuccess: (answer) => {
      client.setQueryData(vacancyKeys.reply(id, replyId), answer.res);
      refreshAfterMove(client, id);
    },
  });
}

/** The server's words for a refused move (a field's first, else its message), or a general Russian one. */
export function moveErrorText(error: unknown): string {
  if (isApiError(error)) {
    const fields = Object.values(error.fieldErrors).flat();
    if (fields[0]) return fields[0];
    if (error.status === 404) return 'Отклик или этап не найден — обновите страницу';
    if (error.status === 401 || error.status === 419) return 'Сессия истекла — войдите снова';
    if (error.payload.message && /[а-яё]/i.test(error.payload.message)) return error.payload.message;
  }
  return 'Проверьте подключение и попробуйте ещё раз';
}
