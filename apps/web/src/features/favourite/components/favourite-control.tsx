import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { useRemoveFavourite } from '../api/remove-favourite.ts';
import { useSaveFavourite } from '../api/save-favourite.ts';
import { useCandidateFolders, useFavouriteFolders } from '../api/folders.ts';
import { FavouriteNoteEditor } from './favourite-note-editor.tsx';
import { FolderPicker } from './folder-picker.tsx';

export type FavouriteState = { note: string | null } | null;

type FavouriteControlProps = {
  hash: string;
  favourite: FavouriteState;
  onChange: (next: FavouriteState) => void;
  /** false on /favourite/{hash}, where the note has its own block above the resume. */
  withNote?: boolean;
};

/** «В избранное» / «В избранном» with the note under it (PRODUCT 3). */
export function FavouriteControl({ hash, favourite, onChange, withNote = true }: FavouriteControlProps) {
  const save = useSaveFavourite(hash);
  const remove = useRemoveFavourite();
  const inFavourites = favourite !== null;

  const add = () =>
    save.mutate(null, {
      onSuccess: (entry) => {
        onChange({ note: entry.note });
        notifications.show({ message: 'Кандидат добавлен в избранное', color: 'teal' });
      },
      onError: (error) => handleErrorWithoutRedirect(error),
    });

  const askRemove = () =>
    showConfirmDialog({
      title: 'Убрать из избранного?',
      children: (
        <Text size="sm">
          {favourite?.note ? 'Кандидат и ваша заметка о нём исчезнут из избранного.' : 'Кандидат исчезнет из вашего избранного.'}
        </Text>
      ),
      confirmLabel: 'Убрать',
      cancelLabel: 'Оставить',
      onConfirm: () =>
        remove.mutate(hash, {
          onSuccess: () => {
            onChange(null);
            notifications.show({ message: 'Кандидат удалён из избранного' });
          },
          onError: (error) => handleErrorWithoutRedirect(error),
        }),
    });

  return (
    <Stack gap="sm">
      {inFavourites ? (
        <Button
          fullWidth
          variant="light"
          color="yellow"
          c="#7a5200"
          aria-pressed
          loading={remove.isPending}
          leftSection={<IconStarFilled size={18} />}
          onClick={askRemove}
          title="Убрать из избранного"
        >
          В избранном
        </Button>
      ) : (
        <Button fullWidth aria-pressed={false} loading={save.isPending} leftSection={<IconStar size={18} stroke={1.7} />} onClick={add}>
          В избранное
        </Button>
      )}
      {inFavourites ? <CandidateFolders hash={hash} /> : null}
      {withNote && inFavourites ? (
        <FavouriteNoteEditor
          hash={hash}
          note={favourite.note}
          inFavourites
          onSaved={(entry) => onChange({ note: entry.note })}
          autosizeRows={2}
        />
      ) : null}
    </Stack>
  );
}

/** The resume page: which folders the kept candidate is in, changed from the same «Папки». */
function CandidateFolders({ hash }: { hash: string }) {
  const folders = useFavouriteFolders();
  const current = useCandidateFolders(hash, true);
  if (!folders.data || !current.data) return null;
  const names = new Map(folders.data.map((f) => [f.id, f.name]));
  const inFolders = current.data.folder_ids.filter((id) => names.has(id));
  return (
    <Stack gap={6}>
      <FolderPicker hash={hash} title="этот кандидат" folders={folders.data} selected={current.data.folder_ids} fullWidth />
      {inFolders.length ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          В папках: {inFolders.map((id) => names.get(id)).join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}
