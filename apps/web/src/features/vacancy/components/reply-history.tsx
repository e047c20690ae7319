import type { ReplyDetail } from '@hr/contract';
import { Text } from '@mantine/core';
import { fullName } from '@/shared/lib/format.ts';
import { formatMoment } from '../lib/vacancy-format.ts';

/** Every transition of the reply: what, when and who (the candidate for the reply itself). */
export function ReplyHistory({ history }: { history: ReplyDetail['history'] }) {
  return (
    <ol className="reply-history" aria-label="История отклика">
      {history.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at the end
        <li key={index} className="reply-history__item">
          <Text size="sm" fw={600}>
            {entry.status_title}
          </Text>
          <Text size="xs" c="dimmed">
            {formatMoment(entry.at)} · {entry.by ? fullName(entry.by.name, entry.by.family) : 'Кандидат'}
          </Text>
          {entry.message ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }} className="reply-history__message">
              {entry.message}
            </Text>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
