import type { ReplyBoard, ReplyMoveBody } from '@hr/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vacancyKeys } from '@/features/vacancy/api/keys.ts';
import { moveErrorText, moveReply, refreshAfterMove } from '@/features/vacancy/api/set-reply-status.ts';
import { moveCardOnBoard } from './board-state.ts';

export type BoardMove = { replyId: number; body: ReplyMoveBody & { stage_id: number } };

/**
 * A move from the board: the card moves at once; a refusal puts it back and says why. Afterwards
 * every view of the replies reads again (counts, the list, the reply's page).
 */
export function useBoardMove(vacancyId: number) {
  const client = useQueryClient();
  const key = vacancyKeys.board(vacancyId);
  return useMutation({
    mutationFn: ({ replyId, body }: BoardMove) => moveReply(vacancyId, replyId, body),
    onMutate: async ({ replyId, body }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ReplyBoard>(key);
      if (before) client.setQueryData(key, moveCardOnBoard(before, replyId, body.stage_id));
      return { before };
    },
    onError: (error, _move, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      notifications.show({ color: 'red', title: 'Отклик не перенесён', message: moveErrorText(error), withBorder: true });
    },
    onSettled: () => refreshAfterMove(client, vacancyId),
  });
}
