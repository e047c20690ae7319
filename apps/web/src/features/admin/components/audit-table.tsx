import type { AuditEntry } from '@hr/contract';
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime } from '@/shared/lib/format.ts';
import { AuditActor, AuditDetails, AuditObject } from './audit-parts.tsx';

/** Who did what to which object, when and from where: a table on wide screens, cards on a phone. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) return <AuditCards entries={entries} />;
  return (
    <Table verticalSpacing="xs" striped className="admin-table" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={150}>Когда</Table.Th>
          <Table.Th w="16%">Кто</Table.Th>
          <Table.Th w="18%">Действие</Table.Th>
          <Table.Th>Объект</Table.Th>
          <Table.Th>Подробности</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>
              <Text size="sm">{formatDateTime(entry.created_at)}</Text>
              {entry.ip ? (
                <Text size="xs" c="dimmed" className="admin-break">
                  IP {entry.ip}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <AuditActor entry={entry} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{entry.action_title}</Text>
            </Table.Td>
            <Table.Td>
              <AuditObject entry={entry} />
            </Table.Td>
            <Table.Td>
              <AuditDetails entry={entry} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AuditCards({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Stack gap="sm" component="ul" className="admin-plain-list" aria-label="Записи журнала">
      {entries.map((entry) => (
        <Card key={entry.id} withBorder radius="md" padding="sm" component="li">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" align="baseline">
              <Text size="sm" fw={600}>
                {entry.action_title}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.created_at)}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap" align="baseline">
              <Text size="xs" c="dimmed">
                Кто:
              </Text>
              <AuditActor entry={entry} />
            </Group>
            {entry.object_title ? (
              <Group gap={6} wrap="nowrap" align="baseline">
                <Text size="xs" c="dimmed">
                  Объект:
                </Text>
                <AuditObject entry={entry} />
              </Group>
            ) : null}
            <AuditDetails entry={entry} />
            {entry.ip ? (
              <Text size="xs" c="dimmed">
                IP {entry.ip}
              </Text>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
