import { Group, Pagination, Text } from '@mantine/core';
import { plural } from '@/shared/lib/format.ts';

const CONTROL_LABELS = {
  first: 'Первая страница',
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  last: 'Последняя страница',
};

type AdminPagerProps = {
  page: number;
  lastPage: number;
  total: number;
  forms: readonly [string, string, string];
  onChange: (page: number) => void;
  label: string;
};

/** The total and the page numbers under a table. */
export function AdminPager({ page, lastPage, total, forms, onChange, label }: AdminPagerProps) {
  return (
    <Group justify="space-between" gap="sm" mt="sm">
      <Text size="sm" c="dimmed">
        {total.toLocaleString('ru-RU')} {plural(total, forms)}
      </Text>
      {lastPage > 1 ? (
        <nav aria-label={label}>
          <Pagination
            total={lastPage}
            value={Math.min(page, lastPage)}
            onChange={onChange}
            radius="md"
            size="sm"
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            getItemProps={(item) => ({ 'aria-label': `Страница ${item}`, 'aria-current': item === page ? 'page' : undefined })}
          />
        </nav>
      ) : null}
    </Group>
  );
}
