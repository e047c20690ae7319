import type { AdminCandidate } from '@hr/contract';
import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteCandidate } from '../api/delete-candidate.ts';
import { handleAdminCommandError } from '../lib/admin-errors.ts';
import { notifyDone } from '../lib/notify.ts';
import { TypedConfirmDialog } from './typed-confirm-dialog.tsx';

/** A candidate's data deleted on request after typing the word «удалить». */
export function DeleteCandidateButton({ candidate }: { candidate: AdminCandidate }) {
  const [opened, dialog] = useDisclosure(false);
  const remove = useDeleteCandidate();

  const confirm = async (reason: string) => {
    try {
      const answer = await remove.mutateAsync({ hash: candidate.hash, reason });
      notifyDone(answer.message, 'Данные кандидата удалены');
      return true;
    } catch (error) {
      handleAdminCommandError(error);
      return false;
    }
  };

  return (
    <>
      <Button color="red" variant="light" c="red.9" size="xs" leftSection={<IconTrash size={14} />} onClick={dialog.open}>
        Удалить данные…
      </Button>
      <TypedConfirmDialog
        opened={opened}
        onClose={dialog.close}
        title={`Удалить данные кандидата: ${candidate.fio || candidate.hash}`}
        expected="удалить"
        confirmLabel="Удалить навсегда"
        onConfirm={confirm}
      >
        <Text size="sm">
          Будут удалены резюме, отклики ({candidate.replies}) с файлами, отзывы ({candidate.opinions}) и запросы отзывов о кандидате. От
          открытий контактов останется только факт, без данных кандидата.
        </Text>
      </TypedConfirmDialog>
    </>
  );
}
