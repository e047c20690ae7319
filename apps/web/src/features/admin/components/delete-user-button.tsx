import type { AdminUser } from '@hr/contract';
import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteUser } from '../api/delete-user.ts';
import { handleAdminCommandError } from '../lib/admin-errors.ts';
import { notifyDone } from '../lib/notify.ts';
import { TypedConfirmDialog } from './typed-confirm-dialog.tsx';

type DeleteUserButtonProps = { user: Pick<AdminUser, 'id' | 'fio' | 'email'>; disabled?: boolean; onDeleted?: () => void; size?: 'xs' | 'sm' };

/** A member's account and everything tied to it, deleted on request after typing their e-mail. */
export function DeleteUserButton({ user, disabled, onDeleted, size = 'sm' }: DeleteUserButtonProps) {
  const [opened, dialog] = useDisclosure(false);
  const remove = useDeleteUser();

  const confirm = async (reason: string, typed: string) => {
    try {
      const answer = await remove.mutateAsync({ id: user.id, email: typed, reason });
      notifyDone(answer.message, 'Учётная запись и данные пользователя удалены');
      onDeleted?.();
      return true;
    } catch (error) {
      handleAdminCommandError(error);
      return false;
    }
  };

  return (
    <>
      <Button
        color="red"
        variant="light"
        c="red.9"
        size={size}
        leftSection={<IconTrash size={16} />}
        onClick={dialog.open}
        disabled={disabled}
      >
        Удалить учётную запись…
      </Button>
      <TypedConfirmDialog
        opened={opened}
        onClose={dialog.close}
        title={`Удалить учётную запись: ${user.fio}`}
        expected={user.email}
        confirmLabel="Удалить навсегда"
        onConfirm={confirm}
      >
        <Text size="sm">
          Будут удалены учётная запись, профиль, избранное, вакансии с откликами, отзывы, уведомления и сессии пользователя. В журнале
          аудита останется только факт удаления, без персональных данных.
        </Text>
      </TypedConfirmDialog>
    </>
  );
}
