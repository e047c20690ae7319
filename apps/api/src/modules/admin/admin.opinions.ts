import { ADMIN_MSG, ADMIN_NOTIFY, type AdminOpinion, type adminOpinionQuery, type Paginated } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { pageOf } from '@hr/contract/pagination';
import { audit } from '../audit/audit.ts';
import { notify } from '../notify/notify.service.ts';
import { hideOpinion, unhideOpinion } from '../review/review.service.ts';

type Actor = { actorId: number; ip: string };
type Row = {
  id: number;
  resume_hash: string;
  resume_title: string;
  source: string;
  verdict: string;
  text: string;
  author_id: number | null;
  author_name: string | null;
  hidden_at: string | Date | null;
  hidden_reason: string | null;
  created_at: string | Date;
};

const select = (where: SQL, tail: SQL) => sql`
  select o.id, r.hash as resume_hash, r.title as resume_title, o.source, o.verdict, o.text, o.author_id,
         coalesce(nullif(trim(u.family || ' ' || u.name), ''), o.external_name, '') as author_name,
         o.hidden_at, o.hidden_reason, o.created_at
  from review_opinions o
  join resumes r on r.id = o.resume_id
  left join users u on u.id = o.author_id
  where ${where}
  ${tail}`;

const present = (r: Row): AdminOpinion => ({
  id: Number(r.id),
  resume_hash: r.resume_hash,
  resume_title: r.resume_title,
  source: r.source,
  verdict: r.verdict,
  text: r.text,
  author_id: r.author_id,
  author_name: r.author_name ?? '',
  hidden_at: r.hidden_at == null ? null : new Date(r.hidden_at).toISOString(),
  hidden_reason: r.hidden_reason,
  created_at: new Date(r.created_at).toISOString(),
});

const stateWhere = (state: string): SQL =>
  state === 'hidden' ? sql`o.hidden_at is not null` : state === 'visible' ? sql`o.hidden_at is null` : sql`true`;

export async function listOpinionsForModeration(ctx: AppContext, q: z.output<typeof adminOpinionQuery>): Promise<Paginated<AdminOpinion>> {
  const where = stateWhere(q.state);
  const [rows, [total]] = await Promise.all([
    ctx.database.rows<Row>(select(where, sql`order by o.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`)),
    ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from review_opinions o where ${where}`),
  ]);
  return pageOf(rows.map(present), Number(total?.n ?? 0), q.page, q.per_page);
}

export async function getOpinionForModeration(ctx: AppContext, id: number): Promise<AdminOpinion> {
  const [row] = await ctx.database.rows<Row>(select(sql`o.id = ${id}`, sql``));
  if (!row) throw new AppError('not_found', ADMIN_MSG.opinionNotFound);
  return present(row);
}

/** Hides or restores an opinion (review module's functions), logs it and tells the author. */
export async function moderateOpinion(ctx: AppContext, actor: Actor, id: number, hide: boolean, reason: string): Promise<AdminOpinion> {
  const before = await getOpinionForModeration(ctx, id);
  if (hide && before.hidden_at) throw fieldError('reason', ADMIN_MSG.alreadyHidden);
  if (!hide && !before.hidden_at) throw fieldError('reason', ADMIN_MSG.notHidden);
  const done = hide ? await hideOpinion(ctx, id, reason) : await unhideOpinion(ctx, id);
  if (!done) throw new AppError('not_found', ADMIN_MSG.opinionNotFound);
  await audit(ctx, {
    ...actor,
    action: hide ? 'opinion.hide' : 'opinion.unhide',
    objectType: 'opinion',
    objectId: id,
    details: { reason, resume: before.resume_hash },
  });
  if (before.author_id) {
    await notify(ctx, before.author_id, {
      title: hide ? ADMIN_NOTIFY.opinionHiddenTitle : ADMIN_NOTIFY.opinionShownTitle,
      message: hide ? ADMIN_NOTIFY.opinionHidden(reason) : ADMIN_NOTIFY.opinionShown(reason),
      url: `/resume/${before.resume_hash}`,
    });
  }
  return getOpinionForModeration(ctx, id);
}
