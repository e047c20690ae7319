import { FAVOURITE_NOTE_MAX } from '@hr/contract';
import { Button, Group, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconNote, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { joinErrors } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { useSaveFavourite } from '../api/save-favourite.ts';

type FavouriteInlineNoteProps = { hash: string; title: string; note: string | null };

/**
 * The member's own note, edited in the list: «Изменить заметку» opens the field (Ctrl+Enter saves,
 * Esc cancels), and after the server took it the note says «Сохранено». The same call and rules as
 * on the resume page (POST /api/favourite/{hash}).
 */
export function FavouriteInlineNote({ hash, title, note }: FavouriteInlineNoteProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const save = useSaveFavourite(hash);
  const openButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!editing) setDraft(note ?? '');
  }, [note, editing]);

  const returnFocus = useRef(false);

  // Back to the button that opened the field once it is drawn again, so the keyboard stays in place.
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    openButton.current?.focus();
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(undefined);
  };

  const submit = () => {
    setError(undefined);
    save.mutate(draft.trim() || null, {
      onSuccess: () => {
        setSaved(true);
        close();
      },
      onError: (failure) => setError(joinErrors(handleFormError(failure).note) ?? 'Не удалось сохранить заметку'),
    });
  };

  if (editing) {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="favourite-inline-note"
      >
        <Textarea
          label={`Заметка о кандидате: ${title}`}
          labelProps={{ className: 'favourite-inline-note__label' }}
          description="Видна вам и вашей команде. Ctrl+Enter — сохранить, Esc — отменить"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={FAVOURITE_NOTE_MAX}
          value={draft}
          error={error}
          data-autofocus
          autoFocus
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Group justify="space-between" mt={6} gap="xs">
          <Text size="xs" c="dimmed">
            {draft.length} / {FAVOURITE_NOTE_MAX}
          </Text>
          <Group gap="xs">
            <Button variant="subtle" size="compact-sm" onClick={close} disabled={save.isPending}>
              Отмена
            </Button>
            <Button type="submit" size="compact-sm" loading={save.isPending}>
              Сохранить
            </Button>
          </Group>
        </Group>
      </form>
    );
  }

  return (
    <div>
      {note ? (
        <Group gap={8} wrap="nowrap" align="flex-start" className="favourite-footer__note">
          <IconNote size={16} stroke={1.7} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <VisuallyHidden component="span">Заметка: </VisuallyHidden>
            {note}
          </Text>
        </Group>
      ) : null}
      <Group gap="xs" mt={note ? 6 : 0}>
        <Button
          ref={openButton}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPencil size={15} stroke={1.7} />}
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
          aria-label={`${note ? 'Изменить заметку' : 'Добавить заметку'}: ${title}`}
        >
          {note ? 'Изменить заметку' : 'Добавить заметку'}
        </Button>
        <Text size="xs" c="teal.9" fw={600} aria-live="polite" className="favourite-inline-note__saved">
          {saved ? (
            <>
              <IconCheck size={14} aria-hidden /> Сохранено
            </>
          ) : null}
        </Text>
      </Group>
    </div>
  );
}
