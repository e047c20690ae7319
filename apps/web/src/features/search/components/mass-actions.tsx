import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconFileTypeCsv, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { plural } from '@/shared/lib/format.ts';
import type { BulkFavourite } from '../lib/search-types.ts';
import { exportHref, type SearchQuery } from '../lib/search-url.ts';

type MassActionsProps = {
  query: SearchQuery;
  pageHashes: readonly string[];
  selected: ReadonlySet<string>;
  onSelect: (next: ReadonlySet<string>) => void;
  onBulkFavourite?: BulkFavourite;
};

const CANDIDATES = ['кандидат', 'кандидата', 'кандидатов'] as const;

/** mass_search: select the page, keep the selection in favourites, export up to 1000 rows. */
export function MassActions({ query, pageHashes, selected, onSelect, onBulkFavourite }: MassActionsProps) {
  const [saving, setSaving] = useState(false);
  const onPage = pageHashes.filter((hash) => selected.has(hash)).length;
  const all = pageHashes.length > 0 && onPage === pageHashes.length;

  const togglePage = (checked: boolean) => {
    const next = new Set(selected);
    for (const hash of pageHashes) {
      if (checked) next.add(hash);
      else next.delete(hash);
    }
    onSelect(next);
  };

  const addSelected = async () => {
    if (!onBulkFavourite || selected.size === 0) return;
    setSaving(true);
    try {
      const { added, skipped } = await onBulkFavourite([...selected]);
      notifications.show({
        color: 'teal',
        title: 'Добавлено в избранное',
        message: `${added} ${plural(added, CANDIDATES)}${skipped > 0 ? `, пропущено: ${skipped}` : ''}`,
      });
      onSelect(new Set());
    } catch (error) {
      handleErrorWithoutRedirect(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" px="md" py="xs" className="mass-actions">
      <Group justify="space-between" gap="sm">
        <Group gap="md">
          <Checkbox
            radius="sm"
            label="Выбрать все на странице"
            checked={all}
            indeterminate={onPage > 0 && !all}
            onChange={(event) => togglePage(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {selected.size > 0 ? `Выбрано: ${selected.size}` : ''}
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconStar size={15} />}
            disabled={selected.size === 0}
            loading={saving}
            onClick={() => void addSelected()}
          >
            Добавить в избранное
          </Button>
          <Button
            size="xs"
            variant="default"
            component="a"
            href={exportHref(query, 'csv')}
            download
            leftSection={<IconFileTypeCsv size={15} />}
          >
            Экспорт CSV
          </Button>
          <Button
            size="xs"
            variant="default"
            component="a"
            href={exportHref(query, 'xlsx')}
            download
            leftSection={<IconFileSpreadsheet size={15} />}
          >
            Экспорт XLSX
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
