import { pageTitle } from '@hr/contract/constants';
import type { ReplyDetail } from '@hr/contract';
import { Anchor, Container, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { ReplyDuplicates, ReplyInterviews } from '@/features/pipeline/index.ts';
import { useReply } from '../api/get-reply.ts';
import { ReplyAsArrived } from '../components/reply-as-arrived.tsx';
import { ReplyContacts } from '../components/reply-contacts.tsx';
import { ReplyHistory } from '../components/reply-history.tsx';
import { ReplyStatusControls } from '../components/reply-status-controls.tsx';
import { formatMoment } from '../lib/vacancy-format.ts';
import '../vacancy.css';

type VacancyReplyPageProps = {
  /** An invited club resume's own look (header, experience, education, skills…), handed in by app/. */
  renderResume?: (resume: ReplyDetail) => ReactNode;
};

function Block({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} fz={16} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** An invited club resume's plain view for when no resume renderer is given: the name, the title and the text. */
function PlainResume({ reply }: { reply: ReplyDetail }) {
  return (
    <Stack gap="sm">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {reply.fio}
      </Title>
      <Text fw={600} c="#33404f">
        {reply.title}
      </Text>
      {reply.about ? <Text style={{ whiteSpace: 'pre-line' }}>{reply.about}</Text> : null}
    </Stack>
  );
}

/**
 * `/vacancy/{v_id}/reply/{r_id}`: a reply from the public page as it arrived (the CV previewed), or an
 * invited club resume in the resume's own look, its possible duplicates and interviews; beside it the
 * stage and the moves to another, the contacts and the history of moves and letters.
 */
export function VacancyReplyPage({ renderResume }: VacancyReplyPageProps) {
  const params = useParams();
  const vacancyId = Number(params.vId);
  const replyId = Number(params.rId);
  const { data: reply, error } = useReply(vacancyId, replyId);

  useEffect(() => {
    if (error) handleErrorWithRedirect(error);
  }, [error]);
  useEffect(() => {
    if (reply) document.title = pageTitle(`${reply.fio} — отклик`);
  }, [reply]);

  const back = (
    <Anchor component={Link} to={`/vacancy/${vacancyId}/reply`} size="sm" fw={500} className="vacancy-back">
      <IconArrowLeft size={16} stroke={1.8} aria-hidden />
      {reply ? `Отклики на «${reply.vacancy_title}»` : 'К откликам'}
    </Anchor>
  );

  if (!reply) {
    return (
      <Container size="lg" py={{ base: 'md', sm: 32 }} px={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg" role="status" aria-busy="true" aria-label="Загружаем отклик">
          {back}
          <Skeleton height={200} radius="lg" />
          <Skeleton height={320} radius="lg" />
        </Stack>
      </Container>
    );
  }

  const fromPage = reply.reply_source === 'reply';
  return (
    <div className="resume-backdrop vacancy-public">
      <Container size="lg" py={{ base: 'md', sm: 32 }} px={{ base: 'md', sm: 'lg' }}>
        <Group mb="md" justify="space-between" gap="sm">
          {back}
          {fromPage ? null : (
            <Text size="sm" c="dimmed">
              Приглашён из базы клуба {formatMoment(reply.replied_at)}
            </Text>
          )}
        </Group>
        <div className="vacancy-layout">
          <Stack gap="lg" style={{ minWidth: 0 }}>
            <ReplyDuplicates vacancyId={vacancyId} replyId={replyId} />
            {fromPage ? (
              <ReplyAsArrived reply={reply} />
            ) : renderResume ? (
              renderResume(reply)
            ) : (
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
                <PlainResume reply={reply} />
              </Paper>
            )}
            <ReplyInterviews vacancyId={vacancyId} replyId={replyId} />
          </Stack>
          <Paper withBorder radius="lg" p="lg" component="aside" className="vacancy-side" aria-label="Работа с откликом">
            <Stack gap="md">
              <Block title="Этап" id="reply-status-title">
                <ReplyStatusControls reply={reply} />
              </Block>
              <Divider />
              <Block title="Контакты" id="reply-contacts-title">
                <ReplyContacts contacts={reply.contacts} resumeHash={reply.hash} />
              </Block>
              <Divider />
              <Block title="История" id="reply-history-title">
                <ReplyHistory items={reply.timeline} />
              </Block>
            </Stack>
          </Paper>
        </div>
      </Container>
    </div>
  );
}
