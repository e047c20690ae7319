import { FAVOURITE_FOLDER_NAME_MAX } from '@hr/contract';
import { Button, Checkbox, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { joinErrors } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { type FavouriteFolder, useCreateFolder } from '../api/folders.ts';

type FolderCreateFormProps = {
  onCreated?: (folder: FavouriteFolder) => void;
  /** Inside the picker: a smaller form. */
  compact?: boolean;
};

/** A new folder: its name and whether the team sees it; the server's 422 is shown under the name. */
export function FolderCreateForm({ onCreated, compact }: FolderCreateFormProps) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const create = useCreateFolder();

  const submit = () => {
    setError(undefined);
    create.mutate(
      { name, shared },
      {
        onSuccess: (folder) => {
          setName('');
          setShared(false);
          notifications.show({ message: `Папка «${folder.name}» создана`, color: 'teal' });
          onCreated?.(folder);
        },
        onError: (failure) => {
          const errors = handleFormError(failure);
          setError(joinErrors(errors.name ?? errors.shared));
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        submit();
      }}
    >
      <TextInput
        size={compact ? 'xs' : 'sm'}
        label="Новая папка"
        placeholder="Например: Финалисты"
        value={name}
        maxLength={FAVOURITE_FOLDER_NAME_MAX}
        error={error}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(undefined);
        }}
      />
      <Group justify="space-between" mt="xs" gap="xs" wrap="nowrap">
        <Checkbox size="xs" label="Видна команде" checked={shared} onChange={(event) => setShared(event.currentTarget.checked)} />
        <Button
          type="submit"
          size={compact ? 'compact-sm' : 'sm'}
          variant="light"
          leftSection={<IconPlus size={15} />}
          loading={create.isPending}
        >
          Создать
        </Button>
      </Group>
    </form>
  );
}
