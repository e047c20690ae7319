import { useForm } from '@mantine/form';
import { type FormEvent, useRef, useState } from 'react';
import { type FieldErrors, joinErrors } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { focusFirstInvalid } from './focus-invalid.ts';
import { type SafeParser, validateWith } from './validate.ts';

type Values = Record<string, unknown>;

type ContractFormOptions<V extends Values> = {
  initialValues: V;
  /**
   * What a failed call shows as field errors (default: `handleFormError`, which leaves a 422 to the form;
   * 401/419 open login, 403 the «Доступ к услуге ограничен» dialog, 404 the 404 page). Keys the form
   * has no field for are shown together in `formError`.
   */
  serverErrors?: (error: unknown) => FieldErrors;
  /**
   * Moves the focus to the first invalid field (default: the first `aria-invalid` field of the
   * form). For fields that carry no `aria-invalid` (radio cards, a checkbox) the form passes its own.
   */
  focusInvalid?: (errors: FieldErrors, form: HTMLFormElement | null) => void;
};

type Submit<V extends Values, B> = {
  /** The contract's zod schema for the request body: checked before anything is sent. */
  schema?: SafeParser;
  /** The request body made from the values (trimmed, optional fields dropped…); default: the values. */
  toBody?: (values: V) => B;
  send: (body: B, values: V) => Promise<void>;
  /** After a failed client check, besides the inline errors and the focus (a form that also says «Почти готово»). */
  onInvalid?: () => void;
};

/**
 * The one form pattern of the client (SEED 5): Mantine form holds the values and the errors, the
 * contract's schema checks them before sending, a 422 comes back inline under each field (from
 * the server's `errors`), and the focus moves to the first invalid field either way.
 */
export function useContractForm<V extends Values>({
  initialValues,
  serverErrors = handleFormError,
  focusInvalid = (_errors, form) => focusFirstInvalid(form),
}: ContractFormOptions<V>) {
  const form = useForm<V>({ mode: 'controlled', initialValues });
  const formRef = useRef<HTMLFormElement>(null);
  const [processing, setProcessing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  /** Field errors under their fields, the others together above the form; then the focus. */
  const showErrors = (errors: FieldErrors) => {
    const known: Record<string, string | undefined> = {};
    const other: string[] = [];
    for (const [field, messages] of Object.entries(errors)) {
      if (field in initialValues) known[field] = joinErrors(messages);
      else other.push(...messages);
    }
    form.setErrors(known);
    setFormError(other.length > 0 ? other.join('\n') : null);
    focusInvalid(errors, formRef.current);
  };

  const clearErrors = () => {
    form.clearErrors();
    setFormError(null);
  };

  /** A submit handler: check with the schema, send, show what came back. Ignored while a call is in progress. */
  const handleSubmit =
    <B = V>({ schema, toBody, send, onInvalid }: Submit<V, B>) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (processing) return;
      clearErrors();
      const values = form.getValues();
      const body = toBody ? toBody(values) : (values as unknown as B);
      const invalid = schema ? validateWith(schema, body) : null;
      if (invalid) {
        showErrors(invalid);
        onInvalid?.();
        return;
      }
      setProcessing(true);
      try {
        await send(body, values);
      } catch (error) {
        showErrors(serverErrors(error));
      } finally {
        setProcessing(false);
      }
    };

  return { form, formRef, processing, formError, showErrors, clearErrors, handleSubmit };
}
