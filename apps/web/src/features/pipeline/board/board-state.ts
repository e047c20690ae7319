import type { BoardCard, ReplyBoard, ReplyListItem, Stage } from '@hr/contract';

export type BoardColumn = ReplyBoard['columns'][number];

/** The column holding a card, if it is loaded. */
export function columnOfCard(board: ReplyBoard, cardId: number): BoardColumn | undefined {
  return board.columns.find((column) => column.items.some((card) => card.id === cardId));
}

/**
 * The board as it will be once the move is done: the card leaves its column and takes its place in the
 * target one (a column is ordered as the list is: the newest reply first), the counts follow. A move to the
 * column the card is in, or of a card not on the board, leaves it as it is.
 */
export function moveCardOnBoard(board: ReplyBoard, cardId: number, toStageId: number, at: string = new Date().toISOString()): ReplyBoard {
  const from = columnOfCard(board, cardId);
  const card = from?.items.find((item) => item.id === cardId);
  if (!from || !card || from.id === toStageId || !board.columns.some((c) => c.id === toStageId)) return board;
  const moved: BoardCard = { ...card, stage_at: at, reason: null };
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column.id === from.id)
        return { ...column, count: Math.max(0, column.count - 1), items: column.items.filter((c) => c.id !== cardId) };
      if (column.id === toStageId) {
        const at = column.items.findIndex((c) => c.id < cardId);
        const items = at < 0 ? [...column.items, moved] : [...column.items.slice(0, at), moved, ...column.items.slice(at)];
        return { ...column, count: column.count + 1, items };
      }
      return column;
    }),
  };
}

/** A row of the list as a board card. */
export function cardFromListItem(item: ReplyListItem): BoardCard {
  return {
    id: item.id,
    fio: item.fio,
    title: item.title,
    city: item.city,
    created_at: item.created_at,
    stage_at: item.stage_at,
    source: item.source,
    has_file: item.has_file,
    resume_hash: item.resume_hash,
    reason: item.reason,
    duplicate: item.duplicate,
  };
}

/** A further page of a column appended, without the cards it already shows (a move may shift the pages). */
export function appendToColumn(board: ReplyBoard, stageId: number, cards: readonly BoardCard[], hasMore: boolean): ReplyBoard {
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column.id !== stageId) return column;
      const seen = new Set(column.items.map((c) => c.id));
      return { ...column, items: [...column.items, ...cards.filter((c) => !seen.has(c.id))], has_more: hasMore };
    }),
  };
}

/** The stages of the board, without the cards (for menus, the dialog and the list). */
export const stagesOfBoard = (board: ReplyBoard): Stage[] => board.columns.map(({ id, title, kind }) => ({ id, title, kind }));

/** Whether a move to this stage needs the dialog first (a rejection asks for its reason). */
export const needsDialog = (stage: Pick<Stage, 'kind'> | undefined): boolean => stage?.kind === 'rejected';
