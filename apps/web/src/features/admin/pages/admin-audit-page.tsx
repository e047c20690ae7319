import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, auditQuery, errorsByField } from '@hr/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconListDetails } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { type AuditParams, auditExportUrl, useAudit } from '../api/get-audit.ts';
import { LoadFailed } from '../components/admin-empty.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { AuditFilters, type AuditFilterValues } from '../components/audit-filters.tsx';
import { AuditTable } from '../components/audit-table.tsx';
import { TableSkeleton } from '../components/table-skeleton.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { oneOf, pageParam, toSearch } from '../lib/url-params.ts';

/** `/admin/audit`: the append-only audit log, filtered in the URL, exported to CSV with the same filters. */
export function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const values: AuditFilterValues = {
    actor_id: params.get('actor_id') ?? '',
    action: oneOf(params.get('action'), AUDIT_ACTIONS),
    object_type: oneOf(params.get('object_type'), AUDIT_OBJECT_TYPES),
    object_id: params.get('object_id') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const page = pageParam(params.get('page'));
  // The contract's own rules: a bad filter is named under its field instead of asking the server.
  const raw = {
    ...values,
    page,
    actor_id: values.actor_id || undefined,
    object_id: values.object_id || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
  };
  const checked = auditQuery.safeParse(raw);
  const byField = checked.success ? {} : errorsByField(checked.error.issues, { firstOnly: true });
  const errors: Record<string, string | undefined> = Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, v[0]]));
  const query = raw as AuditParams;
  const { data, error, isPending, isPlaceholderData } = useAudit(query, checked.success);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  const apply = (next: AuditFilterValues, nextPage = 1) => setParams(toSearch({ ...next, page: nextPage }));

  return (
    <Stack gap="md">
      <AuditFilters values={values} errors={errors} onChange={apply} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Журнал только пополняется: записи нельзя изменить или удалить. Даты — по московскому времени.
        </Text>
        <Button
          component="a"
          href={checked.success ? auditExportUrl(query) : undefined}
          download
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          disabled={!checked.success}
        >
          Выгрузить в CSV
        </Button>
      </Group>
      {!checked.success ? null : isPending ? (
        <TableSkeleton label="Загружаем журнал" />
      ) : !data ? (
        <LoadFailed icon={IconListDetails} what="журнал" />
      ) : data.data.length === 0 ? (
        <EmptyState headingLevel={3} icon={IconListDetails} title="Записей не нашлось" text="Измените фильтры или период." />
      ) : (
        <div className={isPlaceholderData ? 'admin-stale' : undefined}>
          <AuditTable entries={data.data} />
          <Pager
            size="sm"
            page={data.current_page}
            lastPage={data.last_page}
            count={{ total: data.total, forms: ['запись', 'записи', 'записей'] }}
            onChange={(next) => apply(values, next)}
            label="Страницы журнала"
          />
        </div>
      )}
    </Stack>
  );
}
