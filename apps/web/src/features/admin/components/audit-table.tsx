import type { AuditEntry } from '@hr/contract';
import { Anchor, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@/shared/lib/format.ts';

const detailsText = (details: Record<string, unknown>) => {
  const keys = Object.keys(details);
  return keys.length ? JSON.stringify(details) : '';
};

/** Who did what to which object, when and from where. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" striped className="admin-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Когда</Table.Th>
            <Table.Th>Кто</Table.Th>
            <Table.Th>Действие</Table.Th>
            <Table.Th>Объект</Table.Th>
            <Table.Th>Адрес</Table.Th>
            <Table.Th>Подробности</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(entry.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                {entry.actor_id ? (
                  <Anchor component={Link} to={`/admin/users/${entry.actor_id}`} size="sm">
                    {entry.actor_name || `ID ${entry.actor_id}`}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    гость
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.action_title}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" className="admin-break">
                  {entry.object_type === 'user' && entry.object_id ? (
                    <Anchor component={Link} to={`/admin/users/${entry.object_id}`} size="sm">
                      пользователь {entry.object_id}
                    </Anchor>
                  ) : (
                    [entry.object_type, entry.object_id].filter(Boolean).join(' ') || '—'
                  )}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.ip || '—'}</Text>
              </Table.Td>
              <Table.Td maw={280}>
                {detailsText(entry.details) ? (
                  <Code fz="xs" className="admin-break">
                    {detailsText(entry.details)}
                  </Code>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
