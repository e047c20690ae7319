import { Text } from '@mantine/core';
import { useState } from 'react';
import { answerInvite } from '../api/answer-invite.ts';
import { useTeamAction } from '../lib/use-team-action.ts';
import { AnswerButtons } from './answer-buttons.tsx';

type InviteAnswerProps = {
  inviteId: number;
  /** After any answer (or a refusal: someone answered it first): the caller reloads what shows it. */
  onAnswered: () => void;
};

/** «Отклонить» / «Принять» for one pending invitation or join request, where it is listed (a notification). */
export function InviteAnswer({ inviteId, onAnswered }: InviteAnswerProps) {
  const action = useTeamAction();
  const [sending, setSending] = useState<0 | 1 | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (status: 0 | 1) => {
    setSending(status);
    setError(null);
    const errors = await action.run(
      `answer-${inviteId}`,
      () => answerInvite(inviteId, status),
      status ? 'Приглашение принято' : 'Приглашение отклонено',
    );
    setSending(null);
    const messages = errors ? Object.values(errors).flat() : [];
    if (messages.length) setError(messages.join('\n'));
    onAnswered();
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
