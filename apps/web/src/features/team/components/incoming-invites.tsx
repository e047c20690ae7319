import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Team } from '@hr/contract';
import { answerInvite } from '../api/answer-invite.ts';
import { TEAM_TEXT } from '../lib/team-texts.ts';
import type { useTeamAction } from '../lib/use-team-action.ts';
import { AnswerButtons } from './answer-buttons.tsx';
import { PersonRow } from './person-row.tsx';

type IncomingInvitesProps = {
  invites: Team['inviteUsers'];
  /** A lead answers join requests; anyone else answers invitations (SEED 4). */
  asLead: boolean;
  action: ReturnType<typeof useTeamAction>;
};

/** Pending invitations (or join requests) addressed to the user, with «Отклонить» / «Принять». */
export function IncomingInvites({ invites, asLead, action }: IncomingInvitesProps) {
  const [sending, setSending] = useState<{ id: number; status: 0 | 1 } | null>(null);
  if (invites.length === 0) return null;

  const answer = async (id: number, status: 0 | 1) => {
    setSending({ id, status });
    await action.run(`answer-${id}`, () => answerInvite(id, status), status ? 'Приглашение принято' : 'Приглашение отклонено');
    setSending(null);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {asLead ? 'Запросы на вступление' : 'Приглашения в команду'}
      </Text>
      <Text size="xs" c="dimmed">
        {asLead ? TEAM_TEXT.leadGrants : TEAM_TEXT.memberGains}
      </Text>
      {invites.map((invite) => (
        <PersonRow
          key={invite.id}
          person={invite.from_user}
          note={asLead ? 'хочет вступить в вашу команду' : 'приглашает вас в свою команду'}
          actions={
            <AnswerButtons
              size="xs"
              onAnswer={(status) => void answer(invite.id, status)}
              pending={sending?.id === invite.id ? sending.status : null}
              disabled={sending !== null && sending.id !== invite.id}
            />
          }
        />
      ))}
    </Stack>
  );
}
