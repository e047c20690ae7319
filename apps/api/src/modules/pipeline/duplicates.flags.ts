import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { rowsIn } from './pipeline.db.ts';

/**
 * A club resume (alias `club`) the team of `ownerId` already knows: a member of the team opened its
 * contacts, or the team invited it to one of its vacancies. Only such a resume may be a match —
 * otherwise a public reply typed with any phone or e-mail would name the club resume holding it,
 * a contact lookup without opening contacts or the daily limit. The flag and the list share it.
 */
export const clubResumeKnownToTeam = (club: string, ownerId: number): SQL => sql`(
  exists (select 1 from contact_openings co where co.resume_id = ${sql.raw(club)}.id and co.user_id in ${teamOf(ownerId)})
  or exists (select 1 from vacancy_replies i join vacancies iv on iv.id = i.vacancy_id
             where i.resume_id = ${sql.raw(club)}.id and i.source = 'invite' and iv.owner_id in ${teamOf(ownerId)})
)`;

/**
 * Which of `replyIds` are «возможный дубль»: another reply to a vacancy of the same team, or a club
 * resume the team already knows (clubResumeKnownToTeam), has the same normalised e-mail or phone.
 * `ownerId` is the vacancy's owner: the team is theirs, as in duplicates.service.ts. One statement
 * per page of cards (the board, the list). Replies of one resume are one candidate already (merged);
 * an invited club resume has no matches shown (they would tell its contacts), the public reply
 * matching it carries the mark instead.
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
                  and ((r.email_key is not null and lower(c.email) = r.email_key) or (r.phone_key is not null and c.phone = r.phone_key))
                  and ${clubResumeKnownToTeam('c', ownerId)})
        )`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
