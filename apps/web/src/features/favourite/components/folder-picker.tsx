import { Button, Checkbox, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { type FavouriteFolder, useSetCandidateFolders } from '../api/folders.ts';
import { FolderCreateForm } from './folder-create-form.tsx';

type FolderPickerProps = {
  hash: string;
  /** What the candidate is called in the button's name for screen readers. */
  title: string;
  folders: FavouriteFolder[];
  selected: number[];
  fullWidth?: boolean;
};

/** «Папки»: put the candidate into folders or take them out, one tick at a time (saved at once). */
export function FolderPicker({ hash, title, folders, selected, fullWidth }: FolderPickerProps) {
  const save = useSetCandidateFolders(hash);
  // The tick asked for, shown in the same render as the click: the mutation's own state arrives a
  // task later, and a controlled checkbox would flip back in between.
  const [asked, setAsked] = useState<number[] | null>(null);
  // While saving, and until the refreshed list arrives, the ticks show what was asked for.
  const current = asked ?? (save.isPending ? save.variables : save.data?.folder_ids) ?? selected;
  const selectedKey = selected.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list from the server (selectedKey) replaces the last answer.
  useEffect(() => {
    if (!save.isPending) save.reset();
  }, [selectedKey]);

  const toggle = (id: number, on: boolean) => {
    const next = on ? [...new Set([...current, id])] : current.filter((f) => f !== id);
    setAsked(next);
    save.mutate(next, { onError: (error) => handleErrorWithoutRedirect(error), onSettled: () => setAsked(null) });
  };

  return (
    <Popover position="bottom-start" shadow="md" radius="md" width={280} trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          size="compact-sm"
          fullWidth={fullWidth}
          leftSection={<IconFolder size={15} stroke={1.7} />}
          aria-label={`Папки кандидата: ${title}`}
          loading={save.isPending}
        >
          Папки
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            В каких папках кандидат
          </Text>
          {folders.length ? (
            <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars>
              <Stack gap={8} role="group" aria-label="Папки">
                {folders.map((folder) => (
                  <Checkbox
                    key={folder.id}
                    checked={current.includes(folder.id)}
                    onChange={(event) => toggle(folder.id, event.currentTarget.checked)}
                    label={folder.mine ? folder.name : `${folder.name} · ${folder.owner.family} ${folder.owner.name}`.trim()}
                    description={folder.shared ? 'Видна команде' : undefined}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          ) : (
            <Text size="sm" c="dimmed">
              Папок пока нет — создайте первую.
            </Text>
          )}
          <FolderCreateForm compact onCreated={(folder) => toggle(folder.id, true)} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
