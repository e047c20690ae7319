/**
 * A code's Russian title from one of the contract's title maps (REVIEW_VERDICT_TITLES,
 * RESUME_SOURCE_TITLES…). A code the map does not know yet is shown as «другое», never as the code.
 */
export function titleOf(titles: Readonly<Record<string, string>>, code: string | null | undefined, unknown = 'другое'): string {
  if (!code) return '—';
  return Object.hasOwn(titles, code) ? (titles[code] as string) : unknown;
}
