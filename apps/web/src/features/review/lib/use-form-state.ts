import { useState } from 'react';
import type { FieldErrors } from '@/shared/api/api-error.ts';

/** Values plus per-field errors; changing a field clears its error (and the period pair's shared one). */
export function useFormState<V extends Record<string, unknown>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!current[key as string] && !(key === 'period_from' && current.period_to)) return current;
      const { [key as string]: _gone, ...rest } = current;
      // «from ≤ to» is reported on period_to: moving either end may fix it.
      if (key === 'period_from') delete rest.period_to;
      return rest;
    });
  };
  return { values, setValues, errors, setErrors, change };
}
