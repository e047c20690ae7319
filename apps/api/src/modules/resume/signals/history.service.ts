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

/**
 * The member's openings of the last HISTORY_DAYS days, one row per resume with the latest: read
 * through resume_views_user_time_idx (the member's rows of the period only), the resume's title,
 * key skills and last position narrowing them by `text` (case and ё aside).
 */
function openedBy(userId: number, text: string | undefined): SQL {
  const matches = text
    ? sql`and translate(lower(r.title || ' ' || array_to_string(r.skills, ' ') || ' ' || coalesce(r.last_position, '')), 'ё', 'е')
        like ${containing(text)}`
    : sql``;
  return sql`
    select ${sql.raw(CARD_COLUMNS)}, s.opened_at
    from (
      select v.resume_id, max(v.viewed_at) as opened_at from resume_views v
      where v.user_id = ${userId} and v.viewed_at > now() - make_interval(days => ${HISTORY_DAYS})
      group by v.resume_id
    ) s
    join resumes r on r.id = s.resume_id and r.vacancy_id is null
    left join cities c on c.id = r.city_id
    where true ${matches}`;
}

/**
 * `GET /api/resume/history`: the resumes the member opened, newest opening first, each card as
 * the member may see it (toCard, the one viewer rule) with when they last opened it.
 */
export async function historyOf(ctx: AppContext, user: UserRow, q: HistoryFilter): Promise<Paginated<HistoryItem>> {
  const text = q.text?.trim() || undefined;
  const opened = openedBy(user.id, text);
  const [[count], rows] = await Promise.all([
    ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from (${opened}) h`),
    ctx.database.rows<CardRow & { opened_at: Date | string }>(sql`
      select * from (${opened}) h
      order by h.opened_at desc, h.id desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  ]);
  const data = rows.map((r) => ({ ...toCard(r, user), opened_at: new Date(r.opened_at).toISOString() }));
  return pageOf(data, count?.n ?? 0, q.page, q.per_page);
}
