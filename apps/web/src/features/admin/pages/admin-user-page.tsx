import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconUserOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '@/shared/session/session-store.ts';
import { userExportUrl } from '../api/delete-user.ts';
import { useAdminUser } from '../api/get-user.ts';
import { AccessCard } from '../components/access-card.tsx';
import { LoadFailed } from '../components/admin-empty.tsx';
import { BlockCard } from '../components/block-card.tsx';
import { DeleteUserButton } from '../components/delete-user-button.tsx';
import { ResidencyCard } from '../components/residency-card.tsx';
import { AccountTypeBadge, BlockedBadge, ResidencyBadge } from '../components/user-badges.tsx';
import { UserFacts } from '../components/user-facts.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';

/** `/admin/users/:id`: the user card with every action an admin takes on an account. */
export function AdminUserPage() {
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const { data: user, error, isPending } = useAdminUser(validId ? id : 0);
  const me = useSession().user;
  const navigate = useNavigate();

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  const back = (
    <Anchor component={Link} to="/admin" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Все пользователи
      </Group>
    </Anchor>
  );

  if (!validId) return <LoadFailed icon={IconUserOff} what="пользователя" />;
  if (isPending)
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Загружаем карточку пользователя">
        <Skeleton height={40} width="60%" radius="md" />
        <Skeleton height={180} radius="lg" />
        <Skeleton height={140} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </Stack>
    );
  if (!user)
    return (
      <Stack gap="md">
        {back}
        <LoadFailed icon={IconUserOff} what="пользователя" />
      </Stack>
    );

  const isSelf = me?.id === user.id;
  return (
    <Stack gap="md">
      {back}
      <Stack gap={6}>
        <Title order={2} fz={{ base: 22, sm: 26 }} className="admin-break">
          {user.fio || 'Без имени'}
        </Title>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            ID {user.id}
          </Text>
          <AccountTypeBadge user={user} />
          <ResidencyBadge user={user} />
          <BlockedBadge user={user} />
        </Group>
      </Stack>
      <UserFacts user={user} />
      <ResidencyCard user={user} />
      <AccessCard user={user} isSelf={isSelf} />
      <BlockCard user={user} isSelf={isSelf} />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz={18}>
            Персональные данные
          </Title>
          <Text size="sm" c="dimmed">
            По запросу пользователя: выгрузка всего, что клуб о нём хранит, или удаление учётной записи. Оба действия попадают в журнал.
          </Text>
          <Group gap="sm">
            <Button component="a" href={userExportUrl(user.id)} download variant="default" leftSection={<IconDownload size={16} />}>
              Выгрузить данные (JSON)
            </Button>
            <DeleteUserButton user={user} disabled={isSelf} onDeleted={() => navigate('/admin', { replace: true })} />
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
