import type { Opinion, ReviewRelation, ReviewRequestItem, ReviewRequestPublic, ReviewRequestStatus, ReviewSource, ReviewVerdict } from '@hr/contract';
import { REVIEW_REQUEST_TTL_DAYS } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { initialsOf, revealText } from '../resume/candidate-view.ts';
import { isOpinionAuthor } from './review.policy.ts';

/** What an opinion query selects (snake_case straight from SQL); see OPINION_FROM. */
export type OpinionSqlRow = {
  id: number | string;
  resume_hash: string;
  source: ReviewSource;
  author_id: number | null;
  verdict: ReviewVerdict;
  text: string;
  relation: ReviewRelation;
  company: string | null;
  period_from: string | null;
  period_to: string | null;
  external_name: string | null;
  external_company: string | null;
  external_position: string | null;
  hidden_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  author_name: string | null;
  author_family: string | null;
  author_company: string | null;
  requested_by_id: number | null;
  requested_by_name: string | null;
  requested_by_family: string | null;
  resume_title: string;
  resume_first_name: string | null;
  resume_last_name: string | null;
  resume_middle_name: string | null;
  resume_phone: string | null;
  resume_email: string | null;
  resume_telegram: string | null;
};

export const OPINION_SELECT = sql.raw(`o.id, r.hash as resume_hash, o.source, o.author_id, o.verdict, o.text, o.relation, o.company,
  o.period_from, o.period_to, o.external_name, o.external_company, o.external_position, o.hidden_at, o.created_at, o.updated_at,
  u.name as author_name, u.family as author_family, u.company as author_company,
  rq.requester_id as requested_by_id, rqu.name as requested_by_name, rqu.family as requested_by_family,
  r.title as resume_title, r.first_name as resume_first_name, r.last_name as resume_last_name, r.middle_name as resume_middle_name,
  r.phone as resume_phone, r.email as resume_email, r.telegram as resume_telegram
  from review_opinions o join resumes r on r.id = o.resume_id left join users u on u.id = o.author_id
  left join review_requests rq on rq.id = o.request_id left join users rqu on rqu.id = rq.requester_id`);

const iso = (v: Date | string) => new Date(v).toISOString();

export type OpinionViewer = { userId: number; canSeeNames: boolean };

/** `withResume`: the member's own lists, which need to say whom the opinion is about. */
export function toOpinion(row: OpinionSqlRow, viewer: OpinionViewer, withResume = false): Opinion {
  const own = isOpinionAuthor(viewer.userId, { source: row.source, authorId: row.author_id });
  // An opinion is free text about the candidate: what it says of their names and contacts is shown
  // as a card shows it (candidate-view.ts); its author reads and edits their own words as written.
  const person = {
    firstName: row.resume_first_name,
    lastName: row.resume_last_name,
    middleName: row.resume_middle_name,
    phone: row.resume_phone,
    email: row.resume_email,
    telegram: row.resume_telegram,
  };
  const sight = { names: viewer.canSeeNames, contacts: false };
  const out: Opinion = {
    id: Number(row.id),
    resume_hash: row.resume_hash,
    verdict: row.verdict,
    text: own ? row.text : revealText(row.text, person, sight),
    relation: row.relation,
    company: row.company,
    period_from: row.period_from,
    period_to: row.period_to,
    source: row.source,
    // A member's opinion, or an answer to a request sent to a club member's address (attributed to them).
    author:
      row.author_id != null
        ? { id: row.author_id, name: row.author_name ?? '', family: row.author_family ?? '', company: row.author_company }
        : null,
    external_author:
      row.source === 'request' ? { name: row.external_name ?? '', company: row.external_company, position: row.external_position } : null,
    // Who asked for an answer: readers weigh a reference knowing which member collected it.
    requested_by:
      row.source === 'request' && row.requested_by_id != null
        ? { id: row.requested_by_id, name: row.requested_by_name ?? '', family: row.requested_by_family ?? '' }
        : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    permissions: { can_edit: own },
  };
  if (own) out.hidden = row.hidden_at != null;
  if (withResume) {
    out.resume = {
      hash: row.resume_hash,
      title: revealText(row.resume_title, person, sight),
      initials: initialsOf(row.resume_first_name, row.resume_last_name),
      first_name: viewer.canSeeNames ? row.resume_first_name : null,
      last_name: viewer.canSeeNames ? row.resume_last_name : null,
    };
  }
  return out;
}

