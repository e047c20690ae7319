import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { rowsIn } from './pipeline.db.ts';

/**
 * Which of `replyIds` are «возможный дубль»: another reply to a vacancy of the same team, or a
 * resume of the club's base, has the same normalised e-mail or phone. One statement per page of
 * cards (the board, the list); the details and the merge are in duplicates.service.ts. Replies of
 * one resume are one candidate already (merged); an invited club resume has no matches shown (they
 * would tell its contacts), the public reply matching it carries the mark instead.
 */
export async function duplicateReplyIds(tx: Db, ownerId: number, replyIds: readonly number[]): Promise<Set<number>> {
  if (!replyIds.length) return new Set();
  const ids = sql`array[${sql.join(replyIds.map((id) => sql`${id}`), sql`, `)}]::bigint[]`;
  const rows = await rowsIn<{ id: number }>(
    tx,
    sql`select r.id from vacancy_replies r
        where r.id = any(${ids}) and r.source = 'reply' and (
          exists (select 1 from vacancy_replies o join vacancies ov on ov.id = o.vacancy_id
                  where o.id <> r.id and o.resume_id <> r.resume_id and ov.owner_id in ${teamOf(ownerId)}
                    and ((r.email_key is not null and o.email_key = r.email_key) or (r.phone_key is not null and o.phone_key = r.phone_key)))
          or exists (select 1 from resumes c where c.id <> r.resume_id and c.source <> 'reply'
                  and ((r.email_key is not null and lower(c.email) = r.email_key) or (r.phone_key is not null and c.phone = r.phone_key)))
        )`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
