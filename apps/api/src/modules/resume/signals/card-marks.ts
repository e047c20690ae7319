import { type CardSignals, type OpinionsSummary, SIGNALS_INVITED_DAYS } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { preparedStatement } from '../../../lib/prepared-statement.ts';
import { teamOf } from '../../vacancy/vacancy.access.ts';

// What the club knows of each card of a page (PRODUCT 10 «уже в работе у коллег», and the club's
// opinions), read for the viewer in one prepared statement: the search runs it on every page a
// member sees, so it is parsed and planned once per connection, not per request.

/** The company a vacancy's owner belongs to: their team's lead, or themselves. */
const companyOf = (ownerAlias: string): SQL =>
  sql.raw(`coalesce((select tm.lead_id from team_members tm where tm.user_id = ${ownerAlias}.owner_id), ${ownerAlias}.owner_id)`);

const invitedSince = sql`now() - make_interval(days => ${SIGNALS_INVITED_DAYS})`;

/** Distinct companies that invited resume `resumeId` (an SQL expression) to a vacancy lately. */
export const invitedCompanies = (resumeId: SQL): SQL => sql`(
  select count(distinct ${companyOf('v')})::int from vacancy_replies vr
  join vacancies v on v.id = vr.vacancy_id
  where vr.resume_id = ${resumeId} and vr.source = 'invite' and vr.created_at > ${invitedSince})`;

/** How many members keep resume `resumeId` among their favourites. */
export const keptBy = (resumeId: SQL): SQL => sql`(select count(*)::int from favourites f where f.resume_id = ${resumeId})`;

type MarkRow = {
  id: number | string;
  favourites: number;
  invited_90d: number;
  in_team: boolean;
  opinions: number;
  recommend: number;
  neutral: number;
  not_recommend: number;
};

/**
 * Per resume, lookups by its id only (the favourites, vacancy-reply and opinion indexes by resume),
 * so the cost follows the page, not the base. The opinions counted are the visible ones. «In the
 * team» is read from the same favourites as their count, and a team's reply by a lateral LIMIT 1:
 * as `exists (… in team)` PostgreSQL hashed every favourite the team keeps, once per page (2,000
 * for a member who keeps 2,000; docs/performance.md, issue 25).
 */
const marksOfPage = preparedStatement<MarkRow>(
  'card_marks',
  sql`with team(id) as ${teamOf(sql`${sql.placeholder('viewer')}`)}
    select p.id, kept.favourites, ${invitedCompanies(sql.raw('p.id'))} as invited_90d,
      (kept.by_team or replied.hit is not null) as in_team,
      o.opinions, o.recommend, o.neutral, o.not_recommend
    from unnest(${sql.placeholder('ids')}::bigint[]) as p(id)
    cross join lateral (
      select count(*)::int as favourites, coalesce(bool_or(f.user_id = any(array(select id from team))), false) as by_team
      from favourites f where f.resume_id = p.id) kept
    left join lateral (
      select 1 as hit from vacancy_replies vr join vacancies v on v.id = vr.vacancy_id
      where vr.resume_id = p.id and v.owner_id = any(array(select id from team)) limit 1) replied on true
    cross join lateral (
      select count(*)::int as opinions,
        count(*) filter (where ro.verdict = 'recommend')::int as recommend,
        count(*) filter (where ro.verdict = 'neutral')::int as neutral,
        count(*) filter (where ro.verdict = 'not_recommend')::int as not_recommend
      from review_opinions ro where ro.resume_id = p.id and ro.hidden_at is null) o`,
);

export type CardMarks = {
  /** The badges of the resumes the club knows something about (the others are not in the map). */
  signals: Map<number, CardSignals>;
  /** The opinions' counts of the resumes that have a visible opinion. */
  opinions: Map<number, OpinionsSummary>;
};

/** The badges and the opinions of a page of cards, for `viewerId`; ids repeated or unknown are ignored. */
export async function cardMarksOf(database: Database, viewerId: number, resumeIds: number[]): Promise<CardMarks> {
  const out: CardMarks = { signals: new Map(), opinions: new Map() };
  const ids = [...new Set(resumeIds)];
  if (!ids.length) return out;
  const rows = await marksOfPage(database, { viewer: viewerId, ids: ids.map(String) });
  for (const r of rows) {
    const id = Number(r.id);
    if (r.favourites || r.invited_90d || r.in_team)
      out.signals.set(id, { favourites: r.favourites, invited_90d: r.invited_90d, in_team: !!r.in_team });
    if (r.opinions) out.opinions.set(id, { recommend: r.recommend, neutral: r.neutral, not_recommend: r.not_recommend });
  }
  return out;
}
