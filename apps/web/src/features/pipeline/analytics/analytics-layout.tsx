import { Button, Group, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { IconChartBar, IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { PERIOD_CHOICES, type Period, type PeriodChoice, periodChoiceOf, periodOf } from './analytics-format.ts';
import './analytics.css';

/** The period in the address (`?period=30|90`, all time without it). */
export function usePeriod(): { choice: PeriodChoice; period: Period; setChoice: (next: PeriodChoice) => void } {
  const [params, setParams] = useSearchParams();
  const choice = periodChoiceOf(params.get('period'));
  return {
    choice,
    period: periodOf(choice),
    setChoice: (next) => setParams(next === 'all' ? {} : { period: next }, { replace: true }),
  };
}

/** The period selector and «Скачать CSV» above the figures. */
export function AnalyticsToolbar({ choice, onChoice, csvUrl }: { choice: PeriodChoice; onChoice: (next: PeriodChoice) => void; csvUrl: string }) {
  return (
    <Group justify="space-between" gap="sm">
      <SegmentedControl
        aria-label="Период"
        value={choice}
        onChange={(value) => onChoice(periodChoiceOf(value))}
        data={PERIOD_CHOICES.map((p) => ({ value: p.value, label: p.label }))}
      />
      <Button component="a" href={csvUrl} download variant="default" leftSection={<IconFileSpreadsheet size={16} />}>
        Скачать CSV
      </Button>
    </Group>
  );
}

/** Loading, failure, «no replies» or the figures. */
export function AnalyticsBody({ state, empty, children }: { state: 'pending' | 'failed' | 'empty' | 'ready'; empty: ReactNode; children: ReactNode }) {
  if (state === 'pending')
    return (
      <Stack gap="md" aria-busy="true" aria-label="Загружаем аналитику">
        <Skeleton h={84} radius="lg" />
        <Skeleton h={260} radius="lg" />
      </Stack>
    );
  if (state === 'failed') return <EmptyState icon={IconChartBar} title="Не удалось загрузить аналитику" text="Проверьте подключение и обновите страницу." />;
  if (state === 'empty') return <EmptyState icon={IconChartBar} title="За этот период откликов нет" text={empty} />;
  return <Stack gap="lg">{children}</Stack>;
}
