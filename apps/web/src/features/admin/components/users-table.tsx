import type { AdminUser } from '@hr/contract';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { formatDateTime } from '@/shared/lib/format.ts';
import { AccountTypeBadge, BlockedBadge, ResidencyBadge } from './user-badges.tsx';

const lastActivity = (user: AdminUser) => (user.last_activity_at ? formatDateTime(user.last_activity_at) : 'нет активных сессий');

/** The found users; the name opens the card. A table on wide screens, cards on a phone (nothing hidden sideways). */
export function UsersTable({ users }: { users: readonly AdminUser[] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) return <UserCards users={users} />;
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
                <Text size="sm">{lastActivity(user)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserCards({ users }: { users: readonly AdminUser[] }) {
  return (
    <Stack gap="sm" component="ul" className="admin-plain-list" aria-label="Найденные пользователи">
      {users.map((user) => (
        <Card key={user.id} withBorder radius="md" padding="sm" component="li">
          <Stack gap={4}>
            <Anchor component={Link} to={`/admin/users/${user.id}`} fw={600} size="sm" className="admin-break">
              {user.fio || 'Без имени'}
            </Anchor>
            <Text size="xs" c="dimmed" className="admin-break">
              ID {user.id} · {user.email}
            </Text>
            {user.company || user.position ? (
              <Text size="sm" className="admin-break">
                {[user.company, user.position].filter(Boolean).join(', ')}
              </Text>
            ) : null}
            <Group gap={6}>
              <AccountTypeBadge user={user} />
              <ResidencyBadge user={user} />
              <BlockedBadge user={user} />
            </Group>
            <Text size="xs" c="dimmed">
              Последняя активность: {lastActivity(user)}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
