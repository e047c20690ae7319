import {
  type CardSignals,
  emptyOpinionsSummary,
  REPLY_STATUS_TITLES,
  type ReplySource,
  type ReplyStatus,
  type ResumeSignals,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { opinionSummaries } from '../../review/review.summary.ts';
import { isTeamLead } from '../../team/team.policy.ts';
import { teamOf } from '../../vacancy/vacancy.access.ts';
import { findClubResume } from '../resume.service.ts';
import { cardMarksOf, invitedCompanies, keptBy } from './card-marks.ts';

/**
 * «Уже в работе у коллег» (PRODUCT 10): what the club knows of a candidate. Over the whole club
 * only counts (members keeping the candidate, companies that invited them) — no company, member
 * or vacancy outside the viewer's team is ever named. A company is a team: a lead and its members
 * count as one, a member without a team is a company of their own. The member's own team (a
 * member without one is a team of one) is shown by name: who keeps the candidate, which of the
 * team's vacancies the candidate is on and, for the lead only, who of the team opened the resume.
 */

type Person = { id: number; family: string; name: string; middle_name: string };
const fioOf = (u: Person) => [u.family, u.name, u.middle_name].filter(Boolean).join(' ');
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Whether the member leads their team now (read from team_members, not the cached session): the
 * `team_lead` flag or members of their own, and not themselves a member of another lead's team.
 */
async function leadsTeam(database: Database, user: UserRow): Promise<boolean> {
  const [row] = await database.rows<{ member_of: number | null; has_members: boolean }>(sql`
    select (select lead_id from team_members where user_id = ${user.id}) as member_of,
      exists (select 1 from team_members where lead_id = ${user.id}) as has_members`);
  return !row?.member_of && (isTeamLead(user) || !!row?.has_members);
}

/** `GET /api/resume/{hash}/signals`: 404 for an unknown hash or a reply's resume, as the resume page. */
export async function resumeSignals(ctx: AppContext, user: UserRow, hash: string): Promise<ResumeSignals> {
  const resume = await findClubResume(ctx, hash);
  const { database } = ctx;
  const id = sql`${resume.id}::bigint`;
  const team = teamOf(user.id);
  const [[counts], opinions, favourites, vacancies, lead] = await Promise.all([
    database.rows<{ favourites: number; invited_90d: number }>(
      sql`select ${keptBy(id)} as favourites, ${invitedCompanies(id)} as invited_90d`,
    ),
    opinionSummaries(database, [resume.id]),
    database.rows<Person & { added_at: Date | string }>(sql`
      select u.id, u.family, u.name, u.middle_name, f.created_at as added_at
      from favourites f join users u on u.id = f.user_id
      where f.resume_id = ${id} and f.user_id in ${team}
      order by f.created_at desc, u.id`),
    // The codebase links a reply to a club resume only through vacancy_replies.resume_id (an
    // invitation, or a reply filed against this very resume); a public reply is a resume of its own.
    database.rows<{
      id: number;
      title: string;
      source: ReplySource;
      status: ReplyStatus;
      created_at: Date | string;
      updated_at: Date | string;
    }>(sql`
      select v.id, v.title, vr.source, vr.status, vr.created_at, vr.updated_at
      from vacancy_replies vr join vacancies v on v.id = vr.vacancy_id
      where vr.resume_id = ${id} and v.owner_id in ${team}
      order by vr.created_at desc, vr.id desc`),
    leadsTeam(database, user),
  ]);
  const opened = lead
    ? await database.rows<Person & { opened_at: Date | string }>(sql`
        select u.id, u.family, u.name, u.middle_name, max(rv.viewed_at) as opened_at
        from resume_views rv join users u on u.id = rv.user_id
        where rv.resume_id = ${id} and rv.user_id in ${team}
        group by u.id, u.family, u.name, u.middle_name
        order by opened_at desc, u.id`)
    : null;
  return {
    favourites: counts?.favourites ?? 0,
    invited_90d: counts?.invited_90d ?? 0,
    opinions: opinions.get(resume.id) ?? emptyOpinionsSummary(),
    team: {
      favourites: favourites.map((f) => ({ id: Number(f.id), fio: fioOf(f), added_at: iso(f.added_at) })),
      vacancies: vacancies.map((v) => ({
        vacancy: { id: Number(v.id), title: v.title },
        source: v.source,
        status: v.status,
        status_title: REPLY_STATUS_TITLES[v.status] ?? v.status,
        at: iso(v.created_at),
        status_at: iso(v.updated_at),
      })),
      opened: opened ? opened.map((o) => ({ id: Number(o.id), fio: fioOf(o), opened_at: iso(o.opened_at) })) : null,
    },
  };
}

/** The badges of a page of cards (cardMarksOf): only the resumes the club knows something about are in the map. */
export async function cardSignalsOf(database: Database, viewerId: number, resumeIds: number[]): Promise<Map<number, CardSignals>> {
  return (await cardMarksOf(database, viewerId, resumeIds)).signals;
}
