import { type OpinionsSummary, REVIEW_VERDICT_TITLES, REVIEW_VERDICTS } from '@hr/contract';
import { Group, Paper, Text } from '@mantine/core';
import { VERDICT_STYLE } from '../lib/verdict-style.ts';

/** Counts by verdict: three tiles, zeros dimmed (the whole picture, not just the good news). */
export function OpinionsSummaryTiles({ summary }: { summary: OpinionsSummary }) {
  return (
    <Group gap="sm" className="opinions-summary" role="list" aria-label="Оценки участников клуба">
      {REVIEW_VERDICTS.map((verdict) => {
        const { color, text, icon: Icon } = VERDICT_STYLE[verdict];
        const count = summary[verdict];
        return (
          <Paper
            key={verdict}
            role="listitem"
            withBorder
            radius="md"
            px="md"
            py={8}
            className="opinions-summary__tile"
            data-empty={count === 0 || undefined}
            bg={count > 0 ? `var(--mantine-color-${color}-0)` : undefined}
          >
            <Group gap={8} wrap="nowrap">
              <Icon size={20} stroke={1.7} color={count > 0 ? text : '#6b7785'} aria-hidden />
              <Text fw={700} fz={20} c={count > 0 ? text : '#5c6773'} lh={1}>
                {count}
              </Text>
              <Text size="sm" c={count > 0 ? text : '#5c6773'}>
                {REVIEW_VERDICT_TITLES[verdict]}
              </Text>
            </Group>
          </Paper>
        );
      })}
    </Group>
  );
}
