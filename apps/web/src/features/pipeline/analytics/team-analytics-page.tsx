import type { TeamVacancyFigures } from '@hr/contract';
import { VACANCY_STATUS_TITLES } from '@hr/contract/vacancy';
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { analyticsCsvUrl, useTeamAnalytics } from './analytics-api.ts';
import { AnalyticsCharts, AnalyticsHelp, AnalyticsSummary } from './analytics-charts.tsx';
import { dayLabel, daysText, type PeriodChoice, percentText } from './analytics-format.ts';
import { AnalyticsBody, AnalyticsToolbar, usePeriod } from './analytics-layout.tsx';

function VacancyTable({ rows, choice }: { rows: TeamVacancyFigures[]; choice: PeriodChoice }) {
  const search = choice === 'all' ? '' : `?period=${choice}`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="team-vacancies-title">
      <Stack gap="xs">
        <Title order={2} fz={18} id="team-vacancies-title">
          По вакансиям
        </Title>
        <Table.ScrollContainer minWidth={620} type="native">
          <Table striped verticalSpacing="xs" data-testid="team-vacancies">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Вакансия</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th ta="right">Откликов</Table.Th>
                <Table.Th ta="right">Вышли на работу</Table.Th>
                <Table.Th ta="right">Время закрытия</Table.Th>
                <Table.Th ta="right">Конверсия в выход</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/vacancy/${v.id}/analytics${search}`}>
                      {v.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{VACANCY_STATUS_TITLES[v.status as keyof typeof VACANCY_STATUS_TITLES] ?? v.status}</Table.Td>
                  <Table.Td ta="right">{v.replies}</Table.Td>
                  <Table.Td ta="right">{v.hired}</Table.Td>
                  <Table.Td ta="right">{daysText(v.days_to_fill)}</Table.Td>
                  <Table.Td ta="right">{percentText(v.conversion_to_hire)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/** `/vacancy/analytics`: the team's vacancies together (stages summed by title) and each one's figures. */
export function TeamAnalyticsPage() {
  const { choice, period, setChoice } = usePeriod();
  const query = useTeamAnalytics(period);
  const data = query.data;

  useEffect(() => {
    if (query.error) handleErrorWithRedirect(query.error);
  }, [query.error]);

  const state = query.isPending ? 'pending' : !data ? 'failed' : data.replies === 0 && data.vacancies.length === 0 ? 'empty' : 'ready';
  return (
    <PageSection
      title="Аналитика найма"
      subtitle={data ? `Все вакансии вашей команды с ${dayLabel(data.period.from, true)} по ${dayLabel(data.period.to, true)}` : 'Все вакансии вашей команды'}
    >
      <Anchor component={Link} to="/vacancy" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> К вакансиям
      </Anchor>
      <AnalyticsToolbar choice={choice} onChoice={setChoice} csvUrl={analyticsCsvUrl(null, period)} />
      <AnalyticsBody state={state} empty="Создайте вакансию и поделитесь ссылкой на неё — отклики появятся здесь.">
        {data ? (
          <>
            <AnalyticsSummary figures={data} />
            {data.replies > 0 ? (
              <>
                <AnalyticsHelp />
                <Text size="sm" c="dimmed">
                  Этапы вакансий сложены по названиям: у вакансий с этапами по умолчанию они совпадают, добавленный или переименованный этап —
                  отдельная строка.
                </Text>
                <AnalyticsCharts figures={data} />
              </>
            ) : (
              <Text c="dimmed">За этот период откликов нет.</Text>
            )}
            <VacancyTable rows={data.vacancies} choice={choice} />
          </>
        ) : null}
      </AnalyticsBody>
    </PageSection>
  );
}
