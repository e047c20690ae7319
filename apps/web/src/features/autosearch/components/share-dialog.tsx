import { AUTOSEARCH_MSG } from '@hr/contract/autosearch';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTeam } from '@/features/team/api/get-team.ts';
import { joinErrors } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { type SavedSearch, useShareAutosearch } from '../api/autosearch-api.ts';
import { teammatesOf } from '../lib/teammates.ts';

type ShareDialogProps = { search: SavedSearch | null; onClose: () => void };

/** «Поделиться»: a teammate gets a copy of the saved search and a notification. */
export function ShareDialog({ search, onClose }: ShareDialogProps) {
  const { user } = useSession();
  const team = useTeam(user?.id, { enabled: search !== null });
  const share = useShareAutosearch();
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const teammates = teammatesOf(team.data, user?.id);

  const close = () => {
    setUserId(null);
    setError(undefined);
    onClose();
  };

  const send = () => {
    if (!search) return;
    if (!userId) {
      setError(AUTOSEARCH_MSG.userInvalid);
      return;
    }
    share.mutate(
      { id: search.id, userId: Number(userId) },
      {
        onSuccess: (answer) => {
          const to = teammates.find((t) => String(t.id) === userId)?.name;
          notifications.show({
            color: 'teal',
            message: answer.message || (to ? `${AUTOSEARCH_MSG.shared}: ${to}` : AUTOSEARCH_MSG.shared),
          });
          close();
        },
        onError: (failure) => {
          const errors = handleFormError(failure);
          setError(joinErrors(errors.user_id ?? Object.values(errors).flat()));
        },
      },
    );
  };

  return (
    <AppModal opened={search !== null} onClose={close} title="Поделиться автопоиском" size={480}>
      <Stack gap="md">
        <Text size="sm">
          Коллега получит копию автопоиска «{search?.name}» со всеми условиями и уведомление о нём. Ваш автопоиск не изменится.
        </Text>
        {team.isPending ? (
          <Text size="sm" c="dimmed">
            Загружаем команду…
          </Text>
        ) : teammates.length === 0 ? (
          <Text size="sm">
            В вашей команде пока никого нет. Пригласите коллег в{' '}
            <Anchor component={Link} to="/profile" onClick={close}>
              личном кабинете
            </Anchor>{' '}
            — и делитесь с ними поисками.
          </Text>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <Stack gap="md">
              <Select
                label="Участник команды"
                placeholder="Выберите коллегу"
                data={teammates.map((t) => ({ value: String(t.id), label: t.name }))}
                value={userId}
                onChange={(value) => {
                  setUserId(value);
                  setError(undefined);
                }}
                error={error}
                searchable={teammates.length > 7}
                nothingFoundMessage="Никого не нашлось"
                comboboxProps={{ withinPortal: true }}
                data-autofocus
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  Отмена
                </Button>
                <Button type="submit" loading={share.isPending}>
                  Отправить
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </AppModal>
  );
}
