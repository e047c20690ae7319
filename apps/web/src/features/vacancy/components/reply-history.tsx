import type { ReplyHistoryItem } from '@hr/contract';
import { Badge, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { fullName } from '@/shared/lib/format.ts';
import { formatMoscowMoment } from '@/shared/lib/moscow-time.ts';
import { deliveryText, historyHeading } from '../lib/history-text.ts';

const DELIVERY_COLOR: Record<string, string> = {
  sent: '#0b5e4f',
  queued: '#5c6673',
  failed: '#a11d1d',
  not_sent: '#a11d1d',
  cancelled: '#5c6673',
};

/** A letter of the history: its subject, its delivery, and its text opened on demand. */
function Letter({ message }: { message: NonNullable<ReplyHistoryItem['message']> }) {
  const [open, setOpen] = useState(false);
  const bodyId = `reply-letter-${message.id}`;
  return (
    <Stack gap={2} mt={4} className="reply-history__letter">
      <Text size="sm">
        Тема: <b>{message.subject}</b>
      </Text>
      <Text size="xs" c={DELIVERY_COLOR[message.state]} fw={600} data-testid="reply-letter-state">
        {deliveryText(message)}
      </Text>
      <Button
        variant="subtle"
        size="compact-xs"
        px={0}
        w="fit-content"
        aria-expanded={open}
        aria-controls={bodyId}
        rightSection={open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Скрыть текст письма' : 'Показать текст письма'}
      </Button>
      <Collapse in={open} id={bodyId}>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} className="reply-history__message">
          {message.body}
        </Text>
      </Collapse>
    </Stack>
  );
}

/** Every move and letter of the reply: «из → в», who and when, the reason, the letter and its delivery; bulk moves marked. */
export function ReplyHistory({ items }: { items: readonly ReplyHistoryItem[] }) {
  if (items.length === 0)
    return (
      <Text size="sm" c="#5c6673">
        Событий пока нет
      </Text>
    );
  return (
    <ol className="reply-history" aria-label="История отклика">
      {items.map((item) => (
        <li key={item.id} className="reply-history__item" data-event={item.event}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {historyHeading(item)}
            </Text>
            {item.bulk ? (
              <Badge size="xs" radius="sm" tt="none" variant="outline" color="gray" c="#3b4450">
                массовое действие
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="#5c6673">
            {formatMoscowMoment(item.at)} · {item.by ? fullName(item.by.name, item.by.family) : item.from ? 'Система' : 'Кандидат'}
          </Text>
          {item.reason ? (
            <Text size="sm" c="#a11d1d">
              Причина: {item.reason}
            </Text>
          ) : null}
          {item.note ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }} className="reply-history__message">
              {item.note}
            </Text>
          ) : null}
          {item.message ? <Letter message={item.message} /> : null}
        </li>
      ))}
    </ol>
  );
}
