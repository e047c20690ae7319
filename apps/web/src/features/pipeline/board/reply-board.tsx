import type { BoardCard as Card, ReplyBoard as Board, Stage } from '@hr/contract';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Paper, Select, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { MoveDialog, type MoveValues } from '../templates/move-dialog.tsx';
import type { CardDragData } from './board-card.tsx';
import { BoardCardBody } from './board-card.tsx';
import { BoardColumn, type ColumnDropData } from './board-column.tsx';
import { announcements, columnCoordinates, screenReaderInstructions } from './board-dnd.ts';
import { needsDialog, stagesOfBoard } from './board-state.ts';
import { moveErrorText } from '@/features/vacancy/api/set-reply-status.ts';
import { useBoardMove } from './use-board-move.ts';
import './board.css';

/** A move waiting for the dialog: a rejection (its reason), or «с письмом». */
type Pending = { card: Card; from: Stage; to?: Stage };

type ReplyBoardProps = {
  vacancyId: number;
  board: Board;
  showMore: (stageId: number) => Promise<void>;
  loadingMore: number | null;
};

/**
 * The board: a column per stage in order. A card moves by mouse, by keyboard (its handle: Space,
 * arrows, Space) or from its menu; a rejection and a move «с письмом» go through the move dialog,
 * other moves happen at once. On a phone one column is shown at a time, chosen above it.
 */
export function ReplyBoard({ vacancyId, board, showMore, loadingMore }: ReplyBoardProps) {
  const stages = stagesOfBoard(board);
  const move = useBoardMove(vacancyId);
  const [dragged, setDragged] = useState<CardDragData | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const [phoneStage, setPhoneStage] = useState<string | null>(null);

  const sensors = useSensors(
    // A click on the name still opens the reply: a drag starts only after the pointer travels.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );

  const moveNow = (card: Card, from: Stage, to: Stage) => {
    if (from.id === to.id) return;
    if (needsDialog(to)) {
      setPending({ card, from, to });
      return;
    }
    move.mutate(
      { replyId: card.id, body: { stage_id: to.id } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: `${card.fio}: перенесён в «${to.title}»`,
            withBorder: true,
          }),
      },
    );
  };

  const onDragStart = (event: DragStartEvent) => setDragged((event.active.data.current as CardDragData | undefined) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const data = event.active.data.current as CardDragData | undefined;
    const to = (event.over?.data.current as ColumnDropData | undefined)?.stage;
    if (data && to) moveNow(data.card, data.stage, to);
  };

  /** The dialog's move: resolves to the answer (the dialog reports its letter), a refusal thrown on for its fields. */
  const submitDialog = async (values: MoveValues) => {
    if (!pending) return undefined;
    const to = stages.find((s) => s.id === values.stage_id);
    const answer = await move.mutateAsync({ replyId: pending.card.id, body: values });
    setPending(null);
    const letter = answer.res.message_state;
    notifications.show({
      color: 'teal',
      icon: <IconCheck size={18} />,
      message: `${pending.card.fio}: перенесён в «${to?.title ?? ''}»${letter && (letter.state === 'queued' || letter.state === 'sent') ? `, письмо ${letter.state_title}` : ''}`,
      withBorder: true,
    });
    return answer;
  };

  const shownStageId = phone ? Number(phoneStage ?? stages[0]?.id) : null;
  const columns = shownStageId ? board.columns.filter((c) => c.id === shownStageId) : board.columns;

  return (
    <Stack gap="sm">
      {phone ? (
        <Select
          label="Этап"
          data={board.columns.map((c) => ({ value: String(c.id), label: `${c.title} · ${c.count}` }))}
          value={String(shownStageId)}
          onChange={setPhoneStage}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <div className="reply-board" data-testid="reply-board" data-phone={phone || undefined}>
          {columns.map((column) => (
            <BoardColumn
              key={column.id}
              vacancyId={vacancyId}
              column={column}
              stages={stages}
              loadingMore={loadingMore === column.id}
              onShowMore={(stageId) => {
                showMore(stageId).catch((error: unknown) =>
                  notifications.show({
                    color: 'red',
                    title: 'Не удалось загрузить отклики',
                    message: moveErrorText(error),
                    withBorder: true,
                  }),
                );
              }}
              onMove={moveNow}
              onMoveWithLetter={(card, from) => setPending({ card, from })}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragged ? (
            <Paper className="board-card board-card--overlay" shadow="lg">
              <BoardCardBody vacancyId={vacancyId} card={dragged.card} stage={dragged.stage} link={false} />
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
      <MoveDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        vacancyId={vacancyId}
        stages={stages.filter((s) => s.id !== pending?.from.id)}
        initialStageId={pending?.to?.id}
        replyId={pending?.card.id}
        count={1}
        busy={move.isPending}
        onSubmit={submitDialog}
      />
    </Stack>
  );
}

/** The board's shape while it loads: a few columns of grey cards. */
export function BoardSkeleton() {
  return (
    <div className="reply-board" role="status" aria-busy="true" aria-label="Загружаем доску">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="board-column">
          <Skeleton height={22} width="60%" mb="sm" />
          <Stack gap="xs">
            <Skeleton height={84} radius="md" />
            <Skeleton height={84} radius="md" />
          </Stack>
        </div>
      ))}
    </div>
  );
}
