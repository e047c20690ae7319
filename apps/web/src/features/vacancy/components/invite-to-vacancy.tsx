import { Anchor, Button, Group, Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { showServerMessage } from '@/shared/ui/dialogs.tsx';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { usePublishedVacancies } from '../api/get-vacancies.ts';
import { useInviteToVacancy } from '../api/invite-to-vacancy.ts';
import { formatSalaryRange } from '../lib/vacancy-format.ts';

/**
 * «Пригласить на вакансию» on a resume page: the member picks one of the published vacancies
 * (their own and the team's); the resume joins its replies as «Приглашение».
 */
export function InviteToVacancy({ hash }: { hash: string }) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = usePublishedVacancies(true);
  const invite = useInviteToVacancy();
  const vacancies = list.data?.data ?? [];

  // Nothing to invite to: the button would only disappoint.
  if (vacancies.length === 0) return null;

  const submit = () => {
    const vacancyId = Number(chosen);
    if (!vacancyId) return;
    invite.mutate(
      { vacancyId, hash },
      {
        onSuccess: (answer) => {
          setOpened(false);
          notifications.show({
            title: answer.message ?? 'Кандидат приглашён на вакансию',
            message: answer.res.emailed
              ? 'Кандидату отправлено письмо со ссылкой на вакансию.'
              : 'Отклик добавлен в список откликов вакансии.',
            color: 'teal',
            icon: <IconCheck size={18} />,
            withBorder: true,
          });
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 422) {
            const first = Object.values(failure.fieldErrors).flat()[0];
            showServerMessage('Не получилось пригласить', first ?? failure.payload.message, 'warning');
          } else handleErrorWithoutRedirect(failure);
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="light"
        fullWidth
        leftSection={<IconSend size={18} stroke={1.6} />}
        onClick={() => {
          setChosen(vacancies.length === 1 ? String(vacancies[0]?.id) : null);
          setOpened(true);
        }}
      >
        Пригласить на вакансию
      </Button>
      <AppModal opened={opened} onClose={() => setOpened(false)} title="Пригласить на вакансию" size={520}>
        <Stack gap="md">
          <Radio.Group
            value={chosen}
            onChange={setChosen}
            label="Вакансия"
            description="Резюме появится среди откликов со статусом «Приглашение»"
          >
            <Stack gap="xs" mt="xs">
              {vacancies.map((vacancy) => (
                <Radio
                  key={vacancy.id}
                  value={String(vacancy.id)}
                  label={vacancy.title}
                  description={
                    [vacancy.city?.title, formatSalaryRange(vacancy.salary_from, vacancy.salary_to)].filter(Boolean).join(' · ') ||
                    undefined
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="space-between" gap="sm">
            <Anchor component={Link} to="/vacancy" size="sm">
              Мои вакансии
            </Anchor>
            <Group gap="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                Отмена
              </Button>
              <Button onClick={submit} disabled={!chosen} loading={invite.isPending}>
                Пригласить
              </Button>
            </Group>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
