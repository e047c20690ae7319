import type { ReplyListItem } from '@hr/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPaperclip } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoment } from '../lib/vacancy-format.ts';
import { StageBadge } from './status-badge.tsx';

/** One reply of the list, with only what the candidate gave and its stage; a new one is marked (accent, bold name). */
export function ReplyCard({ vacancyId, reply }: { vacancyId: number; reply: ReplyListItem }) {
  const titleId = `reply-card-${reply.id}`;
  const isNew = reply.stage.kind === 'new';
  return (
    <article className="reply-card" aria-labelledby={titleId} data-new={isNew} data-id={reply.id}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Anchor component={Link} to={`/vacancy/${vacancyId}/reply/${reply.id}`} id={titleId} className="reply-card__title">
            {reply.fio}
          </Anchor>
          <StageBadge stage={reply.stage} />
        </Group>
        {/* A reply from the public page has no title of its own (the server stores the vacancy's): only a club resume's is shown. */}
        {reply.source === 'invite' ? (
          <Text size="sm" fw={500} c="#1d2733">
            {reply.title}
          </Text>
        ) : null}
        <Group gap="md" c="#33404f" style={{ rowGap: 4 }}>
          {reply.city ? (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={16} stroke={1.6} aria-hidden />
              <Text size="sm">{reply.city}</Text>
            </Group>
          ) : null}
          {reply.has_file ? (
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={16} stroke={1.6} aria-hidden />
              <Text size="sm">Файл резюме</Text>
            </Group>
          ) : null}
          {reply.source === 'invite' ? (
            <Badge variant="outline" color="gray" c="#3b4450" radius="sm" tt="none" size="sm">
              Приглашение из базы клуба
            </Badge>
          ) : null}
          <Text size="sm" c="dimmed">
            {formatMoment(reply.created_at)}
          </Text>
        </Group>
      </Stack>
    </article>
  );
}
