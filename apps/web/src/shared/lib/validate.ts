import { errorsByField } from '@hr/contract/issues';
import type { FieldErrors } from '@/shared/api/api-error.ts';

type Issue = { path: readonly PropertyKey[]; message: string };
export type SafeParser = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } } };

/**
 * Runs a contract schema on the client and returns its first message per field (or null when valid):
 * an empty phone says «обязательно», not that and «ошибка заполнения» at once.
 */
export function validateWith(schema: SafeParser, values: unknown): FieldErrors | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  return errorsByField(result.error.issues, { fallback: 'form', firstOnly: true });
}
