import { type AdminOpinion, adminModerationBody, REVIEW_SOURCE_TITLES, REVIEW_VERDICT_TITLES, titleOf } from '@hr/contract';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '@/shared/lib/format.ts';
import { useModerateOpinion } from '../api/moderate-opinion.ts';
import { handleAdminActionError } from '../lib/admin-errors.ts';
import { notifyDone } from '../lib/notify.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** One opinion with its author and the hide/restore action (a reason each time; the author is notified). */
export function OpinionModerationCard({ opinion }: { opinion: AdminOpinion }) {
  const moderate = useModerateOpinion();
  const [opened, dialog] = useDisclosure(false);
  const hidden = opinion.hidden_at !== null;

  const send = async (reason: string) => {
    try {
      const answer = await moderate.mutateAsync({ id: opinion.id, action: hidden ? 'unhide' : 'hide', reason });
      notifyDone(answer.message, hidden ? 'Отзыв снова виден' : 'Отзыв скрыт');
      return {};
    } catch (error) {
      const errors = handleAdminActionError(error);
      return Object.keys(errors).length ? errors : { _: [] };
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" bg={hidden ? 'gray.0' : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Anchor component={Link} to={`/resume/${opinion.resume_hash}`} fw={600} size="sm" className="admin-break">
              {opinion.resume_title || 'Резюме без названия'}
            </Anchor>
            <Text size="xs" c="dimmed">
              {opinion.author_id ? (
                <Anchor component={Link} to={`/admin/users/${opinion.author_id}`} size="xs">
                  {opinion.author_name}
                </Anchor>
              ) : (
                opinion.author_name
              )}{' '}
              · {formatDateTime(opinion.created_at)} · {titleOf(REVIEW_SOURCE_TITLES, opinion.source)}
            </Text>
          </Stack>
          <Group gap={6}>
            <Badge variant="light" color="brand" c="dark.7" radius="sm" tt="none">
              {titleOf(REVIEW_VERDICT_TITLES, opinion.verdict)}
            </Badge>
            {hidden ? (
              <Badge variant="light" color="red" c="dark.7" radius="sm">
                Скрыт
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" className="admin-break" style={{ whiteSpace: 'pre-line' }}>
          {opinion.text}
        </Text>
        {hidden ? (
          <Text size="xs" c="red.9">
            Скрыт {formatDateTime(opinion.hidden_at)}. Причина: {opinion.hidden_reason || 'не указана'}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            size="xs"
            variant={hidden ? 'default' : 'light'}
            color={hidden ? undefined : 'red'}
            c={hidden ? undefined : 'red.9'}
            leftSection={hidden ? <IconEye size={14} /> : <IconEyeOff size={14} />}
            onClick={dialog.open}
          >
            {hidden ? 'Вернуть…' : 'Скрыть…'}
          </Button>
        </Group>
      </Stack>
      <ReasonDialog
        opened={opened}
        onClose={dialog.close}
        title={hidden ? 'Вернуть отзыв' : 'Скрыть отзыв'}
        description={
          hidden
            ? 'Отзыв снова увидят участники клуба. Автор получит уведомление с вашим комментарием.'
            : 'Отзыв перестанут видеть участники клуба. Автор получит уведомление с причиной.'
        }
        label={hidden ? 'Комментарий' : 'Причина'}
        confirmLabel={hidden ? 'Вернуть' : 'Скрыть'}
        danger={!hidden}
        schema={adminModerationBody}
        onSubmit={send}
      />
    </Card>
  );
}
