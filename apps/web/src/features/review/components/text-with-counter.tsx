import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@hr/contract';
import { Group, Text, Textarea } from '@mantine/core';

type TextWithCounterProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  min?: number;
  max?: number;
  required?: boolean;
  minRows?: number;
};

/** A textarea with «123 / 5000» under it; the counter turns red below the minimum once typing starts. */
export function TextWithCounter({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
  min = REVIEW_TEXT_MIN,
  max = REVIEW_TEXT_MAX,
  required = true,
  minRows = 5,
}: TextWithCounterProps) {
  const length = value.trim().length;
  const short = required && length > 0 && length < min;
  return (
    <div>
      <Textarea
        id={id}
        label={label}
        placeholder={placeholder}
        autosize
        minRows={minRows}
        maxRows={14}
        maxLength={max}
        value={value}
        error={error}
        withAsterisk={required}
        aria-describedby={`${id}-counter`}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <Group justify="space-between" mt={4} gap="xs">
        <Text size="xs" c="dimmed">
          {required ? `От ${min} до ${max} символов` : `До ${max} символов`}
        </Text>
        <Text size="xs" id={`${id}-counter`} c={short ? 'red.8' : 'dimmed'} aria-live="polite">
          {length} / {max}
        </Text>
      </Group>
    </div>
  );
}
