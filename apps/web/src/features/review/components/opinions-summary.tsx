import { type OpinionsSummary, REVIEW_VERDICT_TITLES, REVIEW_VERDICTS } from '@hr/contract';
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { VERDICT_STYLE } from '../lib/verdict-style.ts';

/** Counts by verdict: three tiles, zeros dimmed (the whole picture, not just the good news). */
export function OpinionsSummaryTiles({ summary }: { summary: OpinionsSummary }) {
  return (
    <SimpleGrid cols={3} spacing="xs" maw={520} className="opinions-summary" role="list" aria-label="Оценки участников клуба">
      {REVIEW_VERDICTS.map((verdict) => {
        const { color, text, icon: Icon } = VERDICT_STYLE[verdict];
        const count = summary[verdict];
        const tone = count > 0 ? text : '#5c6773';
        return (
          <Paper
            key={verdict}
            role="listitem"
            withBorder
            radius="md"
            px="sm"
            py={8}
            className="opinions-summary__tile"
            data-verdict={verdict}
            data-empty={count === 0 || undefined}
            bg={count > 0 ? `var(--mantine-color-${color}-0)` : undefined}
          >
            <Group gap={6} wrap="nowrap">
              <Icon size={18} stroke={1.7} color={tone} aria-hidden />
              <Text fw={700} fz={20} c={tone} lh={1.1} data-testid="summary-count">
                {count}
              </Text>
            </Group>
            <Text size="xs" c={tone} mt={2} lh={1.2}>
              {REVIEW_VERDICT_TITLES[verdict]}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
