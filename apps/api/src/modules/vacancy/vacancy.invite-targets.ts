import { type InviteTargets, REPLY_STATUS_TITLES, type ReplySource, type ReplyStatus } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { findClubResume } from '../resume/resume.service.ts';
import { handledBy } from './vacancy.access.ts';

/**
 * «Пригласить на вакансию» on a club resume's page: the published vacancies of the member's team
 * (newest first, up to 100) and, for each, whether this resume is already among its replies and
 * in which status — so the dialog never offers a vacancy the invite would be refused for (the
 * server still answers 422 «уже есть среди откликов» if it is tried). Only the team's own
 * vacancies are read; a reply's resume or an unknown hash is 404, as on the resume page.
 */
export async function inviteTargets(ctx: AppContext, user: AuthUser, hash: string): Promise<InviteTargets> {
  const resume = await findClubResume(ctx, hash);
  const rows = await ctx.database.rows<{
    id: number;
    title: string;
    city_id: number | null;
    city: string | null;
    salary_from: number | null;
    salary_to: number | null;
    source: ReplySource | null;
    status: ReplyStatus | null;
  }>(sql`
    select v.id, v.title, v.city_id, c.name as city, v.salary_from, v.salary_to, r.source, r.status
    from vacancies v
    left join cities c on c.id = v.city_id
    left join vacancy_replies r on r.vacancy_id = v.id and r.resume_id = ${resume.id}
    where ${handledBy(user.id)} and v.status = 'published'
    order by v.published_at desc nulls last, v.id desc
    limit 100`);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      city: r.city_id && r.city ? { value: String(r.city_id), title: r.city } : null,
      salary_from: r.salary_from,
      salary_to: r.salary_to,
      on: r.source && r.status ? { source: r.source, status: r.status, status_title: REPLY_STATUS_TITLES[r.status] } : null,
    })),
  };
}
