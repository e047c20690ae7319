import type { ImportJob, ImportReportLine } from '@hr/contract';
import { Badge, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useImportReport } from '../api/get-import-report.ts';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { importFieldName } from '../lib/import-fields.ts';
import { importRowWord } from '../lib/import-status.ts';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

/** The badge agrees with what a row is: «строка» (feminine) or «резюме» (neuter). */
const KIND = {
  rejected: { badge: ['Отклонена', 'Отклонено'], color: 'red', lead: 'Резюме не загружено:' },
  noted: { badge: ['Загружена с замечаниями', 'Загружено с замечаниями'], color: 'orange', lead: 'Резюме загружено, но:' },
} as const;

/**
 * One message of a row: «поле: «значение» — причина». The field is named in Russian first
 * («Языки, 1-й: уровень»); its path in the file (`language[0].level.id`) follows as a quiet hint, so
 * an admin can find the place. A message without a field (e.g. a broken JSON) is plain text.
 */
function Message({ text }: { text: string }) {
  const at = text.indexOf(': ');
  const path = at > 0 ? text.slice(0, at) : '';
  if (!path || /\s/.test(path)) return <>{text}</>;
  const name = importFieldName(path);
  const hint = (
    <Code c="dimmed" fz="xs" title="Поле в файле">
      {path}
    </Code>
  );
  if (!name)
    return (
      <>
        <Code>{path}</Code>: {text.slice(at + 2)}
      </>
    );
  return (
    <>
      <Text span fw={600} size="sm">
        {name}
      </Text>
      : {text.slice(at + 2)} {hint}
    </>
  );
}

/** A refusal may give several reasons «a; b»; notes come one a line. */
const messagesOf = (line: ImportReportLine) => (line.kind === 'noted' ? line.reason.split('\n') : line.reason.split(/; (?=[\w[\]./]+: )/));

function ReportRow({ line, word }: { line: ImportReportLine; word: string }) {
  const kind = KIND[line.kind];
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={700} size="sm">
            {word} {line.line.toLocaleString('ru-RU')}
          </Text>
          <Badge color={kind.color} variant="light" style={{ maxWidth: '100%' }}>
            {kind.badge[word === 'Резюме' ? 1 : 0]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {kind.lead}
        </Text>
        <List size="sm" spacing={4} className="admin-break">
          {messagesOf(line).map((message) => (
            <List.Item key={message}>
              <Message text={message} />
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/**
 * The rows of an import that need a look, in line order: refused ones (not written, and why) and
 * ones written without some field or with an old hh.ru value read as today's (what and why).
 */
export function ImportReport({ id, version, format }: { id: number; version: number; format: ImportJob['format'] }) {
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useImportReport(id, page, version);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  return (
    <Stack gap="sm">
      <Title order={2} fz={18}>
        {format === 'json' ? 'Отчёт по резюме' : 'Отчёт по строкам'}
      </Title>
      {isPending ? (
        <TableSkeleton label="Загружаем отчёт" rows={3} />
      ) : !data || data.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={IconCircleCheck}
          title="Замечаний нет"
          text={data ? (format === 'json' ? 'Все резюме загружены целиком.' : 'Все строки загружены целиком.') : 'Отчёт пока не готов.'}
        />
      ) : (
        <>
          <Stack
            gap="xs"
            component="ul"
            aria-label={format === 'json' ? 'Резюме с замечаниями и отклонённые' : 'Строки с замечаниями и отклонённые'}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {data.data.map((line) => (
              <ReportRow key={`${line.line}-${line.kind}`} line={line} word={importRowWord(format)} />
            ))}
          </Stack>
          <Pager
            size="sm"
            page={data.current_page}
            lastPage={data.last_page}
            count={{ total: data.total, forms: ['запись в отчёте', 'записи в отчёте', 'записей в отчёте'] }}
            onChange={setPage}
            label="Страницы отчёта"
          />
        </>
      )}
    </Stack>
  );
}
