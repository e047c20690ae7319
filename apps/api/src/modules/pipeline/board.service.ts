import type { BoardCard, ReplyBoard } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { vacancyForTeam } from '../vacancy/vacancy.access.ts';
import { duplicateReplyIds } from './duplicates.flags.ts';
import { rowsIn } from './pipeline.db.ts';
import { REPLY_CARD_COLUMNS, REPLY_CARD_JOINS, type ReplyCardRow, replyCardReader } from './reply-cards.ts';
import { stagesWithCounts } from './stages.service.ts';

/**
 * The board (PRODUCT 11): every stage of the vacancy with its count and its first `perStage` cards,
 * newest reply first (by id, as the list orders them, so a column's next page is the list filtered by
 * `stage_id`). Three statements whatever the number of stages: the counts, the cards (one lateral
 * read per stage on the (vacancy, stage, id) index), the duplicate flags.
 */
export async function replyBoard(ctx: AppContext, viewer: AuthUser, vacancyId: number, perStage: number): Promise<ReplyBoard> {
  const vacancy = await vacancyForTeam(ctx, viewer.id, vacancyId);
  const db = ctx.database.db;
  const [stages, rows] = await Promise.all([
    stagesWithCounts(db, vacancy.id),
    rowsIn<ReplyCardRow>(
      db,
      sql`select ${REPLY_CARD_COLUMNS}
          from vacancy_stages st
          cross join lateral (
            select * from vacancy_replies x where x.vacancy_id = ${vacancy.id} and x.stage_id = st.id order by x.id desc limit ${perStage}
          ) r
          ${REPLY_CARD_JOINS}
          where st.vacancy_id = ${vacancy.id}
          order by r.id desc`,
    ),
  ]);
  const duplicates = await duplicateReplyIds(
    db,
    vacancy.ownerId,
    rows.map((r) => Number(r.id)),
  );
  const read = replyCardReader(viewer, duplicates);
  const byStage = new Map<number, BoardCard[]>();
  for (const row of rows) {
    const { status: _status, stage: _stage, ...card } = read(row);
    const list = byStage.get(Number(row.stage_id)) ?? [];
    list.push(card);
    byStage.set(Number(row.stage_id), list);
  }
  return {
    vacancy: { id: vacancy.id, title: vacancy.title, status: vacancy.status },
    columns: stages.map((s) => {
      const items = byStage.get(s.id) ?? [];
      return { ...s, items, has_more: s.count > items.length };
    }),
  };
}
