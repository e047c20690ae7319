import { Stack, Text } from '@mantine/core';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useMailFailures } from '../api/get-mail-failures.ts';
import { LoadFailed } from '../components/admin-empty.tsx';
import { MailFailuresTable } from '../components/mail-failures-table.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { TableSkeleton } from '../components/table-skeleton.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { pageParam, toSearch } from '../lib/url-params.ts';

/** `/admin/mail`: letters the mail server refused or did not take, the newest failure first. */
export function AdminMailPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const { data, error, isPending, isPlaceholderData } = useMailFailures(page);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  if (isPending) return <TableSkeleton label="Загружаем неотправленные письма" />;
  if (!data) return <LoadFailed icon={IconMail} what="неотправленные письма" />;
  if (data.data.length === 0)
    return <EmptyState headingLevel={3} icon={IconMailCheck} title="Неотправленных писем нет" text="Почтовый сервер принял все письма." />;
  return (
    <Stack gap="sm" className={isPlaceholderData ? 'admin-stale' : undefined}>
      <Text size="sm" c="dimmed">
        Письма, которые почтовый сервер отклонил или не принял. Постоянный отказ (код 5xx) не повторяется; остальные письма отправляются
        повторно в течение суток.
      </Text>
      <MailFailuresTable mails={data.data} />
      <Pager
        size="sm"
        page={data.current_page}
        lastPage={data.last_page}
        count={{ total: data.total, forms: ['письмо', 'письма', 'писем'] }}
        onChange={(next) => setParams(toSearch({ page: next }))}
        label="Страницы писем"
      />
    </Stack>
  );
}
