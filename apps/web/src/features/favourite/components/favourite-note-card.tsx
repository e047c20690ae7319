import { Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import type { FavouriteState } from './favourite-control.tsx';
import { FavouriteNoteEditor } from './favourite-note-editor.tsx';
import '../favourite.css';

type FavouriteNoteCardProps = { hash: string; favourite: FavouriteState; onChange: (next: FavouriteState) => void };

/** `/favourite/{hash}`: the note comes first, above the resume. */
export function FavouriteNoteCard({ hash, favourite, onChange }: FavouriteNoteCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} className="favourite-note-card">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light" color="yellow" aria-hidden>
          <IconNote size={20} stroke={1.7} />
        </ThemeIcon>
        <div>
          <Title order={2} fz={18}>
            Заметка о кандидате
          </Title>
          <Text size="sm" c="dimmed">
            {favourite ? 'Кандидат в вашем избранном.' : 'Кандидата нет в вашем избранном: сохраните заметку, чтобы добавить его.'}
          </Text>
        </div>
      </Group>
      <FavouriteNoteEditor
        hash={hash}
        note={favourite?.note ?? null}
        inFavourites={favourite !== null}
        onSaved={(entry) => onChange({ note: entry.note })}
      />
    </Paper>
  );
}
