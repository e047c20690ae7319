import { Group, Text } from '@mantine/core';
import { Pager } from '@/shared/ui/pager.tsx';
import { depthNote } from '../lib/search-format.ts';
import { Pagination } from './deferred-inputs.tsx';

type SearchPaginationProps = { page: number; lastPage: number; total: number; onChange: (page: number) => void };

/** Pages up to the server's `last_page` (which already respects the 2000-result depth). */
export function SearchPagination({ page, lastPage, total, onChange }: SearchPaginationProps) {
  const note = depthNote(total);
  if (lastPage <= 1 && !note) return null;
  return (
    <Group justify="center" gap="xs" mt="md" className="search-pagination">
      <Pager page={page} lastPage={lastPage} onChange={onChange} size="md" component={Pagination} label="Страницы результатов" />
      {note && page >= lastPage ? (
        <Text size="sm" c="dimmed" ta="center" w="100%">
          {note}
        </Text>
      ) : null}
    </Group>
  );
}
