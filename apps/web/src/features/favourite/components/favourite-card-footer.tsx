import type { ResumeCard } from '@hr/contract';
import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconNote, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import '../favourite.css';

type FavouriteCardFooterProps = {
  card: ResumeCard;
  /** The viewer's id: someone else's entry says who added it and cannot be removed here. */
  viewerId: number | undefined;
  removing: boolean;
  onRemove: () => void;
};

/** Under a favourite card: the note, who added it and when, «Удалить». */
export function FavouriteCardFooter({ card, viewerId, removing, onRemove }: FavouriteCardFooterProps) {
  const mine = !card.added_by || card.added_by.id === viewerId;
  const added = card.added_at ? dayjs(card.added_at).format('D MMMM YYYY') : '';
  return (
    <div className="favourite-footer">
      {card.note ? (
        <Group gap={8} wrap="nowrap" align="flex-start" className="favourite-footer__note">
          <IconNote size={16} stroke={1.7} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            <VisuallyHidden component="span">Заметка: </VisuallyHidden>
            {card.note}
          </Text>
        </Group>
      ) : null}
      <Group justify="space-between" gap="xs" mt={8}>
        <Text size="xs" c="dimmed">
          {mine ? `В избранном с ${added}` : `добавил(а) ${card.added_by?.name ?? ''} ${card.added_by?.family ?? ''}`.trim()}
          {!mine && added ? ` · ${added}` : ''}
        </Text>
        {mine ? (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={15} stroke={1.7} />}
            loading={removing}
            onClick={onRemove}
            aria-label={`Удалить из избранного: ${card.title}`}
          >
            Удалить
          </Button>
        ) : null}
      </Group>
    </div>
  );
}
