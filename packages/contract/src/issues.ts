// Validation issues (zod's, or anything with a path and a message) as the `errors` of a 422 answer.

export type FieldIssue = { path: readonly PropertyKey[]; message: string };

/**
 * The messages per field (the first segment of the path), without repeats; an issue without a path
 * goes under `fallback`. `firstOnly`: one message a field, as a form shows it.
 */
export function errorsByField(
  issues: readonly FieldIssue[],
  opts: { fallback?: string; firstOnly?: boolean } = {},
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? opts.fallback ?? 'request');
    const list = errors[field] ?? [];
    errors[field] = list;
    if (opts.firstOnly && list.length) continue;
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}
