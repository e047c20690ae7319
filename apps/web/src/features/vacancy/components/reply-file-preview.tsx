import type { ReplyDetail } from '@hr/contract';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconExternalLink, IconFileText } from '@tabler/icons-react';
import { replyFileUrl } from '../api/get-reply.ts';
import { replyFileInlineUrl, useReplyFileText } from '../api/get-reply-file-text.ts';
import { formatFileSize } from '../lib/vacancy-format.ts';

type ReplyFile = NonNullable<ReplyDetail['file']>;

/** A DOCX or RTF as the server read it: its paragraphs as plain text (never as HTML). */
function FileText({ vacancyId, replyId }: { vacancyId: number; replyId: number }) {
  const text = useReplyFileText(vacancyId, replyId, true);
  if (text.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Читаем файл…
        </Text>
      </Group>
    );
  }
  if (!text.data?.text) {
    return (
      <Text size="sm" c="dimmed">
        Текст файла прочитать не удалось — скачайте его, чтобы открыть в Word.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <div className="reply-file-text" data-testid="reply-file-text">
        {text.data.text}
      </div>
      {text.data.truncated ? (
        <Text size="xs" c="dimmed">
          Показано начало файла — целиком он в скачанном файле.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The CV file of a reply: its name and size, «Скачать» beside it, and the file itself below — a PDF
 * in the browser's viewer (served inline to the team only), a DOCX or RTF as its text; a DOC (an
 * old binary Word file) is only downloaded.
 */
export function ReplyFilePreview({ vacancyId, replyId, file }: { vacancyId: number; replyId: number; file: ReplyFile }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" align="center">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileText size={20} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {file.name}{' '}
            <Text span size="sm" c="dimmed" fw={400}>
              · {formatFileSize(file.size)}
            </Text>
          </Text>
        </Group>
        <Group gap="xs">
          {file.type === 'pdf' ? (
            <Button
              component="a"
              href={replyFileInlineUrl(vacancyId, replyId)}
              target="_blank"
              rel="noopener"
              variant="default"
              size="sm"
              leftSection={<IconExternalLink size={16} />}
            >
              Открыть
            </Button>
          ) : null}
          <Button component="a" href={replyFileUrl(vacancyId, replyId)} download={file.name} variant="light" size="sm" leftSection={<IconDownload size={16} />}>
            Скачать
          </Button>
        </Group>
      </Group>
      {file.type === 'pdf' ? (
        <iframe className="reply-file-frame" src={replyFileInlineUrl(vacancyId, replyId)} title={`Файл резюме: ${file.name}`} />
      ) : file.type === 'docx' || file.type === 'rtf' ? (
        <FileText vacancyId={vacancyId} replyId={replyId} />
      ) : (
        <Text size="sm" c="dimmed">
          Файлы {file.type.toUpperCase()} браузер не показывает — скачайте файл, чтобы его открыть.
        </Text>
      )}
    </Stack>
  );
}
