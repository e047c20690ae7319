import { FAVOURITE_QUERY_MAX } from '@hr/contract';
import { Button, CloseButton, Menu, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv, IconFolderCog, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { FavouriteFolder } from '../api/folders.ts';
import { exportHref, type FavouriteFilter } from '../lib/favourite-url.ts';

const SEARCH_DELAY_MS = 350;

type FavouriteToolbarProps = {
  filter: FavouriteFilter;
  folders: FavouriteFolder[];
  onFilter: (next: FavouriteFilter) => void;
  onManageFolders: () => void;
  /** Nothing to export: the export buttons are off. */
  empty: boolean;
};

/** Above the favourites: search by title, skills and notes, a folder, «Папки», «Скачать» (CSV, XLSX of what is shown). */
export function FavouriteToolbar({ filter, folders, onFilter, onManageFolders, empty }: FavouriteToolbarProps) {
  const [typed, setTyped] = useState(filter.q ?? '');
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);

  // The address changed (back button, a link): the field follows it.
  useEffect(() => setTyped(filter.q ?? ''), [filter.q]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text triggers a search (filter and onFilter change on every render).
  useEffect(() => {
    if (debounced !== (filter.q ?? '')) onFilter({ ...filter, q: debounced || undefined });
  }, [debounced]);

  const folderData = [
    { value: '', label: 'Все кандидаты' },
    ...folders.map((f) => ({ value: String(f.id), label: `${f.name} (${f.count})` })),
  ];

  return (
    <div className="favourite-toolbar">
      <TextInput
        className="favourite-toolbar__search"
        label="Поиск в избранном"
        placeholder="Должность, навык, заметка"
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={FAVOURITE_QUERY_MAX}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onFilter({ ...filter, q: typed.trim() || undefined });
        }}
        rightSection={typed ? <CloseButton size="sm" aria-label="Очистить поиск" onClick={() => setTyped('')} /> : null}
      />
      <Select
        className="favourite-toolbar__folder"
        label="Папка"
        data={folderData}
        value={filter.folder ? String(filter.folder) : ''}
        onChange={(value) => onFilter({ ...filter, folder: value ? Number(value) : undefined })}
        allowDeselect={false}
        searchable={folders.length > 8}
        nothingFoundMessage="Нет такой папки"
        comboboxProps={{ withinPortal: true }}
      />
      <Button variant="default" leftSection={<IconFolderCog size={17} stroke={1.7} />} onClick={onManageFolders}>
        Папки
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={17} stroke={1.7} />} disabled={empty}>
            Скачать
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>То, что показано в списке</Menu.Label>
          <Menu.Item component="a" href={exportHref(filter, 'xlsx')} download leftSection={<IconFileSpreadsheet size={16} />}>
            Таблица XLSX
          </Menu.Item>
          <Menu.Item component="a" href={exportHref(filter, 'csv')} download leftSection={<IconFileTypeCsv size={16} />}>
            Файл CSV
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
