import type { ReplyDetail, Stage } from '@hr/contract';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { MoveDialog, type MoveValues } from '@/features/pipeline/index.ts';
import { formatMoscowMoment } from '@/shared/lib/moscow-time.ts';
import { moveErrorText, useMoveReply } from '../api/set-reply-status.ts';
import { StageBadge } from './status-badge.tsx';

/** What the member is told after a move: where the reply went, and that its letter is on its way (a letter that could not go is said by the dialog). */
export function movedText(reply: ReplyDetail): string {
  const moved = `Отклик перенесён в «${reply.stage.title}»`;
  const letter = reply.message_state;
  return letter && (letter.state === 'queued' || letter.state === 'sent') ? `${moved}. Письмо ${letter.state_title}` : moved;
}

/**
 * The reply's stage, said on its own line, and the move to another: a stage chosen from the list
 * moves it at once; «Отказ» asks for a reason first, and «Перенести с письмом…» lets the member
 * write to the candidate (both through the move dialog).
 */
export function ReplyStatusControls({ reply }: { reply: ReplyDetail }) {
  const mutation = useMoveReply(reply.vacancy_id, reply.reply_id);
  const [dialog, setDialog] = useState<{ to?: Stage } | null>(null);
  const others = reply.stages.filter((s) => s.id !== reply.stage.id);

  /** Resolves to the answer (the dialog reports its letter); a refusal is said here and thrown on for the dialog's fields. */
  const move = async (values: Pick<MoveValues, 'stage_id'> & Partial<MoveValues>) => {
    try {
      const answer = await mutation.mutateAsync(values);
      setDialog(null);
      notifications.show({ color: 'teal', icon: <IconCheck size={18} />, message: movedText(answer.res), withBorder: true });
      return answer;
    } catch (error) {
      notifications.show({ color: 'red', title: 'Отклик не перенесён', message: moveErrorText(error), withBorder: true });
      throw error;
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" data-testid="reply-current-status">
        <Text size="sm" c="#33404f">
          Сейчас:
        </Text>
        <StageBadge stage={reply.stage} />
        <Text size="xs" c="#5c6673">
          с {formatMoscowMoment(reply.stage_at)}
        </Text>
      </Group>
      {reply.reason ? (
        <Text size="sm" c="#a11d1d">
          Причина отказа: {reply.reason.title}
        </Text>
      ) : null}
      <Select
        label="Перенести в этап"
        placeholder="Выберите этап"
        data={others.map((s) => ({ value: String(s.id), label: s.title }))}
        value={null}
        disabled={mutation.isPending}
        onChange={(value) => {
          const to = others.find((s) => String(s.id) === value);
          if (!to) return;
          if (to.kind === 'rejected') setDialog({ to });
          else move({ stage_id: to.id }).catch(() => undefined);
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <Button variant="light" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setDialog({})} disabled={mutation.isPending}>
        Перенести с письмом…
      </Button>
      <MoveDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        vacancyId={reply.vacancy_id}
        stages={others}
        initialStageId={dialog?.to?.id}
        replyId={reply.reply_id}
        count={1}
        busy={mutation.isPending}
        onSubmit={(values) => move(values)}
      />
    </Stack>
  );
}
