import { and, eq, type SQL } from 'drizzle-orm';
import { reviewOpinions } from '../../db/schema/index.ts';

/**
 * Only the author of a member's opinion reads it for editing, edits or deletes it; for anyone
 * else it does not exist (404, never 403: another member's opinion id tells nothing). Answers to
 * review requests (`source = 'request'`) have no member author and are edited by nobody.
 */
export const isOpinionAuthor = (actorId: number, opinion: { source: string; authorId: number | null }) =>
  opinion.source === 'member' && opinion.authorId === actorId;

/** The same rule as a query condition: edits and deletions touch only the actor's own rows, in one statement. */
export const editableBy = (actorId: number): SQL =>
  and(eq(reviewOpinions.authorId, actorId), eq(reviewOpinions.source, 'member')) as SQL;
