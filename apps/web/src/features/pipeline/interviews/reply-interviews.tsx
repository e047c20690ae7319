import type { Interview, InterviewPerson } from '@hr/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconMapPin, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { showServerMessage, showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { useSession } from '@/shared/session/session-store.ts';
import { CriteriaLine } from './criteria-editor.tsx';
import { FeedbackDialog } from './feedback-dialog.tsx';
import { FeedbackSideBySide } from './feedback-side-by-side.tsx';
import { InterviewDialog } from './interview-dialog.tsx';
import { useInterviewActions, useInterviews } from './interviews-api.ts';
import { interviewWhen, minutesText } from './interview-time.ts';
import './interviews.css';

const names = (people: InterviewPerson[]) => people.map((p) => `${p.name} ${p.family}`.trim() || 'Участник').join(', ');

type Open = { kind: 'schedule' } | { kind: 'move'; interview: Interview } | { kind: 'feedback'; interview: Interview } | null;

type CardProps = {
  interview: Interview;
  viewerId: number | undefined;
  onMove: () => void;
  onCancel: () => void;
  onFeedback: () => void;
  cancelling: boolean;
};

function InterviewCard({ interview, viewerId, onMove, onCancel, onFeedback, cancelling }: CardProps) {
  const past = new Date(interview.starts_at).getTime() + interview.minutes * 60_000 < Date.now();
  const titleId = `interview-${interview.id}-title`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={titleId}
      className={interview.cancelled ? 'interview-card--cancelled' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconCalendarEvent size={18} stroke={1.8} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text fw={600} id={titleId} td={interview.cancelled ? 'line-through' : undefined}>
              {interviewWhen(interview.starts_at)}
            </Text>
          </Group>
          {interview.cancelled ? (
            <Badge color="gray" variant="light" tt="none">
              Отменено
            </Badge>
          ) : past ? (
            <Badge color="blue" variant="light" tt="none">
              Прошло
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {minutesText(interview.minutes)}
        </Text>
        {interview.place ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} stroke={1.8} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">{interview.place}</Text>
          </Group>
        ) : null}
        {interview.link ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconVideo size={16} stroke={1.8} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Anchor href={interview.link} target="_blank" rel="noopener noreferrer" size="sm" className="interview-card__link">
              {interview.link}
            </Anchor>
          </Group>
        ) : null}
        <Text size="sm">
          <Text span c="dimmed">
            Участники:{' '}
          </Text>
          {names(interview.participants)}
        </Text>
        <FeedbackSideBySide interview={interview} />
        {interview.cancelled ? null : (
          <Group gap="xs" wrap="wrap">
            {interview.can_feedback ? (
              <Button size="xs" onClick={onFeedback}>
                {interview.feedback.some((f) => f.by.id === viewerId) ? 'Изменить отзыв' : 'Оставить отзыв'}
              </Button>
            ) : null}
            {past ? null : (
              <>
                <Button size="xs" variant="light" onClick={onMove}>
                  Перенести
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={onCancel} loading={cancelling}>
                  Отменить
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * «Интервью» on a reply's page: schedule one (the candidate and participants get an `.ics`), move
 * or cancel it, and the participants' feedback side by side; the vacancy's criteria are edited here.
 */
export function ReplyInterviews({ vacancyId, replyId }: { vacancyId: number; replyId: number }) {
  const { data, isPending, isError, refetch } = useInterviews(vacancyId, replyId);
  const { cancel } = useInterviewActions(vacancyId, replyId);
  const viewerId = useSession().user?.id;
  const [open, setOpen] = useState<Open>(null);

  const confirmCancel = (interview: Interview) =>
    showConfirmDialog({
      title: 'Отменить интервью?',
      children: (
        <Text size="sm">
          Интервью {interviewWhen(interview.starts_at)} будет отменено. Кандидат и участники получат письмо, событие исчезнет из их
          календарей.
        </Text>
      ),
      confirmLabel: 'Отменить интервью',
      cancelLabel: 'Не отменять',
      onConfirm: () =>
        cancel.mutate(interview.id, {
          onSuccess: (answer) =>
            notifications.show({
              color: answer.res.candidate_notified ? 'teal' : 'orange',
              message: answer.message ?? 'Интервью отменено',
            }),
          onError: (error) => showServerMessage('Интервью не отменено', error instanceof Error ? error.message : undefined, 'error'),
        }),
    });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="reply-interviews-title"
      className="interviews-panel"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz={16} id="reply-interviews-title">
            Интервью
          </Title>
          {data ? (
            <Button size="xs" onClick={() => setOpen({ kind: 'schedule' })} leftSection={<IconCalendarEvent size={16} aria-hidden />}>
              Назначить интервью
            </Button>
          ) : null}
        </Group>
        {isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Загружаем интервью">
            <Skeleton height={72} radius="md" />
          </Stack>
        ) : isError ? (
          <Alert color="red" role="alert" title="Не удалось загрузить интервью">
            <Button size="xs" variant="light" onClick={() => refetch()}>
              Повторить
            </Button>
          </Alert>
        ) : (
          <>
            <CriteriaLine vacancyId={vacancyId} criteria={data.criteria} />
            {data.items.length ? (
              <Stack gap="sm" aria-live="polite">
                {data.items.map((iv) => (
                  <InterviewCard
                    key={iv.id}
                    interview={iv}
                    viewerId={viewerId}
                    onMove={() => setOpen({ kind: 'move', interview: iv })}
                    onCancel={() => confirmCancel(iv)}
                    onFeedback={() => setOpen({ kind: 'feedback', interview: iv })}
                    cancelling={cancel.isPending && cancel.variables === iv.id}
                  />
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" aria-live="polite">
                Интервью ещё не назначено.
              </Text>
            )}
          </>
        )}
        {data && (open?.kind === 'schedule' || open?.kind === 'move') ? (
          <InterviewDialog
            opened
            onClose={() => setOpen(null)}
            vacancyId={vacancyId}
            replyId={replyId}
            team={data.team}
            viewerId={viewerId}
            interview={open.kind === 'move' ? open.interview : null}
          />
        ) : null}
        {open?.kind === 'feedback' ? (
          <FeedbackDialog
            opened
            onClose={() => setOpen(null)}
            vacancyId={vacancyId}
            replyId={replyId}
            interview={data?.items.find((i) => i.id === open.interview.id) ?? open.interview}
            viewerId={viewerId}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
