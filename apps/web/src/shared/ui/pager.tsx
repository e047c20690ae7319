import { Group, Pagination, type PaginationProps, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { plural } from '@/shared/lib/format.ts';

const CONTROL_LABELS = {
  first: 'Первая страница',
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  last: 'Последняя страница',
};

export type PagerProps = {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  /** The name of the page links' landmark, e.g. «Страницы вакансий». */
  label: string;
  size?: PaginationProps['size'];
  siblings?: number;
  className?: string;
  /** Mantine's Pagination unless given (the search page passes one loaded after its first content). */
  component?: ComponentType<PaginationProps>;
  /** Centred under a list of cards, with a margin above. */
  centered?: boolean;
  /** The list's total, shown on the left («1 234 записи») even when one page holds it all (the back office). */
  count?: { total: number; forms: readonly [string, string, string] };
};

/**
 * Page numbers under a list, in a named landmark; every control and page says what it is
 * («Страница 3», «Следующая страница») and the current page is marked. Nothing when one page holds all.
 */
export function Pager({ count, centered, ...props }: PagerProps) {
  if (count) {
    return (
      <Group justify="space-between" gap="sm" mt="sm">
        <Text size="sm" c="dimmed">
          {count.total.toLocaleString('ru-RU')} {plural(count.total, count.forms)}
        </Text>
        <PageLinks {...props} />
      </Group>
    );
  }
  if (props.lastPage <= 1) return null;
  return centered ? (
    <Group justify="center" mt="md">
      <PageLinks {...props} />
    </Group>
  ) : (
    <PageLinks {...props} />
  );
}

function PageLinks({ page, lastPage, onChange, label, size, siblings = 1, className, component: Control = Pagination }: PagerProps) {
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={label} className={className}>
      <Control
        total={lastPage}
        value={Math.min(page, lastPage)}
        onChange={onChange}
        radius="md"
        size={size}
        siblings={siblings}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(item) => ({ 'aria-label': `Страница ${item}`, 'aria-current': item === page ? 'page' : undefined })}
      />
    </nav>
  );
}
