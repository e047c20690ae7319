import type { FieldErrors } from '@/shared/api/api-error.ts';

/**
 * The server's errors.consent_version (the consent text changed since the page was opened, or none
 * was sent) shown under the consent box, the one field a person sees for it.
 */
export function consentErrorsOnBox(errors: FieldErrors, box = 'consent'): FieldErrors {
  const { consent_version: version, ...rest } = errors;
  if (!version?.length) return errors;
  return { ...rest, [box]: [...(rest[box] ?? []), ...version] };
}
