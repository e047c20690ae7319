import { pageTitle } from '@hr/contract/constants';
import type { ReplyDetail } from '@hr/contract';
import { Anchor, Button, Container, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconFileText } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { replyFileUrl, useReply } from '../api/get-reply.ts';
import { ReplyContacts } from '../components/reply-contacts.tsx';
import { ReplyHistory } from '../components/reply-history.tsx';
import { ReplyStatusControls } from '../components/reply-status-controls.tsx';
import { ReplyStatusBadge } from '../components/status-badge.tsx';
import { formatFileSize, formatMoment } from '../lib/vacancy-format.ts';
import '../vacancy.css';

type VacancyReplyPageProps = {
  /** The resume's own look (header, experience, education, skills…), handed in by app/. */
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

/** A plain view for when no resume renderer is given: the name, the title and the text. */
function PlainResume({ reply }: { reply: ReplyDetail }) {
  return (
    <Stack gap="sm">
      <Text fw={600} c="#33404f">
        {reply.fio}
      </Text>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {reply.title}
      </Title>
      {reply.about ? <Text style={{ whiteSpace: 'pre-line' }}>{reply.about}</Text> : null}
    </Stack>
  );
}

/** `/vacancy/{v_id}/reply/{r_id}`: the reply as a resume, with contacts, the CV, the status and its history. */
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

  return (
    <div className="resume-backdrop vacancy-public">
      <Container size="lg" py={{ base: 'md', sm: 32 }} px={{ base: 'md', sm: 'lg' }}>
        <Group mb="md" justify="space-between" gap="sm">
          {back}
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {reply.reply_source === 'invite' ? 'Приглашён из базы клуба' : 'Откликнулся'} {formatMoment(reply.replied_at)}
            </Text>
            <ReplyStatusBadge status={reply.status} title={reply.status_title} />
          </Group>
        </Group>
        <div className="vacancy-layout">
          <Stack gap="lg" style={{ minWidth: 0 }}>
            {reply.cover_letter ? (
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
                <Block title="Сопроводительное письмо" id="reply-cover-letter">
                  <Text style={{ whiteSpace: 'pre-line' }}>{reply.cover_letter}</Text>
                </Block>
              </Paper>
            ) : null}
            {renderResume ? (
              renderResume(reply)
            ) : (
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
                <PlainResume reply={reply} />
              </Paper>
            )}
          </Stack>
          <Paper withBorder radius="lg" p="lg" component="aside" className="vacancy-side" aria-label="Работа с откликом">
            <Stack gap="md">
              <Block title="Статус" id="reply-status-title">
                <ReplyStatusControls reply={reply} />
              </Block>
              <Divider />
              <Block title="Контакты" id="reply-contacts-title">
                <ReplyContacts contacts={reply.contacts} resumeHash={reply.hash} />
              </Block>
              {reply.file ? (
                <>
                  <Divider />
                  <Block title="Файл резюме" id="reply-file-title">
                    <Group gap="xs" wrap="nowrap">
                      <IconFileText size={18} stroke={1.6} aria-hidden />
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {reply.file.name} · {formatFileSize(reply.file.size)}
                      </Text>
                    </Group>
                    <Button
                      component="a"
                      href={replyFileUrl(vacancyId, replyId)}
                      download={reply.file.name}
                      variant="light"
                      leftSection={<IconDownload size={18} />}
                    >
                      Скачать файл
                    </Button>
                  </Block>
                </>
              ) : null}
              <Divider />
              <Block title="История" id="reply-history-title">
                <ReplyHistory history={reply.history} />
              </Block>
            </Stack>
          </Paper>
        </div>
      </Container>
    </div>
  );
}
