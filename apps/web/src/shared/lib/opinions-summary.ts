import type { OpinionsSummary, ReviewVerdict } from '@hr/contract';
import { plural } from './format.ts';

/** «рекомендует / рекомендуют»: the verb agrees with the number (1, 21 — singular; 11 — plural). */
const VERDICT_FORMS: Record<ReviewVerdict, readonly [string, string, string]> = {
  recommend: ['рекомендует', 'рекомендуют', 'рекомендуют'],
  neutral: ['нейтрально', 'нейтрально', 'нейтрально'],
  not_recommend: ['не рекомендует', 'не рекомендуют', 'не рекомендуют'],
};

export type SummaryPart = { verdict: ReviewVerdict; count: number; text: string };

/** The non-zero verdicts of a summary as «2 рекомендуют», «1 не рекомендует». */
export function opinionsSummaryParts(summary: OpinionsSummary | null | undefined): SummaryPart[] {
  if (!summary) return [];
  // The verdicts in the contract's order (VERDICT_FORMS lists them all, so zod stays off the page).
  return (Object.keys(VERDICT_FORMS) as ReviewVerdict[]).filter((verdict) => summary[verdict] > 0).map((verdict) => ({
    verdict,
    count: summary[verdict],
    text: `${summary[verdict]}\u00a0${plural(summary[verdict], VERDICT_FORMS[verdict])}`,
  }));
}

/** «12 отзывов» */
export function opinionsCountText(count: number): string {
  return `${count}\u00a0${plural(count, ['отзыв', 'отзыва', 'отзывов'])}`;
}
