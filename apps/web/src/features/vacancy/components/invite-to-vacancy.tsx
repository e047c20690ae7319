import type { InviteTargets } from '@hr/contract';
import { Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconMailForward, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { showServerMessage } from '@/shared/ui/dialogs.tsx';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { useInviteTargets } from '../api/get-invite-targets.ts';
import { useInviteToVacancy } from '../api/invite-to-vacancy.ts';
import { formatSalaryRange } from '../lib/vacancy-format.ts';

type Target = InviteTargets['data'][number];

/** Where the resume already is, in words: «уже приглашён» for an invite, «уже в откликах» for a reply. */
const alreadyText = (on: NonNullable<Target['on']>) => (on.source === 'invite' ? 'уже приглашён' : 'уже в откликах');

/** The resume's place on the team's vacancies, said apart from the button: «Приглашён на «…»». */
function AlreadyOn({ targets }: { targets: Target[] }) {
  if (targets.length === 0) return null;
  return (
    <Stack gap={4} role="list" aria-label="Вакансии, где кандидат уже есть" data-testid="invite-already">
      {targets.map((t) => (
        <Group key={t.id} gap={6} wrap="nowrap" align="flex-start" role="listitem">
          <IconMailForward size={16} stroke={1.6} aria-hidden style={{ flexShrink: 0, marginTop: 3, color: '#0b5e4f' }} />
          <Text size="sm" c="#1d2733" style={{ overflowWrap: 'anywhere' }}>
            {t.on?.source === 'invite' ? 'Приглашён на' : 'Откликнулся на'}{' '}
            <Anchor component={Link} to={`/vacancy/${t.id}/reply`} inherit>
              «{t.title}»
            </Anchor>
            {t.on && t.on.status !== 'invited' && t.on.status !== 'new' ? ` · ${t.on.status_title}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * «Пригласить на вакансию» on a resume page: the member picks one of the published vacancies
 * (their own and the team's); the resume joins its replies as «Приглашение». Vacancies the resume
 * is already on are listed above the button and shown disabled in the dialog, never offered.
 */
export function InviteToVacancy({ hash }: { hash: string }) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = useInviteTargets(hash);
  const invite = useInviteToVacancy();
  const vacancies = list.data?.data ?? [];
  const already = vacancies.filter((v) => v.on);
  const open = vacancies.filter((v) => !v.on);

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
      <AlreadyOn targets={already} />
      {open.length > 0 ? (
        <Button
          variant="light"
          fullWidth
          leftSection={<IconSend size={18} stroke={1.6} />}
          onClick={() => {
            setChosen(open.length === 1 ? String(open[0]?.id) : null);
            setOpened(true);
          }}
        >
          Пригласить на вакансию
        </Button>
      ) : null}
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
                  disabled={!!vacancy.on}
                  description={
                    [vacancy.on ? alreadyText(vacancy.on) : null, vacancy.city?.title, formatSalaryRange(vacancy.salary_from, vacancy.salary_to)]
                      .filter(Boolean)
                      .join(' · ') || undefined
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
