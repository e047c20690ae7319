import { Button, type ButtonProps, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { copyText } from '../lib/copy-text.ts';

type CopyButtonProps = Pick<ButtonProps, 'size' | 'variant' | 'fullWidth'> & {
  /** What goes to the clipboard. */
  value: string;
  /** «Скопировать ссылку» */
  label: string;
  /** «Ссылка скопирована» — on the button for a few seconds, and said to a screen reader. */
  done: string;
  /** Shown with the text itself when the browser copies nothing: «Скопируйте ссылку вручную». */
  manualLabel: string;
  'data-testid'?: string;
};

const DONE_MS = 3000;

/**
 * A copy button: the confirmation replaces its label for a moment (and a polite live region says
 * it); where the browser refuses to copy, the text is shown selected in a field to copy by hand.
 */
export function CopyButton({ value, label, done, manualLabel, size = 'xs', variant = 'light', fullWidth, ...rest }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const timer = useRef<number | undefined>(undefined);
  const manualRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (state === 'manual') manualRef.current?.select();
  }, [state]);

  const copy = async () => {
    const copied = await copyText(value);
    window.clearTimeout(timer.current);
    setState(copied ? 'copied' : 'manual');
    if (copied) timer.current = window.setTimeout(() => setState('idle'), DONE_MS);
  };

  return (
    <Stack gap={6} style={fullWidth ? undefined : { alignSelf: 'flex-start' }}>
      <Button
        size={size}
        variant={variant}
        fullWidth={fullWidth}
        color={state === 'copied' ? 'teal' : undefined}
        leftSection={state === 'copied' ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        onClick={() => void copy()}
        data-testid={rest['data-testid']}
      >
        {state === 'copied' ? done : label}
      </Button>
      <VisuallyHidden role="status" aria-live="polite">
        {state === 'copied' ? done : ''}
      </VisuallyHidden>
      {state === 'manual' ? (
        <TextInput ref={manualRef} label={manualLabel} value={value} readOnly size="xs" onFocus={(event) => event.currentTarget.select()} />
      ) : null}
    </Stack>
  );
}
