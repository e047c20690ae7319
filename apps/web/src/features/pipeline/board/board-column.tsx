import type { BoardCard as Card, Stage } from '@hr/contract';
import { useDroppable } from '@dnd-kit/core';
import { Badge, Button, Group, Text } from '@mantine/core';
import { BoardCard } from './board-card.tsx';
import type { BoardColumn as Column } from './board-state.ts';

export type ColumnDropData = { stage: Stage };

type BoardColumnProps = {
  vacancyId: number;
  column: Column;
  stages: Stage[];
  loadingMore: boolean;
  onShowMore: (stageId: number) => void;
  onMove: (card: Card, from: Stage, to: Stage) => void;
  onMoveWithLetter: (card: Card, from: Stage) => void;
};

/** One stage of the board: its title and count, its cards, «Показать ещё». The whole column takes a drop. */
export function BoardColumn({ vacancyId, column, stages, loadingMore, onShowMore, onMove, onMoveWithLetter }: BoardColumnProps) {
  const stage: Stage = { id: column.id, title: column.title, kind: column.kind };
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${column.id}`, data: { stage } satisfies ColumnDropData });
  const headingId = `board-column-${column.id}`;
  return (
    <section
      ref={setNodeRef}
      className="board-column"
      data-over={isOver || undefined}
      data-kind={column.kind}
      aria-labelledby={headingId}
      data-stage-id={column.id}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" className="board-column__head">
        <Text component="h3" id={headingId} fw={650} fz={15} className="board-column__title">
          {column.title}
        </Text>
        <Badge
          variant="light"
          color={column.kind === 'rejected' ? 'red' : 'gray'}
          c={column.kind === 'rejected' ? '#a11d1d' : '#3b4450'}
          radius="sm"
          data-testid="board-column-count"
        >
          {column.count}
        </Badge>
      </Group>
      {column.items.length === 0 ? (
        <Text size="sm" c="#5c6673" ta="center" py="md" className="board-column__empty">
          Пусто
        </Text>
      ) : (
        <ul className="board-column__cards" aria-labelledby={headingId}>
          {column.items.map((card) => (
            <BoardCard
              key={card.id}
              vacancyId={vacancyId}
              card={card}
              stage={stage}
              stages={stages}
              onMove={onMove}
              onMoveWithLetter={onMoveWithLetter}
            />
          ))}
        </ul>
      )}
      {column.has_more ? (
        <Button
          variant="subtle"
          size="xs"
          fullWidth
          loading={loadingMore}
          onClick={() => onShowMore(column.id)}
          aria-label={`Показать ещё: ${column.title}`}
        >
          Показать ещё
        </Button>
      ) : null}
    </section>
  );
}
