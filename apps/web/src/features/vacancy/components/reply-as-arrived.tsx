import type { ReplyDetail } from '@hr/contract';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoment } from '../lib/vacancy-format.ts';
import { ReplyFilePreview } from './reply-file-preview.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} fz={18} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A reply from the public page as the candidate sent it: their name as the heading and only what
 * they gave — the city, the cover letter, a few words about themselves, the CV file. Nothing of a
 * club resume's shape (experience, relocation, views) that the form never asked for.
 */
export function ReplyAsArrived({ reply }: { reply: ReplyDetail }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="article" aria-labelledby="reply-fio">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} id="reply-fio" fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {reply.fio}
          </Title>
          <Group gap="md" c="#33404f" style={{ rowGap: 4 }}>
            {reply.city_name ? (
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={16} stroke={1.6} aria-hidden />
                <Text size="sm">{reply.city_name}</Text>
              </Group>
            ) : null}
            <Text size="sm" c="dimmed">
              Отклик на «{reply.vacancy_title}» {formatMoment(reply.replied_at)}
            </Text>
          </Group>
        </Stack>
        {reply.cover_letter ? (
          <Section id="reply-cover-letter" title="Сопроводительное письмо">
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{reply.cover_letter}</Text>
          </Section>
        ) : null}
        {reply.about ? (
          <Section id="reply-about" title="О себе">
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{reply.about}</Text>
          </Section>
        ) : null}
        {reply.file ? (
          <Section id="reply-file" title="Файл резюме">
            <ReplyFilePreview vacancyId={reply.vacancy_id} replyId={reply.reply_id} file={reply.file} />
          </Section>
        ) : null}
      </Stack>
    </Paper>
  );
}
