import { pageTitle } from '@hr/contract/constants';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { analyticsCsvUrl, useVacancyAnalytics } from './analytics-api.ts';
import { AnalyticsCharts, AnalyticsHelp, AnalyticsSummary } from './analytics-charts.tsx';
import { dayLabel } from './analytics-format.ts';
import { AnalyticsBody, AnalyticsToolbar, usePeriod } from './analytics-layout.tsx';

/** `/vacancy/:id/analytics`: the vacancy's funnel, times, sources and reasons for a period (the team's only). */
export function VacancyAnalyticsPage() {
  const id = Number(useParams().id);
  const { choice, period, setChoice } = usePeriod();
  const query = useVacancyAnalytics(id, period);
  const data = query.data;

  useEffect(() => {
    if (query.error) handleErrorWithRedirect(query.error);
  }, [query.error]);
  useEffect(() => {
    if (data) document.title = pageTitle(`Аналитика: ${data.vacancy.title}`);
  }, [data]);

  const state = query.isPending ? 'pending' : !data ? 'failed' : data.replies === 0 ? 'empty' : 'ready';
  return (
    <PageSection
      title={data ? `Аналитика: ${data.vacancy.title}` : 'Аналитика вакансии'}
      subtitle={data ? `С ${dayLabel(data.period.from, true)} по ${dayLabel(data.period.to, true)}` : undefined}
    >
      <Group gap="md">
        <Anchor component={Link} to={`/vacancy/${id}/reply`} size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> К откликам
        </Anchor>
        <Anchor component={Link} to="/vacancy/analytics" size="sm">
          Аналитика найма по всем вакансиям
        </Anchor>
      </Group>
      <AnalyticsToolbar choice={choice} onChoice={setChoice} csvUrl={analyticsCsvUrl(id, period)} />
      <AnalyticsBody state={state} empty="Выберите другой период или поделитесь ссылкой на вакансию — отклики появятся здесь.">
        {data ? (
          <>
            <AnalyticsSummary figures={data} />
            <AnalyticsHelp />
            <AnalyticsCharts figures={data} />
          </>
        ) : null}
      </AnalyticsBody>
    </PageSection>
  );
}
