import type { ReplyListItem } from '@hr/contract';
import { Anchor, Badge, Checkbox, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

const moscowDate = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'short', year: 'numeric' });
const day = (at: string) => moscowDate.format(new Date(at)).replace(' г.', '');

type RowsProps = {
  vacancyId: number;
  items: ReplyListItem[];
  selected: ReadonlySet<number>;
  /** Every reply matching the filter is chosen (the boxes show it). */
  allMatching: boolean;
  onToggle: (id: number) => void;
};

function StageCell({ item }: { item: ReplyListItem }) {
  // Dark text on the light badge: readable on a chosen row's tint too.
  const tone = item.stage.kind === 'rejected' ? 'red' : item.stage.kind === 'hired' ? 'teal' : 'blue';
  return (
    <Stack gap={2}>
      <Badge variant="light" color={tone} c={`${tone}.9`} style={{ textTransform: 'none' }}>
        {item.stage.title}
      </Badge>
      {item.reason ? (
        <Text size="xs" c="dimmed">
          {item.reason}
        </Text>
      ) : null}
    </Stack>
  );
}

function Name({ vacancyId, item }: { vacancyId: number; item: ReplyListItem }) {
  return (
    <Group gap={6} wrap="wrap">
      <Anchor component={Link} to={`/vacancy/${vacancyId}/reply/${item.id}`} fw={600}>
        {item.fio}
      </Anchor>
      {item.duplicate ? (
        <Badge size="sm" color="orange" c="orange.9" variant="light" style={{ textTransform: 'none' }}>
          возможный дубль
        </Badge>
      ) : null}
    </Group>
  );
}

/** The table from the tablet up. */
export function ReplyTable({ vacancyId, items, selected, allMatching, onToggle }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={640} visibleFrom="sm">
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>Выбор</VisuallyHidden>
            </Table.Th>
            <Table.Th>Кандидат</Table.Th>
            <Table.Th>Этап</Table.Th>
            <Table.Th>Город</Table.Th>
            <Table.Th>Отклик</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} bg={allMatching || selected.has(item.id) ? 'var(--mantine-color-blue-0)' : undefined}>
              <Table.Td>
                <Checkbox
                  aria-label={`Выбрать: ${item.fio}`}
                  checked={allMatching || selected.has(item.id)}
                  disabled={allMatching}
                  onChange={() => onToggle(item.id)}
                />
              </Table.Td>
              <Table.Td>
                <Name vacancyId={vacancyId} item={item} />
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {item.title}
                </Text>
              </Table.Td>
              <Table.Td>
                <StageCell item={item} />
              </Table.Td>
              <Table.Td>{item.city ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(item.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Cards on a phone: the same facts, the box first. */
export function ReplyCards({ vacancyId, items, selected, allMatching, onToggle }: RowsProps) {
  return (
    <Stack gap="xs" hiddenFrom="sm">
      {items.map((item) => (
        <Paper key={item.id} withBorder radius="md" p="sm" bg={allMatching || selected.has(item.id) ? 'var(--mantine-color-blue-0)' : undefined}>
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <Checkbox
              mt={2}
              aria-label={`Выбрать: ${item.fio}`}
              checked={allMatching || selected.has(item.id)}
              disabled={allMatching}
              onChange={() => onToggle(item.id)}
            />
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Name vacancyId={vacancyId} item={item} />
              <Text size="xs" c="dimmed" lineClamp={1}>
                {[item.city, day(item.created_at)].filter(Boolean).join(' · ')}
              </Text>
              <StageCell item={item} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
