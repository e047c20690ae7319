import type { BoardCard, ReplySource, ReplyStatus, Stage, StageKind } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { displayNameOf, REPLY_TEAM_SIGHT, revealText, sightOf } from '../resume/candidate-view.ts';
import { personOfCard } from '../resume/resume.card.ts';
import type { AuthUser } from '../../plugins/session.ts';

/**
 * One reply as a card of the board or a row of the list: the columns to select (alias `r` for the
 * reply) and the card a viewer sees. An invited club resume shows its name as its card would to this
 * member (candidate-view.ts); a reply from the public page is the team's in full.
 */
export const REPLY_CARD_COLUMNS = sql`r.id, r.status, r.source, r.created_at, r.stage_at, r.fio,
  coalesce(r.city_name, c.name) as city, res.title, (r.file_key is not null) as has_file, res.hash,
  res.first_name, res.last_name, res.middle_name, res.phone, res.email, res.telegram,
  s.id as stage_id, s.title as stage_title, s.kind as stage_kind, rr.title as reason`;

/** The joins REPLY_CARD_COLUMNS needs after `from vacancy_replies r`. */
export const REPLY_CARD_JOINS = sql`join resumes res on res.id = r.resume_id
  join vacancy_stages s on s.id = r.stage_id
  left join cities c on c.id = res.city_id
  left join rejection_reasons rr on rr.id = r.reason_id`;

export type ReplyCardRow = {
  id: number;
  status: ReplyStatus;
  source: ReplySource;
  created_at: string;
  stage_at: string;
  fio: string;
  city: string | null;
  title: string;
  has_file: boolean;
  hash: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  phone: string | null;
  email: string | null;
  telegram: string | null;
  stage_id: number;
  stage_title: string;
  stage_kind: StageKind;
  reason: string | null;
};

export type ReplyCard = BoardCard & { status: ReplyStatus; stage: Stage };

/** A reader of rows for one viewer (the club sight is worked out once). */
export function replyCardReader(viewer: AuthUser, duplicates: ReadonlySet<number>) {
  const clubSight = sightOf(viewer);
  return (r: ReplyCardRow): ReplyCard => {
    const sight = r.source === 'invite' ? clubSight : REPLY_TEAM_SIGHT;
    const person = personOfCard(r);
    return {
      id: Number(r.id),
      status: r.status,
      fio: displayNameOf(person, r.fio, sight),
      title: revealText(r.title, person, sight),
      city: r.city,
      created_at: new Date(r.created_at).toISOString(),
      stage_at: new Date(r.stage_at).toISOString(),
      source: r.source,
      has_file: !!r.has_file,
      resume_hash: r.hash,
      reason: r.reason,
      duplicate: duplicates.has(Number(r.id)),
      stage: { id: Number(r.stage_id), title: r.stage_title, kind: r.stage_kind },
    };
  };
}
