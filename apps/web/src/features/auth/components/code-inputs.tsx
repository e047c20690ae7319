import { CONFIRMATION_CODE_LENGTH } from '@hr/contract/constants';
import { Group, TextInput } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

type CodeInputsProps = {
  value: string[];
  onChange: (digits: string[]) => void;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
};

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** SEED 5: four one-digit boxes; non-digits stripped, a pasted code spreads, Backspace on empty goes back. */
export function CodeInputs({ value, onChange, invalid, disabled, describedBy }: CodeInputsProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(CONFIRMATION_CODE_LENGTH - 1, index))];
    if (box) {
      box.focus();
      box.select();
    }
  };

  /** Puts `digits` into the boxes starting at `start` and moves the focus after the last one. */
  const spread = (start: number, digits: string) => {
    const next = [...value];
    let index = start;
    for (const digit of digits) {
      if (index >= CONFIRMATION_CODE_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    onChange(next);
    focusBox(index);
  };

  const handleChange = (index: number, raw: string) => {
    const digits = onlyDigits(raw);
    if (digits.length === 0) {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    if (digits.length === 1) return spread(index, digits);
    // Typed into a filled box: keep the newest digit; more than two digits means a paste or autofill.
    if (digits.length === 2 && value[index]) {
      const typed = digits.startsWith(value[index] ?? '') ? digits.slice(1) : digits.slice(0, 1);
      return spread(index, typed);
    }
    spread(digits.length >= CONFIRMATION_CODE_LENGTH ? 0 : index, digits);
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = onlyDigits(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!digits) return;
    spread(digits.length >= CONFIRMATION_CODE_LENGTH ? 0 : index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < CONFIRMATION_CODE_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  return (
    <Group gap="sm" justify="center" wrap="nowrap">
      {Array.from({ length: CONFIRMATION_CODE_LENGTH }, (_, index) => (
        <TextInput
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positional by nature.
          key={index}
          ref={(element) => {
            refs.current[index] = element;
          }}
          aria-label={`Цифра ${index + 1}`}
          aria-describedby={describedBy}
          value={value[index] ?? ''}
          onChange={(event) => handleChange(index, event.currentTarget.value)}
          onPaste={(event) => handlePaste(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onFocus={(event) => event.currentTarget.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          error={invalid}
          disabled={disabled}
          data-autofocus={index === 0 ? true : undefined}
          size="xl"
          w={60}
          classNames={{ input: 'code-box' }}
        />
      ))}
    </Group>
  );
}
