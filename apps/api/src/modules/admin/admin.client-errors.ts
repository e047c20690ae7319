import { CLIENT_ERRORS_PER_PAGE, type ClientErrorGroup, type ClientErrorReport, type Paginated } from '@hr/contract';
import { count, desc, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { clientErrors } from '../../db/schema/index.ts';
import { pageOf } from '@hr/contract/pagination';

type Row = {
  error: string;
  count: number;
  users: number;
  first_seen: string | Date;
  last_seen: string | Date;
  last_path: string | null;
  last_info: string | null;
};

/** Client error reports grouped by message: how many, from how many users, first and last seen. */
export async function clientErrorGroups(ctx: AppContext, page: number, perPage: number): Promise<Paginated<ClientErrorGroup>> {
  const [rows, [total]] = await Promise.all([
    ctx.database.rows<Row>(sql`
      select g.error, g.count, g.users, g.first_seen, g.last_seen, l.path as last_path, l.info as last_info
      from (
        select error, count(*)::int as count, count(distinct user_id)::int as users,
               min(created_at) as first_seen, max(created_at) as last_seen, max(id) as last_id
        from client_errors group by error
      ) g
      left join client_errors l on l.id = g.last_id
      order by g.last_seen desc, g.error
      limit ${perPage} offset ${(page - 1) * perPage}`),
    ctx.database.rows<{ n: number }>(sql`select count(distinct error)::int as n from client_errors`),
  ]);
  return pageOf(
    rows.map((r) => ({
      error: r.error,
      count: Number(r.count),
      users: Number(r.users),
      first_seen: new Date(r.first_seen).toISOString(),
      last_seen: new Date(r.last_seen).toISOString(),
      last_path: r.last_path ?? '',
      last_info: r.last_info ?? '',
    })),
    Number(total?.n ?? 0),
    page,
    perPage,
  );
}

/** Client error reports one by one, newest first. */
export async function clientErrorReports(ctx: AppContext, page: number): Promise<Paginated<ClientErrorReport>> {
  const perPage = CLIENT_ERRORS_PER_PAGE;
  const { db } = ctx.database;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clientErrors)
      .orderBy(desc(clientErrors.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(clientErrors),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    error: r.error,
    info: r.info,
    host: r.host,
    path: r.path,
    created_at: r.createdAt.toISOString(),
  }));
  return pageOf(data, Number(total?.n ?? 0), page, perPage);
}
