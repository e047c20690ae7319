import type { VacancyAnalytics } from '@hr/contract';
import { BarChart, DonutChart } from '@mantine/charts';
import { Accordion, Box, ColorSwatch, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { dayLabel, daysText, percentText } from './analytics-format.ts';
import '@mantine/charts/styles.css';

type Figures = Omit<VacancyAnalytics, 'vacancy'>;
type Row = (string | number)[];

/**
 * One chart in a card: a heading, the drawing (hidden from screen readers) and the same figures as a
 * table that only screen readers read.
 */
function ChartCard({ title, note, head, rows, children, testId }: { title: string; note?: string; head: string[]; rows: Row[]; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title} data-testid={testId} miw={0}>
      <Stack gap="xs">
        <Title order={2} fz={18}>
          {title}
        </Title>
        {note ? (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        ) : null}
        <Box aria-hidden="true" miw={0}>
          {children}
        </Box>
        <VisuallyHidden>
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={String(r[0])}>
                  <th scope="row">{r[0]}</th>
                  {head.slice(1).map((h, i) => (
                    <td key={h}>{r[i + 1]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}

/** The drawings are hidden from screen readers (the tables tell the figures): not a keyboard stop either. */
const NOT_FOCUSABLE = { accessibilityLayer: false } as const;

/** Horizontal bars, one per row, each labelled with its own text (a count and a share, say). */
function Bars({ data, color, narrow, unit }: { data: { name: string; value: number; label: string }[]; color: string; narrow: boolean; unit: string }) {
  return (
    <BarChart
      h={Math.max(120, data.length * 38 + 24)}
      data={data}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'value', label: unit, color }]}
      withBarValueLabel
      valueLabelProps={{ dataKey: 'label', position: 'right', fontSize: 12, formatter: (label: unknown) => String(label ?? '') }}
      yAxisProps={{ width: narrow ? 104 : 170, fontSize: narrow ? 11 : 12 }}
      xAxisProps={{ hide: true, domain: [0, (max: number) => Math.max(1, max * (narrow ? 1.8 : 1.35))] }}
      gridAxis="none"
      withTooltip={false}
      maxBarWidth={26}
      minBarSize={3}
      barChartProps={NOT_FOCUSABLE}
    />
  );
}

const SOURCE_COLORS: Record<string, string> = { site: 'brand.6', telegram: 'cyan.6', invite: 'grape.6', other: 'gray.5' };

/** Every chart of a vacancy's (or the team's) analytics. */
export function AnalyticsCharts({ figures: a }: { figures: Figures }) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const longPeriod = a.replies_per_day.length > 62;
  const sources = a.sources.filter((s) => s.count > 0);
  return (
    <Box className="analytics-grid">
      <ChartCard
        title="Отклики по дням"
        note="По московскому времени."
        head={['День', 'Откликов']}
        rows={a.replies_per_day.filter((d) => d.count > 0).map((d) => [dayLabel(d.day, true), d.count])}
        testId="analytics-per-day"
      >
        <BarChart
          h={200}
          data={a.replies_per_day.map((d) => ({ day: dayLabel(d.day, longPeriod), count: d.count }))}
          dataKey="day"
          series={[{ name: 'count', label: 'Откликов', color: 'brand.6' }]}
          gridAxis="y"
          tickLine="none"
          yAxisProps={{ allowDecimals: false, width: 32 }}
          xAxisProps={{ minTickGap: 16 }}
          maxBarWidth={40}
          tooltipAnimationDuration={0}
          barChartProps={NOT_FOCUSABLE}
        />
      </ChartCard>

      <ChartCard
        title="Воронка"
        note="Сколько откликов дошли до этапа или дальше; доля — от первого этапа."
        head={['Этап', 'Дошли', 'Доля от первого этапа']}
        rows={a.funnel.map((f) => [f.stage, f.reached, percentText(f.share)])}
        testId="analytics-funnel"
      >
        <Bars narrow={narrow} unit="Дошли" color="brand.6" data={a.funnel.map((f) => ({ name: f.stage, value: f.reached, label: `${f.reached} · ${percentText(f.share)}` }))} />
      </ChartCard>

      <ChartCard
        title="Конверсия между этапами"
        note="Доля дошедших до этапа из дошедших до предыдущего."
        head={['Переход', 'Конверсия']}
        rows={a.conversion.map((c) => [`${c.from} → ${c.to}`, percentText(c.rate)])}
        testId="analytics-conversion"
      >
        <Bars
          narrow={narrow}
          unit="Конверсия, %"
          color="teal.6"
          data={a.conversion.map((c) => ({ name: `→ ${c.to}`, value: c.rate == null ? 0 : Math.round(c.rate * 1000) / 10, label: percentText(c.rate) }))}
        />
      </ChartCard>

      <ChartCard
        title="Дней на этапе (медиана)"
        note="От перехода на этап до перехода с него; кто ещё на этапе, не учитывается."
        head={['Этап', 'Медиана', 'Завершённых пребываний']}
        rows={a.median_days_in_stage.map((m) => [m.stage, daysText(m.days), m.stays])}
        testId="analytics-days"
      >
        <Bars
          narrow={narrow}
          unit="Дней"
          color="orange.6"
          data={a.median_days_in_stage.map((m) => ({ name: m.stage, value: m.days ?? 0, label: m.days == null ? 'нет данных' : daysText(m.days) }))}
        />
      </ChartCard>

      <ChartCard title="Источники" head={['Источник', 'Откликов']} rows={a.sources.map((s) => [s.title, s.count])} testId="analytics-sources">
        <Group gap="lg" wrap="wrap" align="center">
          <DonutChart
            size={150}
            thickness={24}
            withTooltip={false}
            pieChartProps={NOT_FOCUSABLE}
            pieProps={{ rootTabIndex: -1 }}
            chartLabel={a.replies}
            data={sources.length ? sources.map((s) => ({ name: s.title, value: s.count, color: SOURCE_COLORS[s.channel] ?? 'gray.5' })) : [{ name: '—', value: 1, color: 'gray.2' }]}
          />
          <Stack gap={6}>
            {a.sources.map((s) => (
              <Group key={s.channel} gap={8} wrap="nowrap">
                <ColorSwatch size={12} color={`var(--mantine-color-${(SOURCE_COLORS[s.channel] ?? 'gray.5').replace('.', '-')})`} withShadow={false} />
                <Text size="sm">
                  {s.title}: <b>{s.count}</b>
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      </ChartCard>

      <ChartCard title="Причины отказа" note="Отклики, которые сейчас в «Отказе»." head={['Причина', 'Откликов']} rows={a.reasons.map((r) => [r.reason, r.count])} testId="analytics-reasons">
        {a.reasons.length ? (
          <Bars narrow={narrow} unit="Откликов" color="red.6" data={a.reasons.map((r) => ({ name: r.reason, value: r.count, label: String(r.count) }))} />
        ) : (
          <Text size="sm" c="dimmed">
            Отказов за период нет.
          </Text>
        )}
      </ChartCard>
    </Box>
  );
}

/** The four headline figures. */
export function AnalyticsSummary({ figures: a }: { figures: Figures }) {
  const items = [
    { label: 'Откликов', value: String(a.replies) },
    { label: 'Вышли на работу', value: String(a.hired) },
    { label: 'Отказов', value: String(a.rejected) },
    { label: 'Время закрытия (медиана)', value: daysText(a.days_to_fill) },
  ];
  return (
    <Box className="analytics-summary" component="dl" m={0}>
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="lg" p="sm">
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} fz={24} fw={700}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </Box>
  );
}

/** How the figures are counted, in the page's words (folded: read once, then in the way). */
export function AnalyticsHelp() {
  return (
    <Accordion variant="contained" radius="lg" data-testid="analytics-help">
      <Accordion.Item value="help">
        <Accordion.Control>Как считаются показатели</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm">
            Все показатели — по откликам, пришедшим за выбранный период (даты по московскому времени). Отклик «дошёл» до этапа, если был на
            нём или на любом следующем: переведённый из «Новых» сразу в «Оффер» дошёл и до этапов между ними. «Отказ» — не шаг воронки:
            отказы считаются отдельно, а отклик с отказом учтён на этапах, которые прошёл до него. Отменённое массовое действие не
            учитывается. Время на этапе — от перехода на этап до перехода с него; отклики, которые ещё на этапе, не учитываются. Время
            закрытия — медиана дней от отклика до первого перевода на этап «Выход на работу».
          </Text>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
