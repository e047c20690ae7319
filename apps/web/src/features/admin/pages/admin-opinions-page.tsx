import { OPINION_VISIBILITY, OPINION_VISIBILITY_TITLES, type OpinionVisibility } from '@hr/contract';
import { SegmentedControl, Stack } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useModerationOpinions } from '../api/get-opinions.ts';
import { LoadFailed } from '../components/admin-empty.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { OpinionModerationCard } from '../components/opinion-moderation-card.tsx';
import { TableSkeleton } from '../components/table-skeleton.tsx';
import { handleAdminLoadError } from '../lib/admin-errors.ts';
import { oneOf, pageParam, toSearch } from '../lib/url-params.ts';

const EMPTY: Record<OpinionVisibility, string> = { all: 'Отзывов пока нет', visible: 'Видимых отзывов нет', hidden: 'Скрытых отзывов нет' };

/** `/admin/opinions`: moderation of the opinions about candidates, newest first. */
export function AdminOpinionsPage() {
  const [params, setParams] = useSearchParams();
  const state = oneOf(params.get('state'), OPINION_VISIBILITY) ?? 'all';
  const page = pageParam(params.get('page'));
  const { data, error, isPending, isPlaceholderData } = useModerationOpinions(state, page);

  useEffect(() => {
    if (error) handleAdminLoadError(error);
  }, [error]);

  const go = (next: { state?: OpinionVisibility; page?: number }) =>
    setParams(toSearch({ state: (next.state ?? state) === 'all' ? undefined : (next.state ?? state), page: next.page ?? 1 }));

  return (
    <Stack gap="md">
      <SegmentedControl
        value={state}
        onChange={(value) => go({ state: value as OpinionVisibility })}
        data={OPINION_VISIBILITY.map((value) => ({ value, label: OPINION_VISIBILITY_TITLES[value] }))}
        aria-label="Какие отзывы показать"
        w="fit-content"
      />
      {isPending ? (
        <TableSkeleton label="Загружаем отзывы" rows={3} height={120} />
      ) : !data ? (
        <LoadFailed icon={IconMessageCircle} what="отзывы" />
      ) : data.data.length === 0 ? (
        <EmptyState headingLevel={3} icon={IconMessageCircle} title={EMPTY[state]} />
      ) : (
        <Stack gap="sm" className={isPlaceholderData ? 'admin-stale' : undefined} aria-busy={isPlaceholderData || undefined}>
          {data.data.map((opinion) => (
            <OpinionModerationCard key={opinion.id} opinion={opinion} />
          ))}
          <Pager
            size="sm"
            page={data.current_page}
            lastPage={data.last_page}
            count={{ total: data.total, forms: ['отзыв', 'отзыва', 'отзывов'] }}
            onChange={(next) => go({ page: next })}
            label="Страницы отзывов"
          />
        </Stack>
      )}
    </Stack>
  );
}
