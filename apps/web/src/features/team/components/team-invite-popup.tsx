import { Anchor, Avatar, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { fullName, initials } from '@/shared/lib/format.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { answerInvite } from '../api/answer-invite.ts';
import { useTeam } from '../api/get-team.ts';
import { TEAM_TEXT } from '../lib/team-texts.ts';
import { useTeamAction } from '../lib/use-team-action.ts';
import { AnswerButtons } from './answer-buttons.tsx';

type TeamInvitePopupProps = {
  opened: boolean;
  /** The `invite` query parameter; null: the pending invites of the team answer, one after another. */
  inviteId: number | null;
  onClose: () => void;
  /** The team changed (flags are inherited): the caller refreshes the access map. */
  onAnswered?: () => void;
};

/**
 * SEED popup 9: who invites (or wants to join), a link to that person's page, «Отклонить» and
 * «Принять». SEED 4: a lead answers from the reverse-invite list, anyone else from the invite list.
 */
export function TeamInvitePopup({ opened, inviteId, onClose, onAnswered }: TeamInvitePopupProps) {
  const { user } = useSession();
  const team = useTeam(user?.id, { enabled: opened });
  const { run } = useTeamAction(onAnswered);
  const [sending, setSending] = useState<0 | 1 | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Answered here: hidden at once, before the team answer is reloaded.
  const [answered, setAnswered] = useState<ReadonlySet<number>>(() => new Set());

  const isLead = team.data?.teamLead === true;
  const list = isLead ? team.data?.reverseInviteUsers : team.data?.inviteUsers;
  const pending = (list ?? []).filter((item) => !answered.has(item.id));
  // SEED 4: without an id the popup takes the pending invite from the team answer.
  const wanted = inviteId !== null && !answered.has(inviteId) ? inviteId : null;
  const invite = wanted !== null ? list?.find((item) => item.id === wanted) : pending[0];
  const name = invite ? fullName(invite.from_user.name, invite.from_user.family) : '';
  const position = invite && pending.length > 1 ? pending.indexOf(invite) + 1 : 0;

  const answer = async (status: 0 | 1) => {
    if (!invite || sending !== null) return;
    setSending(status);
    setError(null);
    const errors = await run(
      `answer-${invite.id}`,
      () => answerInvite(invite.id, status),
      status ? 'Приглашение принято' : 'Приглашение отклонено',
    );
    setSending(null);
    if (!errors) return;
    const messages = Object.values(errors).flat();
    if (messages.length > 0) {
      setError(messages.join('\n'));
      return;
    }
    setAnswered(new Set([...answered, invite.id]));
    // Several pending: the next one is shown; the last answered closes the popup.
    if (!pending.some((item) => item.id !== invite.id)) onClose();
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={isLead ? TEAM_TEXT.joinTitle : TEAM_TEXT.inviteTitle} size={500}>
      {!team.data && !team.isError ? (
        <Group justify="center" py="lg">
          <Loader size="sm" role="status" aria-label="Загружаем приглашение" />
        </Group>
      ) : !invite ? (
        <Stack gap="lg">
          <Text size="sm">
            {inviteId === null
              ? 'Приглашений, ждущих ответа, нет.'
              : 'Приглашение не найдено: возможно, на него уже ответили или его отменили.'}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Понятно
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar radius="xl" size={48} color="brand" variant="light">
              {initials(invite.from_user.name, invite.from_user.family)}
            </Avatar>
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Text size="sm">
                <Anchor component={Link} to={`/person/${invite.from_user.id}`} fw={600}>
                  {name}
                </Anchor>{' '}
                {isLead ? 'хочет вступить в вашу команду.' : 'приглашает вас в свою команду.'}
              </Text>
              <Text size="sm" c="dimmed">
                {isLead ? TEAM_TEXT.leadGrants : TEAM_TEXT.memberGains}
              </Text>
              {position > 0 ? (
                <Text size="xs" c="dimmed" data-testid="invite-position">
                  {position} из {pending.length}
                </Text>
              ) : null}
            </Stack>
          </Group>
          {error ? (
            <Text size="sm" c="red.8" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {error}
            </Text>
          ) : null}
          <AnswerButtons onAnswer={(status) => void answer(status)} pending={sending} />
        </Stack>
      )}
    </AppModal>
  );
}
