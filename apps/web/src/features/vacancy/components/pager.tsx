import { Group, Pagination } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'Первая страница',
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  last: 'Последняя страница',
};

type PagerProps = { page: number; lastPage: number; onChange: (page: number) => void; label: string };

/** Page numbers under a list; nothing when everything fits on one page. */
export function Pager({ page, lastPage, onChange, label }: PagerProps) {
  if (lastPage <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <nav aria-label={label}>
        <Pagination
          total={lastPage}
          value={Math.min(page, lastPage)}
          onChange={onChange}
          radius="md"
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          getItemProps={(item) => ({ 'aria-label': `Страница ${item}`, 'aria-current': item === page ? 'page' : undefined })}
        />
      </nav>
    </Group>
  );
}
