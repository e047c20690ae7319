import type { DuplicateOf, SiblingReply } from '@hr/contract';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconGitMerge } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { useReplyDuplicates } from './duplicates-api.ts';
import { matchLine, matchLink, mergeLine, moscowMoment } from './duplicates-text.ts';
import { MergeDialog } from './merge-dialog.tsx';

function Match({ item, onMerge }: { item: DuplicateOf; onMerge: () => void }) {
  return (
    <List.Item>
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Anchor component={Link} to={matchLink(item)} fw={600}>
            {item.fio}
          </Anchor>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {matchLine(item)}
          </Text>
        </div>
        {item.mergeable ? (
          <Button size="xs" variant="default" leftSection={<IconGitMerge size={14} aria-hidden />} onClick={onMerge} aria-label={`Объединить с откликом ${item.fio} на «${item.vacancy_title ?? ''}»…`}>
            Объединить…
          </Button>
        ) : null}
      </Group>
    </List.Item>
  );
}

/** The candidate's other replies (one resume after a merge), each with its history. */
function Siblings({ replies }: { replies: SiblingReply[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        Другие отклики кандидата
      </Title>
      {replies.map((r) => (
        <div key={r.reply_id}>
          <Anchor component={Link} to={`/vacancy/${r.vacancy_id}/reply/${r.reply_id}`} size="sm" fw={600}>
            Отклик на «{r.vacancy_title}»
          </Anchor>
          <Text size="sm" c="dimmed">
            Этап «{r.stage_title}», получен {moscowMoment(r.created_at)}
          </Text>
          <List size="sm" spacing={2} mt={4} aria-label={`История отклика на «${r.vacancy_title}»`}>
            {r.history.map((h) => (
              <List.Item key={h.id}>
                {moscowMoment(h.at)} — {h.title}
                {h.by ? `, ${h.by}` : ''}
              </List.Item>
            ))}
          </List>
        </div>
      ))}
    </Stack>
  );
}

/** «Возможный дубль» and the merge, on the reply page: matches, «Объединено с …», the other replies. */
export function ReplyDuplicates({ vacancyId, replyId }: { vacancyId: number; replyId: number }) {
  const query = useReplyDuplicates(vacancyId, replyId);
  const [merging, setMerging] = useState<string | null>(null);
  const data = query.data;
  // A reply not found is the page's to say; any other failure here would hide a possible duplicate.
  if (!data && query.isError && !(isApiError(query.error) && query.error.status === 404)) {
    return (
      <Alert color="red" variant="light" radius="lg" role="alert" title="Не удалось проверить дубли">
        <Text size="sm">Совпадения по e-mail и телефону и объединения этого кандидата не загрузились.</Text>
        <Button size="xs" variant="default" mt="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
          Повторить
        </Button>
      </Alert>
    );
  }
  // Nothing to say: no empty box.
  if (!data || (!data.items.length && !data.merges.length && !data.replies.length)) return null;
  return (
    <Stack gap="sm">
      {data.items.length ? (
        <Alert color="orange" variant="light" radius="lg" icon={<IconCopy size={20} aria-hidden />} title="Возможный дубль">
          <List spacing="sm" listStyleType="none" ml={0}>
            {data.items.map((item) => (
              <Match key={`${item.kind}-${item.reply_id ?? item.hash}`} item={item} onMerge={() => setMerging(item.hash)} />
            ))}
          </List>
        </Alert>
      ) : null}
      {data.merges.length || data.replies.length ? (
        <Paper withBorder radius="lg" p="md" component="section" aria-label="Объединения резюме">
          <Stack gap="sm">
            {data.merges.map((m) => (
              <Group key={`${m.merged_hash}-${m.at}`} gap={8} wrap="nowrap" align="flex-start">
                <IconGitMerge size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm">{mergeLine(m)}</Text>
              </Group>
            ))}
            {data.replies.length ? <Siblings replies={data.replies} /> : null}
          </Stack>
        </Paper>
      ) : null}
      <MergeDialog keep={data.hash} merge={merging} onClose={() => setMerging(null)} />
    </Stack>
  );
}
