import type { UseFormReturnType } from '@mantine/form';
import type { FieldErrors } from '@/shared/api/api-error.ts';

/**
 * A Mantine form's state as the props of a field group that takes `values`, `errors` and
 * `onChange` (the opinion's fields, shared by the create dialog and the edit page). Changing a
 * field clears its error; «from ≤ to» is reported on period_to, so moving period_from clears it too.
 */
export function fieldGroupProps<V extends Record<string, unknown>>(form: UseFormReturnType<V>) {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(form.errors)) if (message) errors[key] = [String(message)];
  const onChange = <K extends keyof V>(key: K, value: V[K]) => {
    form.setFieldValue(key as string, value as never);
    if (key === 'period_from') form.clearFieldError('period_to');
  };
  return { values: form.getValues(), errors, onChange };
}
