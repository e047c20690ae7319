import { HISTORY_DAYS, type HistoryItem, type Paginated } from '@hr/contract';
import { pageOf } from '@hr/contract/pagination';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { CARD_COLUMNS, type CardRow, toCard } from '../resume.card.ts';

export type HistoryFilter = { page: number; per_page: number; text?: string | undefined };

/** Lower case with ё as е, the way both sides of the text filter are compared. */
const folded = (text: string) => text.toLowerCase().replaceAll('ё', 'е');

/** `%text%` for LIKE with the member's own %, _ and \ taken literally. */
const containing = (text: string) => `%${folded(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The member's openings of the last HISTORY_DAYS days, one row per resume with the latest (resume_views_user_time_idx). */
function openingsOf(userId: number): SQL {
  return sql`
    select v.resume_id, max(v.viewed_at) as opened_at from resume_views v
    where v.user_id = ${userId} and v.viewed_at > now() - make_interval(days => ${HISTORY_DAYS})
    group by v.resume_id`;
}

/** The resume's title, key skills and last position contain `text`, case and ё aside. */
const mentions = (text: string): SQL =>
  sql`translate(lower(r.title || ' ' || array_to_string(r.skills, ' ') || ' ' || coalesce(r.last_position, '')), 'ё', 'е') like ${containing(text)}`;

const CARDS_FROM = sql.raw(`${CARD_COLUMNS}, s.opened_at`);

/**
 * `GET /api/resume/history`: the resumes the member opened, newest opening first, each card as
 * the member may see it (toCard, the one viewer rule) with when they last opened it. The work
 * follows the member's own openings: without `text` only the page's resumes are read; with it,
 * the resumes they opened in the period are checked.
 */
export async function historyOf(ctx: AppContext, user: UserRow, q: HistoryFilter): Promise<Paginated<HistoryItem>> {
  const text = q.text?.trim() || undefined;
  const offset = (q.page - 1) * q.per_page;
  const opened = openingsOf(user.id);
  const [countSql, pageSql] = text
    ? [
        sql`select count(*)::int as n from (${opened}) s join resumes r on r.id = s.resume_id and r.vacancy_id is null where ${mentions(text)}`,
        sql`
          select ${CARDS_FROM} from (${opened}) s
          join resumes r on r.id = s.resume_id and r.vacancy_id is null
          left join cities c on c.id = r.city_id
          where ${mentions(text)}
          order by s.opened_at desc, r.id desc
          limit ${q.per_page} offset ${offset}`,
      ]
    : [
        // Only club resumes are ever opened (the resume page finds no other), so the openings count them.
        sql`select count(*)::int as n from (${opened}) s`,
        sql`
          select ${CARDS_FROM} from (${opened} order by opened_at desc, resume_id desc limit ${q.per_page} offset ${offset}) s
          join resumes r on r.id = s.resume_id and r.vacancy_id is null
          left join cities c on c.id = r.city_id
          order by s.opened_at desc, r.id desc`,
      ];
  const [[count], rows] = await Promise.all([
    ctx.database.rows<{ n: number }>(countSql),
    ctx.database.rows<CardRow & { opened_at: Date | string }>(pageSql),
  ]);
  const data = rows.map((r) => ({ ...toCard(r, user), opened_at: new Date(r.opened_at).toISOString() }));
  return pageOf(data, count?.n ?? 0, q.page, q.per_page);
}
