/** Month index (year*12 + month-1) of a YYYY-MM-DD date. */
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * The length of one experience entry in months: whole months from the start month to the end month
 * (to the current month when it goes on), at least 1 (a job started and left within a month counts as one).
 * The resume page shows each entry with it and the total as their sum, so the two always agree.
 */
export function entryMonths(entry: { start: string; end?: string | null }, now: Date = new Date()): number {
  const end = entry.end ? monthIndex(entry.end) : now.getUTCFullYear() * 12 + now.getUTCMonth();
  return Math.max(1, end - monthIndex(entry.start));
}

/** total_experience_months: the sum of the entries' durations (overlaps are not merged, as on hh). */
export function totalExperienceMonths(entries: readonly { start: string; end?: string | null }[], now: Date = new Date()): number {
  let sum = 0;
  for (const e of entries) sum += entryMonths(e, now);
  return sum;
}
