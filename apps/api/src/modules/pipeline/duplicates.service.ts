import type { DuplicateOf, MergeRecord, ReplyDuplicates, SiblingReply } from '@hr/contract';
import { VACANCY_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { displayNameOf, revealText, sightOf } from '../resume/candidate-view.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { clubResumeKnownToTeam } from './duplicates.flags.ts';

type Subject = { id: number; resume_id: number; source: 'reply' | 'invite'; email_key: string | null; phone_key: string | null; hash: string; owner_id: number };

/** The reply, only through a vacancy of the viewer's team (404 otherwise). */
async function subjectOf(ctx: AppContext, viewer: AuthUser, vacancyId: number, replyId: number): Promise<Subject> {
  const [row] = await ctx.database.rows<Subject>(sql`
    select r.id, r.resume_id, r.source, r.email_key, r.phone_key, res.hash, v.owner_id
    from vacancy_replies r join vacancies v on v.id = r.vacancy_id join resumes res on res.id = r.resume_id
    where r.id = ${replyId} and r.vacancy_id = ${vacancyId} and v.owner_id in ${teamOf(viewer.id)}`);
  if (!row) throw new AppError('not_found', VACANCY_MSG.replyNotFound);
  return row;
}

type MatchRow = {
  kind: 'reply' | 'resume';
  hash: string;
  reason: 'email' | 'phone';
  reply_id: number | null;
  reply_source: 'reply' | 'invite' | null;
  vacancy_id: number | null;
  vacancy_title: string | null;
  stage_title: string | null;
  fio: string | null;
  title: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  phone: string | null;
  email: string | null;
  telegram: string | null;
  at: string;
};

/**
 * The reply's matches, in one statement: other replies to the team's vacancies (never another
 * team's) and the club resumes the team already knows (opened contacts or invited:
 * clubResumeKnownToTeam) with the reply's normalised e-mail or phone — the team is the vacancy
 * owner's, as for the board's flag, so the two always agree. Replies of the reply's own
 * resume are one candidate already (merged) and are not matches. Replies store the keys
 * (lower-cased e-mail, ten digits); club resumes store the imported e-mail lower-cased and the
 * phone as its ten digits (import/hh-resume.ts), read through the indexes of migration 0028.
 */
async function matchesOf(ctx: AppContext, s: Subject): Promise<MatchRow[]> {
  const keyed = (col: string, key: string | null, reason: 'by_email' | 'by_phone') => (key ? sql`(${sql.raw(col)} = ${key}) as ${sql.raw(reason)}` : sql`false as ${sql.raw(reason)}`);
  const cols = sql`res.title, res.first_name, res.last_name, res.middle_name, res.phone, res.email, res.telegram`;
  return ctx.database.rows<MatchRow>(sql`
    with other as (
      select o.*, ${keyed('o.email_key', s.email_key, 'by_email')}, ${keyed('o.phone_key', s.phone_key, 'by_phone')}
      from vacancy_replies o
      where o.id <> ${s.id} and o.resume_id <> ${s.resume_id}
        and (${s.email_key ? sql`o.email_key = ${s.email_key}` : sql`false`} or ${s.phone_key ? sql`o.phone_key = ${s.phone_key}` : sql`false`})
    ), club as (
      select c.*, ${keyed('lower(c.email)', s.email_key, 'by_email')}, ${keyed('c.phone', s.phone_key, 'by_phone')}
      from resumes c
      where c.source <> 'reply' and c.id <> ${s.resume_id}
        and (${s.email_key ? sql`lower(c.email) = ${s.email_key}` : sql`false`} or ${s.phone_key ? sql`c.phone = ${s.phone_key}` : sql`false`})
        and ${clubResumeKnownToTeam('c', Number(s.owner_id))}
    )
    select 'reply' as kind, res.hash, case when o.by_email then 'email' else 'phone' end as reason, o.id as reply_id, o.source as reply_source,
      v.id as vacancy_id, v.title as vacancy_title, st.title as stage_title, o.fio, ${cols}, o.created_at as at
    from other o join vacancies v on v.id = o.vacancy_id join resumes res on res.id = o.resume_id
      left join vacancy_stages st on st.id = o.stage_id
    where v.owner_id in ${teamOf(Number(s.owner_id))}
    union all
    select 'resume', res.hash, case when res.by_email then 'email' else 'phone' end, null, null, null, null, null, null, ${cols}, res.updated_at
    from club res
    order by 1, 17 desc
    limit 50`);
}

function presentMatch(viewer: AuthUser, m: MatchRow): DuplicateOf {
  const person = { firstName: m.first_name, lastName: m.last_name, middleName: m.middle_name, phone: m.phone, email: m.email, telegram: m.telegram };
  // A reply from the public page is the team's in full; a club resume (or its invitation) only as its card shows it.
  const sight = m.kind === 'reply' && m.reply_source === 'reply' ? { names: true, contacts: true } : sightOf(viewer);
  const full = m.kind === 'reply' && m.fio ? m.fio : [m.last_name, m.first_name, m.middle_name].filter(Boolean).join(' ');
  return {
    hash: m.hash,
    reason: m.reason,
    kind: m.kind,
    reply_id: m.reply_id == null ? null : Number(m.reply_id),
    vacancy_id: m.vacancy_id == null ? null : Number(m.vacancy_id),
    vacancy_title: m.vacancy_title,
    fio: displayNameOf(person, full, sight),
    title: revealText(m.title, person, sight),
    stage_title: m.stage_title,
    created_at: new Date(m.at).toISOString(),
    mergeable: m.kind === 'reply' && m.reply_source === 'reply',
  };
}

/** The merges into the reply's resume: who, when, which resume, which fields (never the values). */
async function mergesOf(ctx: AppContext, resumeId: number): Promise<MergeRecord[]> {
  const rows = await ctx.database.rows<{ at: string; user_id: number | null; name: string | null; family: string | null; merged_hash: string; fields: { taken?: string[]; fio?: string; vacancies?: string[] } }>(sql`
    select m.created_at as at, m.user_id, u.name, u.family, m.merged_hash, m.fields
    from resume_merges m left join users u on u.id = m.user_id where m.keep_resume_id = ${resumeId} order by m.id`);
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    by: r.user_id ? { id: Number(r.user_id), name: r.name ?? '', family: r.family ?? '' } : null,
    merged_hash: r.merged_hash,
    fields: r.fields.taken ?? [],
    merged_fio: r.fields.fio ?? '',
    vacancy_titles: r.fields.vacancies ?? [],
  }));
}

