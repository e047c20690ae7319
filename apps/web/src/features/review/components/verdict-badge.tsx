import { REVIEW_VERDICT_TITLES, type ReviewVerdict } from '@hr/contract';
import { Badge } from '@mantine/core';
import { VERDICT_STYLE } from '../lib/verdict-style.ts';

export function VerdictBadge({ verdict }: { verdict: ReviewVerdict }) {
  const { color, text, icon: Icon } = VERDICT_STYLE[verdict];
  return (
    <Badge
      variant="light"
      color={color}
      c={text}
      radius="sm"
      size="md"
      style={{ flexShrink: 0 }}
      leftSection={<Icon size={14} stroke={1.8} aria-hidden />}
    >
      {REVIEW_VERDICT_TITLES[verdict]}
    </Badge>
  );
}
