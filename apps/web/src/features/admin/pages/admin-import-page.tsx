import { Stack, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useImports } from '../api/get-imports.ts';
import { LoadFailed } from '../components/admin-empty.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ImportUpload } from '../components/import-upload.tsx';
import { ImportsTable } from '../components/imports-table.tsx';
import { TableSkeleton } from '../components/table-skeleton.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { pageParam, toSearch } from '../lib/url-params.ts';

/** `/admin/import`: upload a resume file (the CLI's formats) and the list of earlier uploads. */
export function AdminImportPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const { data, error, isPending, isPlaceholderData } = useImports(page);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  return (
    <Stack gap="lg">
      <ImportUpload />
      <Stack gap="sm">
        <Title order={2} fz={18}>
          Загрузки
        </Title>
        {isPending ? (
          <TableSkeleton label="Загружаем список импортов" rows={3} />
        ) : !data ? (
          <LoadFailed icon={IconFileImport} what="список импортов" />
        ) : data.data.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={IconFileImport}
            title="Файлов ещё не загружали"
            text="Загруженный файл появится здесь с ходом импорта и отчётом по строкам."
          />
        ) : (
          <div className={isPlaceholderData ? 'admin-stale' : undefined}>
            <ImportsTable jobs={data.data} />
            <Pager
              size="sm"
              page={data.current_page}
              lastPage={data.last_page}
              count={{ total: data.total, forms: ['загрузка', 'загрузки', 'загрузок'] }}
              onChange={(next) => setParams(toSearch({ page: next }))}
              label="Страницы загрузок"
            />
          </div>
        )}
      </Stack>
    </Stack>
  );
}
