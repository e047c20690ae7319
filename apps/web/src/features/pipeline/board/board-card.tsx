import type { BoardCard as Card, Stage } from '@hr/contract';
import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Anchor, Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconDots, IconGripVertical, IconMail, IconMapPin, IconPaperclip } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoscowMoment } from '@/shared/lib/moscow-time.ts';

export type CardDragData = { card: Card; stage: Stage };

type BoardCardProps = {
  vacancyId: number;
  card: Card;
  stage: Stage;
  stages: Stage[];
  /** A move chosen from the card's menu. */
  onMove: (card: Card, from: Stage, to: Stage) => void;
  /** «Перенести с письмом…»: the dialog with the letter. */
  onMoveWithLetter: (card: Card, from: Stage) => void;
};

/** What a card says: the name, the resume's title, the city, the file, when it came to this stage, a duplicate, the reason. */
export function BoardCardBody({ vacancyId, card, stage, link = true }: { vacancyId: number; card: Card; stage: Stage; link?: boolean }) {
  return (
    <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
      {link ? (
        <Anchor component={Link} to={`/vacancy/${vacancyId}/reply/${card.id}`} className="board-card__name" id={`board-card-${card.id}`}>
          {card.fio}
        </Anchor>
      ) : (
        <Text className="board-card__name">{card.fio}</Text>
      )}
      {card.source === 'invite' ? (
        <Text size="sm" c="#1d2733" lineClamp={2}>
          {card.title}
        </Text>
      ) : null}
      {card.city || card.has_file ? (
        <Group gap="sm" c="#33404f" style={{ rowGap: 2 }}>
          {card.city ? (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} stroke={1.6} aria-hidden />
              <Text size="xs">{card.city}</Text>
            </Group>
          ) : null}
          {card.has_file ? (
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={14} stroke={1.6} aria-hidden />
              <Text size="xs">есть файл</Text>
            </Group>
          ) : null}
        </Group>
      ) : null}
      <Text size="xs" c="#5c6673">
        {stage.kind === 'new' ? 'Отклик от' : 'В этапе с'} {formatMoscowMoment(card.stage_at)}
      </Text>
      {card.duplicate || card.reason || card.source === 'invite' ? (
        <Group gap={6}>
          {card.duplicate ? (
            <Badge size="sm" radius="sm" tt="none" variant="light" color="orange" c="#8a4500">
              возможный дубль
            </Badge>
          ) : null}
          {card.source === 'invite' ? (
            <Badge size="sm" radius="sm" tt="none" variant="outline" color="gray" c="#3b4450">
              из базы клуба
            </Badge>
          ) : null}
          {card.reason && stage.kind === 'rejected' ? (
            <Text size="xs" c="#a11d1d">
              Причина: {card.reason}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

/** A card of the board: dragged by the mouse anywhere on it, by the keyboard on its handle, or moved from its menu. */
export function BoardCard({ vacancyId, card, stage, stages, onMove, onMoveWithLetter }: BoardCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `card-${card.id}`,
    data: { card, stage } satisfies CardDragData,
    attributes: { roleDescription: 'перетаскиваемая карточка' },
  });
  const others = stages.filter((s) => s.id !== stage.id);
  return (
    <li ref={setNodeRef} className="board-card" data-id={card.id} data-dragging={isDragging || undefined} {...listeners}>
      <Group gap={4} align="flex-start" wrap="nowrap">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="board-card__handle"
          aria-label={`Перетащить: ${card.fio}`}
          {...attributes}
        >
          <IconGripVertical size={16} stroke={1.6} aria-hidden />
        </button>
        <BoardCardBody vacancyId={vacancyId} card={card} stage={stage} />
        <Menu position="bottom-end" withinPortal shadow="md" width={240}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Перенести в… (${card.fio})`} className="board-card__menu">
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Перенести в…</Menu.Label>
            {others.map((target) => (
              <Menu.Item key={target.id} leftSection={<IconArrowRight size={14} aria-hidden />} onClick={() => onMove(card, stage, target)}>
                {target.title}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item leftSection={<IconMail size={14} aria-hidden />} onClick={() => onMoveWithLetter(card, stage)}>
              Перенести с письмом…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </li>
  );
}
