import type { Announcements, KeyboardCoordinateGetter, ScreenReaderInstructions } from '@dnd-kit/core';
import type { CardDragData } from './board-card.tsx';
import type { ColumnDropData } from './board-column.tsx';

const cardOf = (data: unknown) => (data as CardDragData | undefined)?.card;
const stageOfCard = (data: unknown) => (data as CardDragData | undefined)?.stage;
const stageOfColumn = (data: unknown) => (data as ColumnDropData | undefined)?.stage;

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'Чтобы перенести отклик в другой этап, нажмите пробел или Enter. Стрелками влево и вправо выберите этап, ' +
    'пробелом или Enter положите карточку, Escape — отмена. Перенести можно и из меню «Перенести в…» на карточке.',
};

/** What a screen reader says while a card is carried: in Russian, with the stage it is over. */
export const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const card = cardOf(active.data.current);
    const stage = stageOfCard(active.data.current);
    return `Карточка «${card?.fio ?? ''}» взята из этапа «${stage?.title ?? ''}».`;
  },
  onDragOver: ({ active, over }) => {
    const card = cardOf(active.data.current);
    const stage = stageOfColumn(over?.data.current);
    if (!stage) return `Карточка «${card?.fio ?? ''}» вне этапов.`;
    const own = stage.id === stageOfCard(active.data.current)?.id;
    return `Карточка «${card?.fio ?? ''}» над ${own ? 'своим ' : ''}этапом «${stage.title}».`;
  },
  onDragEnd: ({ active, over }) => {
    const card = cardOf(active.data.current);
    const from = stageOfCard(active.data.current);
    const to = stageOfColumn(over?.data.current);
    if (!to || to.id === from?.id) return `Карточка «${card?.fio ?? ''}» осталась в этапе «${from?.title ?? ''}».`;
    if (to.kind === 'rejected') return `Карточка «${card?.fio ?? ''}» отпущена над этапом «${to.title}»: укажите причину отказа.`;
    return `Карточка «${card?.fio ?? ''}» перенесена в этап «${to.title}».`;
  },
  onDragCancel: ({ active }) => {
    const card = cardOf(active.data.current);
    const from = stageOfCard(active.data.current);
    return `Перенос отменён. Карточка «${card?.fio ?? ''}» осталась в этапе «${from?.title ?? ''}».`;
  },
};

type Box = { left: number; top: number; width: number; height: number };

/** The index of the next column to the left (-1) or right (+1) of the point x, among columns sorted left to right. */
export function nextColumnIndex(columns: readonly Box[], x: number, direction: 1 | -1): number | null {
  if (columns.length === 0) return null;
  let current = columns.findIndex((box) => x >= box.left && x <= box.left + box.width);
  if (current < 0) {
    // Between two columns: the nearest one by its centre counts as the current one.
    current = columns.reduce((best, box, i) => {
      const bestBox = columns[best] as Box;
      return Math.abs(box.left + box.width / 2 - x) < Math.abs(bestBox.left + bestBox.width / 2 - x) ? i : best;
    }, 0);
  }
  const next = current + direction;
  return next >= 0 && next < columns.length ? next : null;
}

/**
 * Arrows carry a card from column to column (not 25 px at a time): left/up to the previous stage,
 * right/down to the next one; the card stays at its height.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction =
    event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!direction || !collisionRect) return undefined;
  event.preventDefault();
  const columns = droppableContainers
    .getEnabled()
    .map((container) => droppableRects.get(container.id))
    .filter((rect): rect is NonNullable<typeof rect> => Boolean(rect))
    .sort((a, b) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const index = nextColumnIndex(columns, centre, direction);
  const target = index === null ? undefined : columns[index];
  if (!target) return currentCoordinates;
  const top = Math.min(Math.max(collisionRect.top, target.top + 8), target.top + Math.max(8, target.height - collisionRect.height));
  return { x: currentCoordinates.x + (target.left + target.width / 2 - centre), y: currentCoordinates.y + (top - collisionRect.top) };
};
