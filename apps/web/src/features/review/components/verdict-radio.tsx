import { REVIEW_VERDICT_TITLES, REVIEW_VERDICTS, type ReviewVerdict } from '@hr/contract';
import { Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { VERDICT_STYLE } from '../lib/verdict-style.ts';

type VerdictRadioProps = {
  id: string;
  value: ReviewVerdict | null;
  onChange: (value: ReviewVerdict) => void;
  error?: string;
  label?: string;
};

/** The verdict as three radio cards: a required choice with no default. */
export function VerdictRadio({ id, value, onChange, error, label = 'Ваша оценка' }: VerdictRadioProps) {
  return (
    <Radio.Group label={label} value={value ?? ''} onChange={(next) => onChange(next as ReviewVerdict)} error={error} withAsterisk>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt={6} className="verdict-radio">
        {REVIEW_VERDICTS.map((verdict, index) => {
          const { icon: Icon, color, text } = VERDICT_STYLE[verdict];
          return (
            <Radio.Card
              key={verdict}
              value={verdict}
              id={index === 0 ? id : undefined}
              radius="md"
              className="verdict-radio__card"
              data-verdict={verdict}
              aria-label={REVIEW_VERDICT_TITLES[verdict]}
            >
              <Group gap={8} wrap="nowrap">
                <Radio.Indicator color={color} size="sm" />
                <Icon size={18} stroke={1.7} color={text} aria-hidden />
                <Text size="sm" fw={600}>
                  {REVIEW_VERDICT_TITLES[verdict]}
                </Text>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
