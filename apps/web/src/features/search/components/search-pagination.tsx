import { Group, Text } from '@mantine/core';
import { depthNote } from '../lib/search-format.ts';
import { Pagination } from './deferred-inputs.tsx';

type SearchPaginationProps = { page: number; lastPage: number; total: number; onChange: (page: number) => void };

const CONTROL_LABELS = {
  first: 'Первая страница',
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  last: 'Последняя страница',
};

/** Pages up to the server's `last_page` (which already respects the 2000-result depth). */
export function SearchPagination({ page, lastPage, total, onChange }: SearchPaginationProps) {
  const note = depthNote(total);
  if (lastPage <= 1 && !note) return null;
  return (
    <Group justify="center" gap="xs" mt="md" className="search-pagination">
      {lastPage > 1 ? (
        <nav aria-label="Страницы результатов">
          <Pagination
            total={lastPage}
            value={Math.min(page, lastPage)}
            onChange={onChange}
            size="md"
            radius="md"
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            getItemProps={(item) => ({ 'aria-label': `Страница ${item}`, 'aria-current': item === page ? 'page' : undefined })}
          />
        </nav>
      ) : null}
      {note && page >= lastPage ? (
        <Text size="sm" c="dimmed" ta="center" w="100%">
          {note}
        </Text>
      ) : null}
    </Group>
  );
}
