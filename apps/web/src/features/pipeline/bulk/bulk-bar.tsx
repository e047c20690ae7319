import { Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowsRight, IconDownload, IconX } from '@tabler/icons-react';
import { exportUrl } from './bulk-api.ts';

type BulkBarProps = {
  vacancyId: number;
  count: number;
  label: string;
  exportScope: { ids?: number[]; stageId?: number | null };
  onMove: () => void;
  onReject?: () => void;
  onClear: () => void;
};

/** The actions on the chosen replies, kept in view at the bottom while the list scrolls; its count is read out. */
export function BulkBar({ vacancyId, count, label, exportScope, onMove, onReject, onClear }: BulkBarProps) {
  return (
    <>
      {/* Always in the page, so a screen reader hears each change of the count. */}
      <Text className="visually-hidden-live" role="status" aria-live="polite">
        {count ? label : ''}
      </Text>
      {count ? (
        <Paper className="bulk-bar" withBorder shadow="md" radius="md" p="sm" role="region" aria-label="Действия с выбранными откликами">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600} aria-hidden>
              {label}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" leftSection={<IconArrowsRight size={16} />} onClick={onMove}>
                Перенести…
              </Button>
              {onReject ? (
                <Button size="xs" color="red" variant="light" onClick={onReject}>
                  Отказать…
                </Button>
              ) : null}
              <Button size="xs" variant="default" component="a" href={exportUrl(vacancyId, 'csv', exportScope)} download leftSection={<IconDownload size={16} />}>
                Экспорт CSV
              </Button>
              <Button size="xs" variant="default" component="a" href={exportUrl(vacancyId, 'xlsx', exportScope)} download leftSection={<IconDownload size={16} />}>
                Экспорт XLSX
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={onClear} leftSection={<IconX size={16} />}>
                Снять выбор
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
    </>
  );
}
