import { REPLY_MESSAGE_MAX, type ReplyDetail, type ReplyStatus } from '@hr/contract/vacancy';
import { Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBriefcase, IconCheck, IconEye, IconMailForward, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError, joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { useSetReplyStatus } from '../api/set-reply-status.ts';
import { ReplyStatusBadge } from './status-badge.tsx';

type Settable = Exclude<ReplyStatus, 'new'>;

/**
 * `color`: the light button's tint (its text is darkened to AA by the theme); `confirm`: the filled
 * confirm button's colour, a shade dark enough for white text (teal-9 5.0:1, red-9 5.5:1, grape-9
 * 7.3:1 — the default teal-7 was 3.1:1).
 */
const ACTIONS: { status: Settable; label: string; dialog: string; confirm: string; icon: typeof IconEye; color: string; filled: string }[] = [
  { status: 'viewed', label: 'Просмотрен', dialog: 'Отметить как просмотренный', confirm: 'Отметить', icon: IconEye, color: 'gray', filled: 'brand' },
  { status: 'invited', label: 'Пригласить', dialog: 'Пригласить кандидата', confirm: 'Пригласить', icon: IconMailForward, color: 'teal', filled: 'teal.9' },
  { status: 'rejected', label: 'Отказать', dialog: 'Отказать кандидату', confirm: 'Отказать', icon: IconX, color: 'red', filled: 'red.9' },
  { status: 'hired', label: 'Нанят', dialog: 'Кандидат вышел на работу', confirm: 'Сохранить', icon: IconBriefcase, color: 'grape', filled: 'grape.9' },
];

/**
 * The reply's status, said on its own line, and the actions that change it. The buttons are
 * actions only (none stands for the current status); «Пригласить», «Отказать» and «Нанят» ask for
 * an optional message first.
 */
export function ReplyStatusControls({ reply }: { reply: ReplyDetail }) {
  const mutation = useSetReplyStatus(reply.vacancy_id, reply.reply_id);
  const [chosen, setChosen] = useState<(typeof ACTIONS)[number] | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();

  const apply = (status: Settable, text: string | null) =>
    mutation.mutate(
      { status, message: text },
      {
        onSuccess: (answer) => {
          setChosen(null);
          setMessage('');
          notifications.show({
            message: text
              ? `${answer.message ?? 'Статус отклика изменён'}. Письмо кандидату отправлено.`
              : (answer.message ?? 'Статус отклика изменён'),
            color: 'teal',
            icon: <IconCheck size={18} />,
            withBorder: true,
          });
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 422 && failure.fieldErrors.message)
            setError(joinErrors(failure.fieldErrors.message));
          else {
            const fields = handleErrorWithoutRedirect(failure);
            setError(joinErrors(fields.message ?? fields.status));
          }
        },
      },
    );

  const email = reply.contacts?.email ?? null;

  return (
    <Stack gap="xs">
      <Group gap="xs" data-testid="reply-current-status">
        <Text size="sm" c="#33404f">
          Сейчас:
        </Text>
        <ReplyStatusBadge status={reply.status} title={reply.status_title} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" role="group" aria-label="Изменить статус отклика">
        {ACTIONS.map((action) => {
          const Icon = action.icon;
          return (
            <Button
              key={action.status}
              variant="light"
              color={action.color}
              disabled={mutation.isPending}
              leftSection={<Icon size={16} />}
              onClick={() => {
                if (action.status === 'viewed') apply('viewed', null);
                else {
                  setError(undefined);
                  setChosen(action);
                }
              }}
            >
              {action.label}
            </Button>
          );
        })}
      </SimpleGrid>
      <AppModal opened={chosen !== null} onClose={() => setChosen(null)} title={chosen?.dialog ?? 'Статус отклика'} size={520}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) apply(chosen.status, message.trim() || null);
          }}
        >
          <Stack gap="md">
            <Textarea
              label="Сообщение кандидату"
              description={
                email
                  ? `Необязательно. Если написать, оно уйдёт письмом на ${email}`
                  : 'Необязательно. У кандидата нет e-mail — сообщение сохранится в истории'
              }
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              placeholder={chosen?.status === 'invited' ? 'Например: приглашаем на собеседование во вторник в 11:00, адрес…' : undefined}
              autosize
              minRows={4}
              maxRows={12}
              maxLength={REPLY_MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setChosen(null)}>
                Отмена
              </Button>
              <Button type="submit" color={chosen?.filled} loading={mutation.isPending}>
                {chosen?.confirm ?? 'Сохранить'}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              Статус и сообщение попадут в историю отклика — их увидит ваша команда.
            </Text>
          </Stack>
        </form>
      </AppModal>
    </Stack>
  );
}
