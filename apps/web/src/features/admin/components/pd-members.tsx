import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconUserSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/shared/session/session-store.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { userExportUrl } from '../api/delete-user.ts';
import { useAdminUsers } from '../api/get-users.ts';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { DeleteUserButton } from './delete-user-button.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

/** Members found by the request's e-mail, phone, name or ID: export their data or delete the account. */
export function PdMembers({ q }: { q: string }) {
  const { data, error, isPending } = useAdminUsers({ q, page: 1 }, q !== '');
  const me = useSession().user;

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  if (!q)
    return (
      <EmptyState headingLevel={3} icon={IconUserSearch} title="Найдите участника" text="Введите e-mail, телефон, имя или ID из запроса." />
    );
  if (isPending) return <TableSkeleton label="Ищем участников" rows={2} height={72} />;
  if (!data || data.data.length === 0) return <EmptyState headingLevel={3} icon={IconUserSearch} title="Участников не нашлось" />;
  return (
    <Stack gap="sm">
      {data.data.map((user) => (
        <Card key={user.id} withBorder radius="lg" padding="md">
          <Group justify="space-between" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/admin/users/${user.id}`} fw={600} size="sm" className="admin-break">
                {user.fio || 'Без имени'}
              </Anchor>
              <Text size="xs" c="dimmed" className="admin-break">
                ID {user.id} · {user.email}
                {user.company ? ` · ${user.company}` : ''}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                component="a"
                href={userExportUrl(user.id)}
                download
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
              >
                Выгрузить JSON
              </Button>
              <DeleteUserButton user={user} disabled={me?.id === user.id} size="xs" />
            </Group>
          </Group>
        </Card>
      ))}
      {data.total > data.data.length ? (
        <Text size="sm" c="dimmed">
          Показаны первые {data.data.length} из {data.total}: уточните запрос.
        </Text>
      ) : null}
    </Stack>
  );
}