/** The candidate's other replies (one resume after a merge) and their histories: two statements. */
async function siblingsOf(ctx: AppContext, viewer: AuthUser, s: Subject): Promise<SiblingReply[]> {
  const replies = await ctx.database.rows<{ id: number; vacancy_id: number; vacancy_title: string; stage_title: string; created_at: string }>(sql`
    select r.id, r.vacancy_id, v.title as vacancy_title, st.title as stage_title, r.created_at
    from vacancy_replies r join vacancies v on v.id = r.vacancy_id join vacancy_stages st on st.id = r.stage_id
    where r.resume_id = ${s.resume_id} and r.id <> ${s.id} and v.owner_id in ${teamOf(viewer.id)}
    order by r.id`);
  if (!replies.length) return [];
  const ids = sql`array[${sql.join(replies.map((r) => sql`${Number(r.id)}`), sql`, `)}]::bigint[]`;
  const history = await ctx.database.rows<{ id: number; reply_id: number; at: string; event: 'move' | 'message' | 'merge'; to_title: string | null; status: string; message: string | null; name: string | null; family: string | null }>(sql`
    select h.id, h.reply_id, h.created_at as at, h.event, h.to_title, h.status, h.message, u.name, u.family
    from vacancy_reply_history h left join users u on u.id = h.user_id where h.reply_id = any(${ids}) order by h.id`);
  return replies.map((r) => ({
    reply_id: Number(r.id),
    vacancy_id: Number(r.vacancy_id),
    vacancy_title: r.vacancy_title,
    stage_title: r.stage_title,
    created_at: new Date(r.created_at).toISOString(),
    history: history
      .filter((h) => Number(h.reply_id) === Number(r.id))
      .map((h) => ({
        id: Number(h.id),
        at: new Date(h.at).toISOString(),
        event: h.event,
        title: h.event === 'move' ? (h.to_title ?? h.status) : h.event === 'merge' ? 'Объединение резюме' : 'Письмо кандидату',
        by: h.name ? `${h.name} ${h.family ?? ''}`.trim() : null,
      })),
  }));
}

/**
 * `GET /api/vacancy/{id}/reply/{r_id}/duplicates`. An invited club resume is the club's: its matches
 * would tell its contacts to a member who has not opened them, so it has none here (the public
 * reply that matches it lists it instead).
 */
export async function replyDuplicates(ctx: AppContext, viewer: AuthUser, vacancyId: number, replyId: number): Promise<ReplyDuplicates> {
  const s = await subjectOf(ctx, viewer, vacancyId, replyId);
  const [matches, merges, replies] = await Promise.all([
    s.source === 'reply' ? matchesOf(ctx, s) : Promise.resolve([]),
    mergesOf(ctx, s.resume_id),
    siblingsOf(ctx, viewer, s),
  ]);
  return { hash: s.hash, items: matches.map((m) => presentMatch(viewer, m)), merges, replies };
}