/** A request row as the requester's queries select it: status already resolved (see STATUS_SQL). */
export type RequestSqlRow = {
  id: string;
  resume_hash: string;
  email: string;
  name: string;
  company: string | null;
  message: string | null;
  candidate_first_name: string | null;
  candidate_last_name: string | null;
  candidate_position: string | null;
  status: ReviewRequestStatus;
  created_at: Date | string;
  answered_at: Date | string | null;
  resent_at: Date | string | null;
  opinion_id: number | string | null;
};

/** The stored status, with a pending request past its 30 days read as expired. */
export const STATUS_SQL = sql.raw(
  `case when q.status = 'pending' and q.created_at <= now() - interval '${REVIEW_REQUEST_TTL_DAYS} days' then 'expired' else q.status end`,
);

export const REQUEST_SELECT = sql`q.id, r.hash as resume_hash, q.email, q.name, q.company, q.message, q.candidate_first_name,
  q.candidate_last_name, q.candidate_position, ${STATUS_SQL} as status, q.created_at, q.answered_at, q.resent_at,
  (select o.id from review_opinions o where o.request_id = q.id) as opinion_id
  from review_requests q join resumes r on r.id = q.resume_id`;

export function toRequestItem(row: RequestSqlRow, canSeeNames: boolean): ReviewRequestItem {
  const created = new Date(row.created_at);
  return {
    id: row.id,
    resume_hash: row.resume_hash,
    candidate: {
      first_name: canSeeNames ? row.candidate_first_name : null,
      last_name: canSeeNames ? row.candidate_last_name : null,
      initials: initialsOf(row.candidate_first_name, row.candidate_last_name),
      position: row.candidate_position,
    },
    email: row.email,
    name: row.name,
    company: row.company,
    message: row.message,
    status: row.status,
    created_at: created.toISOString(),
    answered_at: row.answered_at ? iso(row.answered_at) : null,
    expires_at: new Date(created.getTime() + REVIEW_REQUEST_TTL_DAYS * 86_400_000).toISOString(),
    resent_at: row.resent_at ? iso(row.resent_at) : null,
    opinion_id: row.opinion_id == null ? null : Number(row.opinion_id),
    permissions: { can_resend: row.status === 'pending' && !row.resent_at },
  };
}

/** The public page: built field by field from the request's own copy, never from the resume. `id` is the link's token. */
export type PublicSqlRow = {
  id: string;
  status: ReviewRequestStatus;
  company: string | null;
  message: string | null;
  candidate_first_name: string | null;
  candidate_last_name: string | null;
  candidate_position: string | null;
  requester_name: string;
  requester_family: string;
  requester_company: string | null;
};

export const PUBLIC_SELECT = sql`q.token as id, ${STATUS_SQL} as status, q.company, q.message, q.candidate_first_name, q.candidate_last_name,
  q.candidate_position, u.name as requester_name, u.family as requester_family, u.company as requester_company
  from review_requests q join users u on u.id = q.requester_id`;

export function toPublicRequest(row: PublicSqlRow): ReviewRequestPublic {
  return {
    id: row.id,
    requester: { name: row.requester_name, family: row.requester_family, company: row.requester_company },
    candidate: {
      first_name: row.candidate_first_name,
      last_name: row.candidate_last_name,
      position: row.candidate_position,
      company: row.company,
    },
    message: row.message,
    status: row.status,
  };
}
