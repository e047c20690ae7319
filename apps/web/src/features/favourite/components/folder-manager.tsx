import { FAVOURITE_FOLDER_NAME_MAX } from '@hr/contract';
import { ActionIcon, Badge, Box, Button, Divider, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect, handleFormError } from '@/shared/api/error-handlers.ts';
import { plural } from '@/shared/lib/format.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { type FavouriteFolder, useDeleteFolder, useUpdateFolder } from '../api/folders.ts';
import { FolderCreateForm } from './folder-create-form.tsx';

const CANDIDATES = ['кандидат', 'кандидата', 'кандидатов'] as const;

type FolderManagerProps = { opened: boolean; onClose: () => void; folders: FavouriteFolder[]; onDeleted: (id: number) => void };

/** «Папки»: create, rename, share with the team and delete own folders; the team's shared ones are listed. */
export function FolderManager({ opened, onClose, folders, onDeleted }: FolderManagerProps) {
  const own = folders.filter((f) => f.mine);
  const team = folders.filter((f) => !f.mine);
  return (
    <AppModal opened={opened} onClose={onClose} title="Папки избранного" size={520}>
      <Stack gap="md">
        <FolderCreateForm />
        <Divider />
        <Title order={3} fz={16}>
          Мои папки
        </Title>
        {own.length ? (
          <Stack gap="xs" role="list" aria-label="Мои папки">
            {own.map((folder) => (
              <OwnFolderRow key={folder.id} folder={folder} onDeleted={onDeleted} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Папок пока нет. Создайте папку и раскладывайте кандидатов кнопкой «Папки» под карточкой.
          </Text>
        )}
        {team.length ? (
          <>
            <Title order={3} fz={16}>
              Папки команды
            </Title>
            <Stack gap={6} role="list" aria-label="Папки команды">
              {team.map((folder) => (
                <Group key={folder.id} role="listitem" justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {folder.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {folder.owner.family} {folder.owner.name}
                  </Text>
                </Group>
              ))}
            </Stack>
          </>
        ) : null}
      </Stack>
    </AppModal>
  );
}

function OwnFolderRow({ folder, onDeleted }: { folder: FavouriteFolder; onDeleted: (id: number) => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(folder.name);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateFolder();
  const remove = useDeleteFolder();

  const rename = () =>
    update.mutate(
      { id: folder.id, name },
      {
        onSuccess: () => setEditing(false),
        onError: (failure) => setError(joinErrors(handleFormError(failure).name)),
      },
    );

  const askDelete = () =>
    showConfirmDialog({
      title: 'Удалить папку?',
      children: <Text size="sm">Папка «{folder.name}» исчезнет; кандидаты из неё останутся в избранном.</Text>,
      confirmLabel: 'Удалить',
      cancelLabel: 'Отмена',
      onConfirm: () =>
        remove.mutate(folder.id, {
          onSuccess: () => {
            notifications.show({ message: `Папка «${folder.name}» удалена` });
            onDeleted(folder.id);
          },
          onError: (failure) => handleErrorWithoutRedirect(failure),
        }),
    });

  if (editing) {
    return (
      <Box role="listitem">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            rename();
          }}
        >
          <TextInput
            label="Название папки"
            value={name}
            maxLength={FAVOURITE_FOLDER_NAME_MAX}
            error={error}
            autoFocus
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setEditing(false);
                setName(folder.name);
              }
            }}
          />
          <Group justify="flex-end" gap="xs" mt={6}>
            <Button variant="subtle" size="compact-sm" onClick={() => setEditing(false)}>
              Отмена
            </Button>
            <Button type="submit" size="compact-sm" loading={update.isPending}>
              Сохранить
            </Button>
          </Group>
        </form>
      </Box>
    );
  }

  return (
    <Group role="listitem" justify="space-between" gap="xs" wrap="nowrap" className="favourite-folder-row">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {folder.name}
        </Text>
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {folder.count} {plural(folder.count, CANDIDATES)}
          </Text>
          {folder.shared ? (
            <Badge size="xs" variant="light" color="teal" tt="none">
              видна команде
            </Badge>
          ) : null}
        </Group>
      </div>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Switch
          size="sm"
          checked={folder.shared}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(
              { id: folder.id, shared: event.currentTarget.checked },
              { onError: (failure) => handleErrorWithoutRedirect(failure) },
            )
          }
          aria-label={`Папка «${folder.name}» видна команде`}
          label="Команде"
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => setEditing(true)}
          aria-label={`Переименовать папку «${folder.name}»`}
        >
          <IconPencil size={17} stroke={1.7} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={askDelete}
          loading={remove.isPending}
          aria-label={`Удалить папку «${folder.name}»`}
        >
          <IconTrash size={17} stroke={1.7} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
