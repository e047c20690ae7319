import { TEAM_MSG } from '@hr/contract';
import { Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fullName } from '@/shared/lib/format.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { answerInvite } from '../api/answer-invite.ts';
import { cancelInvite } from '../api/cancel-invite.ts';
import { createInvite } from '../api/create-invite.ts';
import { useTeam } from '../api/get-team.ts';
import { joinTeam } from '../api/join-team.ts';
import { TEAM_TEXT } from '../lib/team-texts.ts';
import { useTeamAction } from '../lib/use-team-action.ts';
import { AnswerButtons } from './answer-buttons.tsx';

type PersonTeamActionProps = {
  person: { id: number; name: string; family: string; is_team_lead: boolean };
  /** The team changed (flags are inherited): the caller refreshes the access map. */
  onChanged?: () => void;
};

function Block({ note, children }: { note: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap="xs" data-testid="person-team" component="section" aria-label="Команда">
      <Divider />
      <Text size="sm" c="dimmed">
        {note}
      </Text>
      {children ? (
        <Group gap="xs" wrap="wrap">
          {children}
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * The team on another member's page: «Вступить в команду» on a lead's page, «Пригласить в команду»
 * for a lead on anyone's page, the waiting request or invitation with «Отменить», an invitation
 * from this person with «Отклонить» / «Принять», or that they are in one team with the viewer.
 */
export function PersonTeamAction({ person, onChanged }: PersonTeamActionProps) {
  const { user } = useSession();
  const team = useTeam(user?.id);
  const action = useTeamAction(onChanged);
  const data = team.data;
  if (!user || !data || user.id === person.id) return null;

  const name = fullName(person.name, person.family) || `Участник ${person.id}`;
  const outgoing = data.outgoing.find((item) => item.to_user.id === person.id);
  const incoming = (data.teamLead ? data.reverseInviteUsers : data.inviteUsers).find((item) => item.from_user.id === person.id);

  if (data.lead?.id === person.id) {
    return (
      <Block note={`Вы в команде ${name}: вам доступны платные возможности руководителя, общее избранное и вакансии.`}>
        <Badge variant="light" color="teal" c="#05664a" radius="sm" tt="none" leftSection={<IconUsersGroup size={14} aria-hidden />}>
          Вы в этой команде
        </Badge>
      </Block>
    );
  }
  if (data.teamLead && data.members.some((member) => member.id === person.id)) {
    return (
      <Block note={`${name} — участник вашей команды.`}>
        <Badge variant="light" color="teal" c="#05664a" radius="sm" tt="none" leftSection={<IconUsersGroup size={14} aria-hidden />}>
          В вашей команде
        </Badge>
      </Block>
    );
  }
  if (outgoing) {
    const isJoin = outgoing.direction === 'join';
    return (
      <Block
        note={isJoin ? 'Запрос на вступление отправлен и ждёт ответа руководителя.' : 'Приглашение в команду отправлено и ждёт ответа.'}
      >
        <Button
          variant="default"
          size="sm"
          loading={action.pending === 'cancel'}
          onClick={() =>
            void action.run('cancel', () => cancelInvite(outgoing.id), isJoin ? TEAM_MSG.joinCancelled : TEAM_MSG.inviteCancelled)
          }
        >
          {isJoin ? 'Отменить запрос' : 'Отменить приглашение'}
        </Button>
      </Block>
    );
  }
  if (incoming) {
    return (
      <Block
        note={
          data.teamLead ? `${TEAM_TEXT.wantsToJoin(name)} ${TEAM_TEXT.leadGrants}` : `${TEAM_TEXT.invites(name)} ${TEAM_TEXT.memberGains}`
        }
      >
        <AnswerButtons
          justify="flex-start"
          pending={action.pending === 'answer-1' ? 1 : action.pending === 'answer-0' ? 0 : null}
          onAnswer={(status) =>
            void action.run(
              `answer-${status}`,
              () => answerInvite(incoming.id, status),
              status ? 'Приглашение принято' : 'Приглашение отклонено',
            )
          }
        />
      </Block>
    );
  }
  // Leads answer join requests, not invitations: one lead does not join another's team.
  if (data.teamLead && person.is_team_lead) return null;
  if (data.teamLead) {
    return (
      <Block note="Пригласите участника в свою команду: он получит ваши платные возможности, общее избранное и вакансии.">
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden />}
          loading={action.pending === 'invite'}
          onClick={() => void action.run('invite', () => createInvite({ user_id: person.id }), 'Приглашение отправлено')}
        >
          Пригласить в команду
        </Button>
      </Block>
    );
  }
  if (!person.is_team_lead) return null;

  const join = () => void action.run('join', () => joinTeam(person.id), 'Запрос отправлен руководителю команды');
  const confirmSwitch = () =>
    showConfirmDialog({
      title: 'Перейти в другую команду?',
      children: (
        <Text size="sm">
          Если {name} примет запрос, вы выйдете из команды {fullName(data.lead?.name, data.lead?.family)} и потеряете её привилегии.
        </Text>
      ),
      confirmLabel: 'Отправить запрос',
      cancelLabel: 'Отмена',
      onConfirm: join,
    });
  return (
    <Block note={`${name} руководит командой. ${TEAM_TEXT.memberGains}`}>
      <Button
        leftSection={<IconUserPlus size={18} aria-hidden />}
        loading={action.pending === 'join'}
        onClick={data.lead ? confirmSwitch : join}
      >
        Вступить в команду
      </Button>
    </Block>
  );
}
