import { BOARD_PER_STAGE, type ReplyBoard } from '@hr/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { apiGet } from '@/shared/api/api-client.ts';
import { fetchStageReplies } from '@/features/vacancy/api/get-replies.ts';
import { vacancyKeys } from '@/features/vacancy/api/keys.ts';
import { appendToColumn, cardFromListItem } from './board-state.ts';

/** GET /api/vacancy/{id}/board?per_stage= — every stage with its count and its first cards. */
export function fetchBoard(id: number): Promise<ReplyBoard> {
  return apiGet<ReplyBoard>(`/api/vacancy/${id}/board`, { per_stage: BOARD_PER_STAGE });
}

async function stagePage(id: number, stageId: number, page: number) {
  const list = await fetchStageReplies(id, stageId, page, BOARD_PER_STAGE);
  const cards = list.data.map(cardFromListItem);
  return { cards, hasMore: list.current_page < list.last_page };
}

/**
 * The board, and «Показать ещё» per column (the stage's next page of the list). A column opened
 * further stays so when the board reads again after a move: its pages are read again with it.
 */
export function useBoard(id: number) {
  const client = useQueryClient();
  const pages = useRef(new Map<number, number>());
  const [loading, setLoading] = useState<number | null>(null);
  const query = useQuery({
    queryKey: vacancyKeys.board(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    queryFn: async () => {
      let board = await fetchBoard(id);
      const opened = [...pages.current].filter(([stageId]) => board.columns.some((c) => c.id === stageId));
      const more = await Promise.all(
        opened.flatMap(([stageId, last]) =>
          Array.from({ length: last - 1 }, (_, i) => stagePage(id, stageId, i + 2).then((page) => ({ stageId, ...page }))),
        ),
      );
      for (const page of more) board = appendToColumn(board, page.stageId, page.cards, page.hasMore);
      return board;
    },
  });

  const showMore = useCallback(
    async (stageId: number) => {
      const next = (pages.current.get(stageId) ?? 1) + 1;
      setLoading(stageId);
      try {
        const page = await stagePage(id, stageId, next);
        pages.current.set(stageId, next);
        client.setQueryData<ReplyBoard>(
          vacancyKeys.board(id),
          (board) => board && appendToColumn(board, stageId, page.cards, page.hasMore),
        );
      } finally {
        setLoading(null);
      }
    },
    [client, id],
  );

  return { ...query, showMore, loadingMore: loading };
}
