import { PIPELINE_MSG, plural, type Stage, type StagesAnswer, type StageWithCount, type stagesBody, VACANCY_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError, fieldErrors } from '../../lib/app-error.ts';
import { teamOf, vacancyForTeam } from '../vacancy/vacancy.access.ts';
import { rowsIn } from './pipeline.db.ts';

/**
 * A vacancy's stages (PRODUCT 11): read with their counts, and edited as a whole list — renamed,
 * reordered, added, deleted — in one transaction that holds the vacancy's row, so two editors never
 * interleave. A reply never changes stage here: a stage holding replies cannot be deleted, and the
 * legacy `status` of the replies is recounted from their stages (the active stages' order decides
 * «Просмотрен» / «Приглашён»).
 */

/** The stages of `vacancyId` in order, each with the number of its replies (one statement). */
export async function stagesWithCounts(tx: Db, vacancyId: number): Promise<StageWithCount[]> {
  const rows = await rowsIn<{ id: number; title: string; kind: Stage['kind']; count: number }>(
    tx,
    // One count per stage on the (vacancy, stage, id) index: an index-only scan each.
    sql`select s.id, s.title, s.kind,
          (select count(*) from vacancy_replies r where r.vacancy_id = s.vacancy_id and r.stage_id = s.id)::int as count
        from vacancy_stages s
        where s.vacancy_id = ${vacancyId}
        order by s.position, s.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), title: r.title, kind: r.kind, count: Number(r.count) }));
}

/** The stages of `vacancyId` in order (the move controls). */
export async function stagesOf(tx: Db, vacancyId: number): Promise<Stage[]> {
  const rows = await rowsIn<Stage>(
    tx,
    sql`select id, title, kind from vacancy_stages where vacancy_id = ${vacancyId} order by position, id`,
  );
  return rows.map((r) => ({ id: Number(r.id), title: r.title, kind: r.kind }));
}

export async function readStages(ctx: AppContext, userId: number, vacancyId: number): Promise<StagesAnswer> {
  const vacancy = await vacancyForTeam(ctx, userId, vacancyId);
  return { stages: await stagesWithCounts(ctx.database.db, vacancy.id), criteria: vacancy.criteria ?? [] };
}

const REPLIES_FORMS = ['отклик', 'отклика', 'откликов'] as const;

export async function saveStages(
  ctx: AppContext,
  userId: number,
  vacancyId: number,
  body: z.output<typeof stagesBody>,
): Promise<StagesAnswer> {
  const list = body.stages;
  const criteria = await ctx.database.db.transaction(async (tx) => {
    // The vacancy's row is the lock every stage edit of this vacancy waits on. Not FOR UPDATE: a bulk
    // action holding a stage records itself with a foreign key to the vacancy (a key-share lock),
    // which must not wait on this save while the save waits on that stage (a deadlock).
    const [vacancy] = await rowsIn<{ id: number; criteria: string[] }>(
      tx,
      sql`select id, criteria from vacancies where id = ${vacancyId} and owner_id in ${teamOf(userId)} for no key update`,
    );
    if (!vacancy) throw new AppError('not_found', VACANCY_MSG.notFound);
    // A move holds its target stage FOR SHARE (pipeline.move.ts): this waits for those moves, so the
    // count below includes them, and a later move waits for this save. Not FOR UPDATE: a move also
    // takes key-share locks on the stage it leaves (foreign keys), and must not wait on this lock.
    await tx.execute(sql`select id from vacancy_stages where vacancy_id = ${vacancyId} order by id for no key update`);
    const current = await stagesWithCounts(tx, vacancyId);
    const byId = new Map(current.map((s) => [s.id, s]));
    const seen = new Set<number>();
    for (const s of list) {
      if (s.id == null) continue;
      if (!byId.has(s.id) || seen.has(s.id)) throw fieldError('stages', PIPELINE_MSG.stageNotFound);
      seen.add(s.id);
    }
    const removed = current.filter((s) => !seen.has(s.id));
    const holding = removed.find((s) => s.count > 0);
    if (holding) {
      throw fieldErrors({
        stages: [PIPELINE_MSG.stageHasReplies(holding.title, `${holding.count} ${plural(holding.count, REPLIES_FORMS)}`)],
      });
    }
    // Replies in a rejection carry a reason and nothing else does: a stage holding replies does not
    // pass into the rejection or out of it (its replies would be rejected without one, or lose it).
    const turning = list.find((s) => {
      const was = s.id == null ? undefined : byId.get(s.id);
      return was && was.count > 0 && was.kind !== s.kind && (was.kind === 'rejected' || s.kind === 'rejected');
    });
    const turned = turning?.id == null ? undefined : byId.get(turning.id);
    if (turned) {
      throw fieldErrors({
        stages: [PIPELINE_MSG.stageRejectionHasReplies(turned.title, `${turned.count} ${plural(turned.count, REPLIES_FORMS)}`)],
      });
    }
    if (removed.length) {
      const ids = sql.join(
        removed.map((s) => sql`${s.id}`),
        sql`, `,
      );
      await tx.execute(sql`delete from vacancy_stages where id in (${ids})`);
    }
    // Kept stages first become `active` so that a kind passing from one stage to another never
    // meets the one-per-kind index halfway; then each takes its place, title and kind.
    if (seen.size) {
      const ids = sql.join(
        [...seen].map((id) => sql`${id}`),
        sql`, `,
      );
      await tx.execute(sql`update vacancy_stages set kind = 'active' where id in (${ids}) and kind <> 'active'`);
    }
    for (const [position, s] of list.entries()) {
      if (s.id != null) {
        await tx.execute(sql`update vacancy_stages set position = ${position}, title = ${s.title}, kind = ${s.kind} where id = ${s.id}`);
      } else {
        await tx.execute(
          sql`insert into vacancy_stages (vacancy_id, position, title, kind) values (${vacancyId}, ${position}, ${s.title}, ${s.kind})`,
        );
      }
    }
    // Each reply stays on its stage; its legacy status follows what the stage now means (migration 0029).
    await tx.execute(sql`update vacancy_replies set status = reply_status_for_stage(stage_id)
        where vacancy_id = ${vacancyId} and status is distinct from reply_status_for_stage(stage_id)`);
    return vacancy.criteria ?? [];
  });
  return { stages: await stagesWithCounts(ctx.database.db, vacancyId), criteria };
}
