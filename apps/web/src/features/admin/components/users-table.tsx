import type { AdminUser } from '@hr/contract';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@/shared/lib/format.ts';
import { AccountTypeBadge, BlockedBadge, ResidencyBadge } from './user-badges.tsx';

/** The found users; the name opens the card. */
export function UsersTable({ users }: { users: readonly AdminUser[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" striped highlightOnHover className="admin-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Пользователь</Table.Th>
            <Table.Th>Компания</Table.Th>
            <Table.Th>Тип и статус</Table.Th>
            <Table.Th>Последняя активность</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {user.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Anchor component={Link} to={`/admin/users/${user.id}`} fw={600} size="sm" className="admin-break">
                    {user.fio || 'Без имени'}
                  </Anchor>
                  <Text size="xs" c="dimmed" className="admin-break">
                    {user.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" className="admin-break">
                  {user.company || '—'}
                </Text>
                {user.position ? (
                  <Text size="xs" c="dimmed">
                    {user.position}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <AccountTypeBadge user={user} />
                  <ResidencyBadge user={user} />
                  <BlockedBadge user={user} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.last_activity_at ? formatDateTime(user.last_activity_at) : 'нет активных сессий'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
