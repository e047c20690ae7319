import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { CARD_COLUMNS, type CardRow } from '../resume/resume.card.ts';

/** `1, 2, 3` for `in (…)`: the ids as bound parameters. */
export const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export type FavouriteFilter = { q?: string | undefined; folder?: number | undefined };

export type FavouriteRow = CardRow & {
  note: string | null;
  added_at: Date;
  added_by_id: number;
  added_by_name: string;
  added_by_family: string;
};

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The team's favourites as the list shows them — one row per candidate, the viewer's own entry
 * winning over a teammate's — narrowed by the search text (the title, the key skills, the shown
 * note) and by a folder (the caller has checked the viewer sees it).
 */
function favouritesOf(team: number[], viewerId: number, filter: FavouriteFilter): SQL {
  const owners = idList(team);
  const inFolder = filter.folder
    ? sql`and r.id in (select resume_id from favourite_folder_items where folder_id = ${filter.folder})`
    : sql``;
  const text = filter.q ? containing(filter.q) : null;
  const matches = text ? sql`where t.title ilike ${text} or t.skills_text ilike ${text} or coalesce(t.note, '') ilike ${text}` : sql``;
  return sql`
    select * from (
      select distinct on (r.id) ${sql.raw(CARD_COLUMNS)}, array_to_string(r.skills, ' ') as skills_text,
        f.note, f.created_at as added_at, f.id as favourite_id,
        u.id as added_by_id, u.name as added_by_name, u.family as added_by_family
      from favourites f
      join resumes r on r.id = f.resume_id
      join users u on u.id = f.user_id
      left join cities c on c.id = r.city_id
      where f.user_id in (${owners}) ${inFolder}
      order by r.id, (f.user_id = ${viewerId}) desc, f.created_at desc
    ) t ${matches}`;
}

export async function countFavourites(ctx: AppContext, team: number[], viewerId: number, filter: FavouriteFilter): Promise<number> {
  const [row] = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from (${favouritesOf(team, viewerId, filter)}) x`);
  return row?.n ?? 0;
}

/** A page of the list, newest first. */
export function favouriteRows(ctx: AppContext, team: number[], viewerId: number, filter: FavouriteFilter, limit: number, offset: number) {
  return ctx.database.rows<FavouriteRow>(sql`
    ${favouritesOf(team, viewerId, filter)}
    order by t.added_at desc, t.favourite_id desc
    limit ${limit} offset ${offset}`);
}

/** For each candidate (resume id), the ids of the given folders holding it. */
export async function folderIdsByResume(ctx: AppContext, folderIds: number[], resumeIds: number[]): Promise<Map<number, number[]>> {
  const byResume = new Map<number, number[]>();
  if (!folderIds.length || !resumeIds.length) return byResume;
  const rows = await ctx.database.rows<{ resume_id: number; folder_id: number }>(sql`
    select resume_id::int as resume_id, folder_id::int as folder_id from favourite_folder_items
    where folder_id in (${idList(folderIds)})
      and resume_id in (${idList(resumeIds)})
    order by folder_id`);
  for (const r of rows) byResume.set(r.resume_id, [...(byResume.get(r.resume_id) ?? []), r.folder_id]);
  return byResume;
}
