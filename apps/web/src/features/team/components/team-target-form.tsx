import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import type { FieldErrors } from '@/shared/api/api-error.ts';

type TeamTargetFormProps = {
  label: string;
  placeholder: string;
  description?: ReactNode;
  submitLabel: string;
  /** Field keys of a 422 that belong under this input. */
  errorKeys: readonly string[];
  inputMode?: 'text' | 'numeric' | 'email';
  busy: boolean;
  /** Null: the value is not acceptable (the message is shown); errors: the server's 422. */
  onSubmit: (value: string) => Promise<FieldErrors | null> | FieldErrors | null;
  validate: (value: string) => string | null;
};

/** One input and one button: «Пригласить» by e-mail or ID, «Вступить в команду» by the lead's ID. */
export function TeamTargetForm(props: TeamTargetFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** SEED 5: the message shows under the input and the focus goes back to it. */
  const fail = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (props.busy) return;
    const problem = props.validate(value);
    setError(null);
    if (problem) return fail(problem);
    const errors = await props.onSubmit(value.trim());
    if (!errors) return;
    const messages = props.errorKeys.flatMap((key) => errors[key] ?? []);
    const other = Object.entries(errors)
      .filter(([key]) => !props.errorKeys.includes(key))
      .flatMap(([, list]) => list);
    const all = [...messages, ...other];
    if (all.length) fail(all.join('\n'));
    else if (Object.keys(errors).length === 0) setValue('');
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        ref={inputRef}
        label={props.label}
        placeholder={props.placeholder}
        description={props.description}
        inputMode={props.inputMode}
        value={value}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          if (error) setError(null);
        }}
        error={error}
        styles={{ error: { whiteSpace: 'pre-line' } }}
        autoComplete="off"
        inputContainer={(input) => (
          <Group gap="xs" wrap="wrap" align="flex-start">
            <div style={{ flex: '1 1 180px', minWidth: 0 }}>{input}</div>
            <Button type="submit" loading={props.busy} variant="light">
              {props.submitLabel}
            </Button>
          </Group>
        )}
      />
    </form>
  );
}
