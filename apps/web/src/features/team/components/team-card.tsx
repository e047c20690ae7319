import { TEAM_MSG } from '@hr/contract';
import { Alert, Badge, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { fullName } from '@/shared/lib/format.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { cancelInvite } from '../api/cancel-invite.ts';
import { createInvite } from '../api/create-invite.ts';
import { useTeam } from '../api/get-team.ts';
import { joinTeam } from '../api/join-team.ts';
import { leaveTeam } from '../api/leave-team.ts';
import { removeMember } from '../api/remove-member.ts';
import { useTeamAction } from '../lib/use-team-action.ts';
import { IncomingInvites } from './incoming-invites.tsx';
import { InviteMemberForm } from './invite-member-form.tsx';
import { PersonRow } from './person-row.tsx';
import { TeamTargetForm } from './team-target-form.tsx';

type TeamCardProps = { onChanged?: () => void };

/** The cabinet's team block: the lead or the members, invitations, join requests, leave/remove. */
export function TeamCard({ onChanged }: TeamCardProps) {
  const { user } = useSession();
  const team = useTeam(user?.id);
  const action = useTeamAction(onChanged);
  const data = team.data;

  const confirmLeave = () =>
    showConfirmDialog({
      title: 'Выйти из команды?',
      children: <Text size="sm">Привилегии команды и общий доступ к избранному и вакансиям перестанут действовать.</Text>,
      confirmLabel: 'Выйти из команды',
      cancelLabel: 'Остаться',
      onConfirm: () => void action.run('leave', leaveTeam, 'Вы вышли из команды'),
    });

  const confirmRemove = (member: { id: number; name: string; family: string }) =>
    showConfirmDialog({
      title: 'Исключить из команды?',
      children: (
        <Text size="sm">{fullName(member.name, member.family)} потеряет привилегии команды и общий доступ к избранному и вакансиям.</Text>
      ),
      confirmLabel: 'Исключить',
      cancelLabel: 'Отмена',
      onConfirm: () => void action.run(`remove-${member.id}`, () => removeMember(member.id), 'Участник исключён из команды'),
    });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="team-title" data-testid="team-card">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <IconUsers size={22} stroke={1.6} aria-hidden />
            <Title order={2} fz={20} id="team-title">
              Команда
            </Title>
          </Group>
          {data?.teamLead ? (
            <Badge variant="light" color="teal" c="#05664a" radius="sm" tt="none">
              Вы руководитель команды
            </Badge>
          ) : null}
        </Group>

        {!data ? (
          team.isError ? (
            <Alert color="red" variant="light" title="Не удалось загрузить команду">
              <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void team.refetch()}>
                Повторить
              </Button>
            </Alert>
          ) : (
            <Group justify="center" py="md">
              <Loader size="sm" role="status" aria-label="Загружаем команду" />
            </Group>
          )
        ) : (
          <>
            {data.lead ? (
              <Stack gap="xs" data-testid="team-lead">
                <Text size="sm" fw={600}>
                  Руководитель вашей команды
                </Text>
                <PersonRow
                  person={data.lead}
                  note="Вам доступны платные возможности руководителя команды, общее избранное и вакансии"
                  actions={
                    <Button size="xs" variant="default" loading={action.pending === 'leave'} onClick={confirmLeave}>
                      Выйти из команды
                    </Button>
                  }
                />
              </Stack>
            ) : null}

            <IncomingInvites invites={data.teamLead ? data.reverseInviteUsers : data.inviteUsers} asLead={data.teamLead} action={action} />

            {data.teamLead ? (
              <Stack gap="xs" data-testid="team-members">
                <Text size="sm" fw={600}>
                  Участники {data.members.length ? `(${data.members.length})` : ''}
                </Text>
                {data.members.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    В команде пока никого нет. Пригласите коллег — они получат ваши платные возможности и общий доступ к избранному и
                    вакансиям.
                  </Text>
                ) : (
                  data.members.map((member) => (
                    <PersonRow
                      key={member.id}
                      person={member}
                      actions={
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={action.pending === `remove-${member.id}`}
                          onClick={() => confirmRemove(member)}
                        >
                          Исключить
                        </Button>
                      }
                    />
                  ))
                )}
                <InviteMemberForm
                  busy={action.pending === 'invite'}
                  onInvite={(target) => action.run('invite', () => createInvite(target), 'Приглашение отправлено')}
                />
              </Stack>
            ) : null}

            {!data.teamLead && !data.lead ? (
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  Вы пока не состоите в команде. Участники команды пользуются платными возможностями руководителя, общим избранным и
                  вакансиями.
                </Text>
                <TeamTargetForm
                  label="Вступить в команду"
                  placeholder="ID руководителя команды"
                  description="ID показан в шапке сайта руководителя, рядом с его именем. Или откройте страницу руководителя и нажмите «Вступить в команду»"
                  submitLabel="Вступить в команду"
                  inputMode="numeric"
                  errorKeys={['lead_id']}
                  busy={action.pending === 'join'}
                  validate={(value) => (/^\d{1,10}$/.test(value.trim()) ? null : 'Укажите числовой ID руководителя команды')}
                  onSubmit={(value) => action.run('join', () => joinTeam(Number(value)), 'Запрос отправлен руководителю команды')}
                />
              </Stack>
            ) : null}

            {data.outgoing.length > 0 ? (
              <>
                <Divider />
                <Stack gap="xs">
                  <Text size="sm" fw={600}>
                    Ждут ответа
                  </Text>
                  {data.outgoing.map((item) => (
                    <PersonRow
                      key={item.id}
                      person={item.to_user}
                      note={item.direction === 'invite' ? 'приглашение отправлено' : 'запрос на вступление отправлен'}
                      actions={
                        <Button
                          size="xs"
                          variant="default"
                          loading={action.pending === `cancel-${item.id}`}
                          aria-label={`Отменить ${item.direction === 'invite' ? 'приглашение' : 'запрос'}: ${fullName(item.to_user.name, item.to_user.family)}`}
                          onClick={() =>
                            void action.run(
                              `cancel-${item.id}`,
                              () => cancelInvite(item.id),
                              item.direction === 'invite' ? TEAM_MSG.inviteCancelled : TEAM_MSG.joinCancelled,
                            )
                          }
                        >
                          Отменить
                        </Button>
                      }
                    />
                  ))}
                </Stack>
              </>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
