import type { BoardCard, ReplyBoard } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { appendToColumn, cardFromListItem, moveCardOnBoard, needsDialog } from './board-state.ts';

const card = (id: number): BoardCard => ({
  id,
  fio: `Кандидат ${id}`,
  title: 'Рекрутер',
  city: null,
  created_at: '2026-11-01T10:00:00Z',
  stage_at: '2026-11-01T10:00:00Z',
  source: 'reply',
  has_file: false,
  resume_hash: `h${id}`,
  reason: id === 9 ? 'Нет опыта' : null,
  duplicate: false,
});

const board: ReplyBoard = {
  vacancy: { id: 1, title: 'Рекрутер', status: 'published' },
  columns: [
    { id: 10, title: 'Новые', kind: 'new', count: 3, items: [card(1), card(2)], has_more: true },
    { id: 11, title: 'Телефонное интервью', kind: 'active', count: 1, items: [card(3)], has_more: false },
    { id: 12, title: 'Отказ', kind: 'rejected', count: 1, items: [card(9)], has_more: false },
  ],
};

describe('moveCardOnBoard', () => {
  it('moves the card to its place in the target column (newest reply first) and changes both counts', () => {
    const next = moveCardOnBoard(board, 2, 11, '2026-11-02T00:00:00Z');
    expect(next.columns[0]?.items.map((c) => c.id)).toEqual([1]);
    expect(next.columns[0]?.count).toBe(2);
    expect(next.columns[1]?.items.map((c) => c.id)).toEqual([3, 2]);
    expect(next.columns[1]?.count).toBe(2);
    expect(next.columns[1]?.items[1]?.stage_at).toBe('2026-11-02T00:00:00Z');
    expect(moveCardOnBoard(board, 9, 10).columns[0]?.items.map((c) => c.id)).toEqual([9, 1, 2]);
    expect(board.columns[0]?.items).toHaveLength(2);
  });

  it('drops the reason of a card that leaves «Отказ»', () => {
    const next = moveCardOnBoard(board, 9, 11);
    expect(next.columns[1]?.items[0]).toMatchObject({ id: 9, reason: null });
  });

  it('leaves the board alone for a move to the same column, an unknown card or stage', () => {
    expect(moveCardOnBoard(board, 1, 10)).toBe(board);
    expect(moveCardOnBoard(board, 77, 11)).toBe(board);
    expect(moveCardOnBoard(board, 1, 99)).toBe(board);
  });
});

describe('appendToColumn', () => {
  it('adds the cards not shown yet and takes the new has_more', () => {
    const next = appendToColumn(board, 10, [card(2), card(4)], false);
    expect(next.columns[0]?.items.map((c) => c.id)).toEqual([1, 2, 4]);
    expect(next.columns[0]?.has_more).toBe(false);
  });
});

describe('cardFromListItem', () => {
  it('keeps what a card shows and leaves the rest', () => {
    const item = {
      ...card(9),
      duplicate: true,
      status: 'rejected' as const,
      status_title: 'Отказ',
      stage: { id: 12, title: 'Отказ', kind: 'rejected' as const },
    };
    expect(cardFromListItem(item)).toEqual({ ...card(9), duplicate: true });
  });
});

describe('needsDialog', () => {
  it('asks first only for a rejection', () => {
    expect(needsDialog({ kind: 'rejected' })).toBe(true);
    expect(needsDialog({ kind: 'active' })).toBe(false);
    expect(needsDialog(undefined)).toBe(false);
  });
});

describe('parseRepliesView', () => {
  it('is the list unless the board was chosen', async () => {
    const { parseRepliesView } = await import('./replies-view.ts');
    expect(parseRepliesView('board')).toBe('board');
    expect(parseRepliesView('list')).toBe('list');
    expect(parseRepliesView(null)).toBe('list');
    expect(parseRepliesView('kanban')).toBe('list');
  });
});
