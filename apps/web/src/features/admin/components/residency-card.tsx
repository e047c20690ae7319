import { type AdminUser, residencyDecisionBody } from '@hr/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatDateTime } from '@/shared/lib/format.ts';
import { useDecideResidency } from '../api/decide-residency.ts';
import { handleAdminActionError, handleAdminCommandError } from '../lib/admin-errors.ts';
import { notifyDone } from '../lib/notify.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { ResidencyBadge } from './user-badges.tsx';

/** The residency request made at registration: approve (the account becomes resident) or reject. */
export function ResidencyCard({ user }: { user: AdminUser }) {
  const decide = useDecideResidency(user.id);
  const [rejecting, reject] = useDisclosure(false);

  const approve = () =>
    decide.mutate(
      { decision: 'approve' },
      { onSuccess: (answer) => notifyDone(answer.message, 'Резидентство подтверждено'), onError: (error) => handleAdminCommandError(error) },
    );

  const sendReject = async (comment: string) => {
    try {
      const answer = await decide.mutateAsync({ decision: 'reject', comment });
      notifyDone(answer.message, 'В резидентстве отказано');
      return {};
    } catch (error) {
      const errors = handleAdminActionError(error);
      return Object.keys(errors).length ? errors : { _: [] };
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz={18}>
            Резидентство
          </Title>
          <ResidencyBadge user={user} />
        </Group>
        {user.residency_status === 'none' ? (
          <Text size="sm" c="dimmed">
            При регистрации резидентство не запрашивалось.
          </Text>
        ) : user.residency_status === 'pending' ? (
          <>
            <Text size="sm">Пользователь просит статус резидента клуба (отметил при регистрации). Заявка ждёт решения.</Text>
            <Group gap="sm">
              <Button
                leftSection={<IconCheck size={16} />}
                onClick={approve}
                loading={decide.isPending && decide.variables?.decision === 'approve'}
              >
                Подтвердить резидентство
              </Button>
              <Button variant="default" leftSection={<IconX size={16} />} onClick={reject.open} disabled={decide.isPending}>
                Отклонить…
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm">
            {user.residency_status_title}
            {user.residency_decided_at ? ` ${formatDateTime(user.residency_decided_at)}` : ''}
            {user.residency_comment ? `. Комментарий: ${user.residency_comment}` : ''}
          </Text>
        )}
      </Stack>
      <ReasonDialog
        opened={rejecting}
        onClose={reject.close}
        title="Отклонить заявку на резидентство"
        description="Пользователь получит уведомление; комментарий он увидит в нём."
        label="Комментарий (необязательно)"
        confirmLabel="Отклонить"
        danger
        field="comment"
        schema={residencyDecisionBody.extend({}).omit({ decision: true })}
        onSubmit={sendReject}
      />
    </Card>
  );
}
