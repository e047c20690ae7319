import { Text } from '@mantine/core';
import { useState } from 'react';
import { answerInvite } from '../api/answer-invite.ts';
import { useTeamAction } from '../lib/use-team-action.ts';
import { AnswerButtons } from './answer-buttons.tsx';

type InviteAnswerProps = {
  inviteId: number;
  /** After any answer — the reader's (`accepted`/`declined`) or null on a refusal (answered elsewhere first): the caller reloads what shows it. */
  onAnswered: (status: 'accepted' | 'declined' | null) => void;
};

/** «Отклонить» / «Принять» for one pending invitation or join request, where it is listed (a notification). */
export function InviteAnswer({ inviteId, onAnswered }: InviteAnswerProps) {
  const action = useTeamAction();
  const [sending, setSending] = useState<0 | 1 | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (status: 0 | 1) => {
    setSending(status);
    setError(null);
    let done = false;
    const errors = await action.run(
      `answer-${inviteId}`,
      async () => {
        const answer = await answerInvite(inviteId, status);
        done = true;
        return answer;
      },
      status ? 'Приглашение принято' : 'Приглашение отклонено',
    );
    setSending(null);
    if (!errors) return; // another answer was already on its way
    const messages = Object.values(errors).flat();
    if (messages.length) setError(messages.join('\n'));
    onAnswered(done ? (status ? 'accepted' : 'declined') : null);
  };

  return (
    <>
      <AnswerButtons size="xs" onAnswer={(status) => void answer(status)} pending={sending} justify="flex-start" />
      {error ? (
        <Text size="xs" c="red.8" role="alert" mt={4} style={{ whiteSpace: 'pre-line' }}>
          {error}
        </Text>
      ) : null}
    </>
  );
}
