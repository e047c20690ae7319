import { and, eq, isNull, sql } from 'drizzle-orm';
import { cities, favourites, resumes } from '../../db/schema/index.ts';
import { preparedPerDatabase } from '../../lib/prepared-statement.ts';
import { opinionInfoQuery } from '../review/review.summary.ts';
import { RESUME_RECORD_COLUMNS } from './resume.record.ts';

/**
 * The resume page in one statement, prepared once per database (values: hash, user, day): counts
 * the member's view of the day (one per member per Moscow day: the insert does nothing when the
 * day's row exists) and bumps the counter only then, and reads the resume with its city, the
 * member's favourite note, whether they opened its contacts and the opinions block. No row: no
 * resume of the club's database by that hash (unknown, or a reply to a vacancy).
 */
export const resumePageStatement = preparedPerDatabase((db) => {
  const hash = sql.placeholder('hash');
  const userId = sql.placeholder('user');
  const day = sql.placeholder('day');
  // The conflict check reads the day's row through the primary key (resume, user, day), so a repeat
  // opening costs one index probe; two first openings at once meet there and one of them counts.
  const counted = db.$with('counted', { resumeId: sql<number>`resume_id` }).as(sql`
    insert into resume_views (resume_id, user_id, day)
    select id, ${userId}::int, ${day}::date from resumes where hash = ${hash}::text and vacancy_id is null
    on conflict do nothing returning resume_id`);
  // A concurrent opening by another member waits on the row and adds to its committed count.
  const bumped = db.$with('bumped', { views: sql<number>`views` }).as(sql`
    update resumes set views = views + 1 where id in (select resume_id from counted) returning views`);
  return db
    .with(counted, bumped)
    .select({
      ...RESUME_RECORD_COLUMNS,
      views: sql<number>`coalesce((select views from bumped), ${resumes.views})`.mapWith(Number),
      cityName: cities.name,
      cityRegion: cities.region,
      favouriteId: favourites.id,
      favouriteNote: favourites.note,
      contactsOpened: sql<boolean>`exists (select 1 from contact_openings o where o.user_id = ${userId}::int and o.resume_id = ${resumes.id})`,
      recommend: sql<number>`opinions.recommend`.mapWith(Number),
      neutral: sql<number>`opinions.neutral`.mapWith(Number),
      not_recommend: sql<number>`opinions.not_recommend`.mapWith(Number),
      mine: sql<number | null>`opinions.mine`.mapWith(Number),
    })
    .from(resumes)
    .leftJoin(cities, eq(cities.id, resumes.cityId))
    .leftJoin(favourites, and(eq(favourites.userId, sql`${userId}::int`), eq(favourites.resumeId, resumes.id)))
    .innerJoinLateral(sql`(${opinionInfoQuery(resumes.id, sql`${userId}::int`)}) as opinions`, sql`true`)
    .where(and(eq(resumes.hash, hash), isNull(resumes.vacancyId)))
    .limit(1)
    .prepare('resume_page');
});
