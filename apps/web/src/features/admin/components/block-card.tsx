import { type AdminUser, adminBlockBody } from '@hr/contract';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { formatDateTime } from '@/shared/lib/format.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { useBlockUser } from '../api/block-user.ts';
import { useUnblockUser } from '../api/unblock-user.ts';
import { handleAdminActionError, handleAdminCommandError } from '../lib/admin-errors.ts';
import { notifyDone } from '../lib/notify.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** Block with a reason (sessions and sockets end at once, login says why) or unblock. */
export function BlockCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const block = useBlockUser(user.id);
  const unblock = useUnblockUser(user.id);
  const [blocking, blockDialog] = useDisclosure(false);

  const sendBlock = async (reason: string) => {
    try {
      const answer = await block.mutateAsync({ reason });
      notifyDone(answer.message, 'Пользователь заблокирован');
      return {};
    } catch (error) {
      const errors = handleAdminActionError(error);
      return Object.keys(errors).length ? errors : { _: [] };
    }
  };

  const askUnblock = () =>
    showConfirmDialog({
      title: 'Разблокировать пользователя?',
      children: <Text size="sm">{user.fio} снова сможет входить на сайт.</Text>,
      confirmLabel: 'Разблокировать',
      cancelLabel: 'Отмена',
      onConfirm: () =>
        unblock.mutate(undefined, {
          onSuccess: (answer) => notifyDone(answer.message, 'Пользователь разблокирован'),
          onError: (error) => handleAdminCommandError(error),
        }),
    });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz={18}>
          Блокировка
        </Title>
        {user.blocked_at ? (
          <>
            <Text size="sm">
              Заблокирован {formatDateTime(user.blocked_at)}. Причина: {user.blocked_reason || 'не указана'}
            </Text>
            <Button variant="default" leftSection={<IconLockOpen size={16} />} onClick={askUnblock} loading={unblock.isPending}>
              Разблокировать
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Заблокированный пользователь сразу выходит на всех устройствах и не может войти; при входе он видит, что учётная запись
              заблокирована.
            </Text>
            <Button color="red" variant="light" c="red.9" leftSection={<IconLock size={16} />} onClick={blockDialog.open} disabled={isSelf}>
              Заблокировать…
            </Button>
            {isSelf ? (
              <Text size="sm" c="dimmed">
                Свою учётную запись заблокировать нельзя.
              </Text>
            ) : null}
          </>
        )}
      </Stack>
      <ReasonDialog
        opened={blocking}
        onClose={blockDialog.close}
        title={`Заблокировать: ${user.fio}`}
        description="Все сессии пользователя закончатся сразу. Причину увидят администраторы в карточке и журнале."
        label="Причина блокировки"
        confirmLabel="Заблокировать"
        danger
        schema={adminBlockBody}
        onSubmit={sendBlock}
      />
    </Card>
  );
}
