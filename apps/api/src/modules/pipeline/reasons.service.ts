import { PIPELINE_MSG, type Reason, REASONS_PER_TEAM_MAX } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/app-error.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { rowsIn } from './pipeline.db.ts';

/**
 * Rejection reasons (PRODUCT 11): the club's defaults (`owner_id` null) and the team's own, which
 * any member of the team adds. A title is unique within what the team sees (case and spaces aside).
 */

export async function listReasons(ctx: AppContext, userId: number): Promise<Reason[]> {
  const rows = await ctx.database.rows<{ id: number; title: string; own: boolean }>(
    sql`select id, title, owner_id is not null as own from rejection_reasons
        where owner_id is null or owner_id in ${teamOf(userId)}
        order by (owner_id is not null), id`,
  );
  return rows.map((r) => ({ id: Number(r.id), title: r.title, own: !!r.own }));
}

export async function addReason(ctx: AppContext, userId: number, title: string): Promise<Reason> {
  return ctx.database.db.transaction(async (tx) => {
    // The team's lead (or the member without a team) is the row every adder of the team waits on,
    // so the check of duplicates and of the cap and the insert are one step for the team. Not FOR
    // UPDATE: rows elsewhere referencing that user (foreign keys: key-share locks) need not wait.
    await tx.execute(sql`select id from users where id = (select min(t) from ${teamOf(userId)} as team(t)) for no key update`);
    const [facts] = await rowsIn<{ same: boolean; own: number }>(
      tx,
      sql`select
            exists (select 1 from rejection_reasons where (owner_id is null or owner_id in ${teamOf(userId)})
                    and lower(title) = lower(${title})) as same,
            (select count(*)::int from rejection_reasons where owner_id in ${teamOf(userId)}) as own`,
    );
    if (facts?.same) throw fieldError('title', PIPELINE_MSG.reasonExists);
    if (Number(facts?.own ?? 0) >= REASONS_PER_TEAM_MAX) throw fieldError('title', PIPELINE_MSG.reasonsMax);
    const [row] = await rowsIn<{ id: number; title: string }>(
      tx,
      sql`insert into rejection_reasons (owner_id, title) values (${userId}, ${title}) returning id, title`,
    );
    if (!row) throw new Error('reason not written');
    return { id: Number(row.id), title: row.title, own: true };
  });
}
