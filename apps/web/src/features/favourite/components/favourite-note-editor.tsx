import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { joinErrors } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { type FavouriteEntry, useSaveFavourite } from '../api/save-favourite.ts';

const NOTE_MAX = 2000;

type FavouriteNoteEditorProps = {
  hash: string;
  note: string | null;
  /** Not in favourites yet: saving adds the candidate with the note. */
  inFavourites: boolean;
  onSaved: (entry: FavouriteEntry) => void;
  autosizeRows?: number;
};

/** The member's note about a favourite candidate: a textarea and «Сохранить». */
export function FavouriteNoteEditor({ hash, note, inFavourites, onSaved, autosizeRows = 3 }: FavouriteNoteEditorProps) {
  const [draft, setDraft] = useState(note ?? '');
  const [error, setError] = useState<string | undefined>();
  const [savedAt, setSavedAt] = useState(0);
  const save = useSaveFavourite(hash);

  useEffect(() => setDraft(note ?? ''), [note]);

  const dirty = draft.trim() !== (note ?? '').trim();

  const submit = () => {
    setError(undefined);
    save.mutate(draft.trim() || null, {
      onSuccess: (entry) => {
        setSavedAt(Date.now());
        onSaved(entry);
      },
      onError: (failure) => setError(joinErrors(handleFormError(failure).note)),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Textarea
        label="Заметка"
        description="Видна вам и вашей команде"
        placeholder="Например: сильный опыт в B2B, созвониться после 15:00"
        autosize
        minRows={autosizeRows}
        maxRows={10}
        maxLength={NOTE_MAX}
        value={draft}
        error={error}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setSavedAt(0);
        }}
      />
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="xs" c="dimmed" aria-live="polite">
          {savedAt && !dirty ? (
            <Text span size="xs" c="teal.9" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <IconCheck size={14} aria-hidden /> Заметка сохранена
            </Text>
          ) : (
            `${draft.length} / ${NOTE_MAX}`
          )}
        </Text>
        <Button
          type="submit"
          size="sm"
          variant={inFavourites ? 'light' : 'filled'}
          loading={save.isPending}
          disabled={inFavourites && !dirty}
        >
          {inFavourites ? 'Сохранить заметку' : 'Добавить в избранное'}
        </Button>
      </Group>
    </form>
  );
}
