import { emptyOpinionsSummary, type OpinionsSummary, REVIEW_VERDICTS, type ReviewVerdict } from '@hr/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

type CountRow = { resume_id: number | string; verdict: ReviewVerdict; n: number };

/** Visible opinions by verdict for many resumes in one query (a search page, a favourites page). */
export async function opinionSummaries(database: Database, resumeIds: number[]): Promise<Map<number, OpinionsSummary>> {
  const out = new Map<number, OpinionsSummary>();
  if (!resumeIds.length) return out;
  const ids = sql.join(
    resumeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await database.rows<CountRow>(sql`
    select resume_id, verdict, count(*)::int as n from review_opinions
    where resume_id in (${ids}) and hidden_at is null
    group by resume_id, verdict`);
  for (const r of rows) {
    const id = Number(r.resume_id);
    const summary = out.get(id) ?? emptyOpinionsSummary();
    if ((REVIEW_VERDICTS as readonly string[]).includes(r.verdict)) summary[r.verdict] = r.n;
    out.set(id, summary);
  }
  return out;
}

export type OpinionInfoRow = { recommend: number; neutral: number; not_recommend: number; mine: number | string | null };

/**
 * The resume page's block as one row (recommend, neutral, not_recommend, mine): counts of the
 * visible opinions by verdict and the viewer's own opinion, hidden or not; a lateral part of the
 * page's one statement (resume/resume.page.ts).
 */
export const opinionInfoQuery = (resumeId: SQLWrapper, userId: SQLWrapper) => sql`
    select
      count(*) filter (where verdict = 'recommend' and hidden_at is null)::int as recommend,
      count(*) filter (where verdict = 'neutral' and hidden_at is null)::int as neutral,
      count(*) filter (where verdict = 'not_recommend' and hidden_at is null)::int as not_recommend,
      max(id) filter (where author_id = ${userId}) as mine
    from review_opinions where resume_id = ${resumeId}`;

export const toOpinionInfo = (row: OpinionInfoRow | undefined): { opinions_summary: OpinionsSummary; my_opinion_id: number | null } => ({
  opinions_summary: { recommend: row?.recommend ?? 0, neutral: row?.neutral ?? 0, not_recommend: row?.not_recommend ?? 0 },
  my_opinion_id: row?.mine == null ? null : Number(row.mine),
});
