import type { FavouriteListItem } from '@hr/contract';
import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconFolder, IconNote, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { FavouriteFolder } from '../api/folders.ts';
import { FavouriteInlineNote } from './favourite-inline-note.tsx';
import { FolderPicker } from './folder-picker.tsx';
import '../favourite.css';

type FavouriteCardFooterProps = {
  card: FavouriteListItem;
  /** The viewer's id: someone else's entry says who added it, and its note and entry are theirs. */
  viewerId: number | undefined;
  folders: FavouriteFolder[];
  removing: boolean;
  onRemove: () => void;
};

/** Under a favourite card: the note (the member's own edited in place), its folders, who added it and when, «Удалить». */
export function FavouriteCardFooter({ card, viewerId, folders, removing, onRemove }: FavouriteCardFooterProps) {
  const mine = !card.added_by || card.added_by.id === viewerId;
  const added = card.added_at ? dayjs(card.added_at).format('D MMMM YYYY') : '';
  const names = new Map(folders.map((f) => [f.id, f.name]));
  const inFolders = card.folder_ids.filter((id) => names.has(id));
  return (
    <div className="favourite-footer">
      {mine ? (
        <FavouriteInlineNote hash={card.hash} title={card.title} note={card.note ?? null} />
      ) : card.note ? (
        <Group gap={8} wrap="nowrap" align="flex-start" className="favourite-footer__note">
          <IconNote size={16} stroke={1.7} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <VisuallyHidden component="span">Заметка: </VisuallyHidden>
            {card.note}
          </Text>
        </Group>
      ) : null}
      {inFolders.length ? (
        <Group gap={6} mt={8} aria-label="Папки кандидата" role="list">
          {inFolders.map((id) => (
            <Text key={id} role="listitem" component="span" size="xs" className="favourite-footer__folder">
              <IconFolder size={13} stroke={1.8} aria-hidden style={{ flexShrink: 0 }} />
              {names.get(id)}
            </Text>
          ))}
        </Group>
      ) : null}
      <Group justify="space-between" gap="xs" mt={8}>
        <Text size="xs" c="dimmed">
          {mine ? `В избранном с ${added}` : `добавил(а) ${card.added_by?.name ?? ''} ${card.added_by?.family ?? ''}`.trim()}
          {!mine && added ? ` · ${added}` : ''}
        </Text>
        <Group gap="xs">
          <FolderPicker hash={card.hash} title={card.title} folders={folders} selected={card.folder_ids} />
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
      </Group>
    </div>
  );
}
