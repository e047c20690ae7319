import type { FieldErrors } from '@/shared/api/api-error.ts';

/** The id a form gives its field `name`: `${formId}-${name}`. */
export const fieldId = (formId: string, name: string) => `${formId}-${name}`;

/**
 * Moves focus to the first field (in the form's order) that has an error, once React has drawn
 * the messages. A dialog opened right after returns focus there when it closes.
 */
export function focusFirstInvalid(formId: string, order: readonly string[], errors: FieldErrors): void {
  const first = order.find((name) => errors[name]?.length);
  if (!first) return;
  const target = document.getElementById(fieldId(formId, first));
  target?.focus();
  target?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}
