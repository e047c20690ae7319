import { TEMPLATE_PLACEHOLDERS } from '@hr/contract';
import { Button, Group, Text } from '@mantine/core';

type PlaceholderChipsProps = {
  /** Puts `{{key}}` where the cursor was in the subject or the body (whichever was last focused). */
  onInsert: (key: string) => void;
  label?: string;
};

/** The placeholders as buttons: a click inserts one at the cursor; the letter gets the candidate's value. */
export function PlaceholderChips({ onInsert, label = 'Вставить в текст' }: PlaceholderChipsProps) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Text component="legend" size="xs" c="dimmed" mb={4} p={0}>
        {label}:
      </Text>
      <Group gap={6}>
        {TEMPLATE_PLACEHOLDERS.map((p) => (
          <Button
            key={p.key}
            size="compact-xs"
            variant="light"
            radius="xl"
            // Keep the focus (and the selection) in the field while clicking.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(p.key)}
            aria-label={`Вставить «${p.title}»`}
          >
            {p.title}
          </Button>
        ))}
      </Group>
    </fieldset>
  );
}
