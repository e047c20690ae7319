import { ADMIN_MSG, type DeletionSummary, normalizeEmail, type PersonalDataExport, phoneDigits } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { revokeRealtime } from '../../plugins/realtime-socket.ts';
import { forgetPersonalDataEverywhere } from '../../lib/personal-data-caches.ts';
import { audit } from '../audit/audit.ts';
import { redactAudit, withoutNeedles } from '../audit/audit.redact.ts';

type Actor = { actorId: number; ip: string };

/**
 * Deletion on request (152-FZ), decided in docs/decisions.md. Foreign keys do most of the work
 * (cascades from users and resumes); what no key reaches — copies of a name or an address in
 * notifications, queued or sent mail and Telegram messages, the embedded mailbox, rate-limit keys —
 * is found by its text ("traces") and deleted in the same transaction. Contact openings of a
 * deleted resume stay, without the resume (the fact counts toward limits and statistics).
 */

/** Texts specific enough to find a person's copies: never shorter than 5 characters. */
function needlesOf(values: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    const t = v?.trim();
    if (t && t.length >= 5) out.add(t.toLowerCase());
  }
  return [...out];
}

const containsAny = (column: SQL, needles: string[]): SQL =>
  sql`(${sql.join(
    needles.map((n) => sql`position(${n} in lower(${column})) > 0`),
    sql` or `,
  )})`;

async function deleted(tx: Db, statement: SQL): Promise<number> {
  const result = await tx.execute(sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
  return Number(rows[0]?.n ?? 0);
}

/** Copies of the person's data that no foreign key leads to. */
async function sweepTraces(tx: Db, needles: string[], counts: Record<string, number>) {
  if (!needles.length) return;
  counts.notifications =
    (counts.notifications ?? 0) +
    (await deleted(
      tx,
      sql`delete from notifications where ${containsAny(sql`title || ' ' || message || ' ' || coalesce(url, '')`, needles)}`,
    ));
  counts.jobs = (counts.jobs ?? 0) + (await deleted(tx, sql`delete from jobs where ${containsAny(sql`payload::text`, needles)}`));
  counts.mail_outbox =
    (counts.mail_outbox ?? 0) +
    (await deleted(
      tx,
      sql`delete from mail_outbox where ${containsAny(sql`"to" || ' ' || subject || ' ' || text || ' ' || coalesce(html, '')`, needles)}`,
    ));
  counts.rate_limits =
    (counts.rate_limits ?? 0) + (await deleted(tx, sql`delete from rate_limits where ${containsAny(sql`key`, needles)}`));
  counts.client_errors =
    (counts.client_errors ?? 0) +
    (await deleted(tx, sql`delete from client_errors where ${containsAny(sql`error || ' ' || info || ' ' || path`, needles)}`));
}

type ResumeTraces = {
  id: number;
  hash: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  telegram: string | null;
};

/** Names, addresses and phones of a resume and of the replies made with it. */
async function resumeNeedles(tx: Db, resumeIds: number[]): Promise<{ needles: string[]; fileKeys: string[] }> {
  if (!resumeIds.length) return { needles: [], fileKeys: [] };
  const ids = sql`(${sql.join(
    resumeIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const resumes = await rowsOf<ResumeTraces>(
    tx,
    sql`select id, hash, first_name, last_name, email, phone, telegram from resumes where id in ${ids}`,
  );
  const replies = await rowsOf<{ fio: string; email_key: string | null; phone_key: string | null; file_key: string | null }>(
    tx,
    sql`select fio, email_key, phone_key, file_key from vacancy_replies where resume_id in ${ids}`,
  );
  // A merge kept the resume's earlier name and contacts and the merged reply's name (resume_merges).
  const merges = await rowsOf<{ fields: { fio?: string }; before: Record<string, string | null> }>(
    tx,
    sql`select fields, before from resume_merges where keep_resume_id in ${ids}`,
  );
  const needles = needlesOf([
    ...resumes.flatMap((r) => [r.email, r.phone, r.telegram, fullName(r.last_name, r.first_name), fullName(r.first_name, r.last_name)]),
    ...replies.flatMap((r) => [r.fio, r.email_key, r.phone_key]),
    ...merges.flatMap((m) => [m.fields.fio, m.before.fio, m.before.email, m.before.phone, m.before.phone && phoneDigits(m.before.phone)]),
  ]);
  return { needles, fileKeys: replies.map((r) => r.file_key).filter((k): k is string => !!k) };
}

const fullName = (a: string | null, b: string | null) => (a && b ? `${a} ${b}` : null);

async function rowsOf<T>(tx: Db, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

/** `DELETE /api/admin/candidates/{hash}`: the resume, replies and files, opinions and requests about it. */
export async function deleteCandidate(ctx: AppContext, actor: Actor, hash: string, reason: string | null): Promise<DeletionSummary> {
  const counts: Record<string, number> = {};
  const fileKeys = await ctx.database.db.transaction(async (tx) => {
    const [resume] = await rowsOf<{ id: number }>(tx, sql`select id from resumes where hash = ${hash} for update`);
    if (!resume) throw new AppError('not_found', ADMIN_MSG.resumeNotFound);
    const id = Number(resume.id);
    const traces = await resumeNeedles(tx, [id]);
    counts.contact_openings_kept = Number(
      (await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from contact_openings where resume_id = ${id}`))[0]?.n ?? 0,
    );
    counts.vacancy_replies = await deleted(tx, sql`delete from vacancy_replies where resume_id = ${id}`);
    counts.review_opinions = await deleted(tx, sql`delete from review_opinions where resume_id = ${id}`);
    counts.review_requests = await deleted(tx, sql`delete from review_requests where resume_id = ${id}`);
    counts.favourites = await deleted(tx, sql`delete from favourites where resume_id = ${id}`);
    counts.resume_merges = await deleted(tx, sql`delete from resume_merges where keep_resume_id = ${id}`);
    counts.resumes = await deleted(tx, sql`delete from resumes where id = ${id}`);
    counts.files = traces.fileKeys.length;
    await sweepTraces(tx, traces.needles, counts);
    counts.audit_entries_redacted = await redactAudit(tx, { resumeHash: hash, needles: traces.needles });
    // The log keeps the public id and the counts, nothing of the person.
    await audit(tx, {
      ...actor,
      action: 'candidate.delete',
      objectType: 'resume',
      objectId: hash,
      details: { reason: reason && withoutNeedles(reason, traces.needles), deleted: { ...counts } },
    });
    return traces.fileKeys;
  });
  // A deleted person must not stay on a cached search page or a drawn first screen, on any instance.
  await forgetPersonalDataEverywhere(ctx.realtime);
  const storage = ctx.files;
  for (const key of fileKeys) await storage.delete(key);
  return { deleted: counts };
}

/**
 * `DELETE /api/admin/users/{id}`: the account and what hangs on it — sessions, codes, notifications,
 * favourites, views, contact openings, team links and invitations, the Telegram binding, review
 * requests and opinions written, vacancies with their replies (and the candidates' reply resumes
 * and files, which exist only for those vacancies), review requests addressed to the member.
 * Audit rows keep the bare id: they say what happened, not who the person was.
 */
export async function deleteMember(
  ctx: AppContext,
  actor: Actor,
  id: number,
  confirm: { confirm_email: string; reason: string | null },
): Promise<DeletionSummary> {
  const reason = confirm.reason;
  const counts: Record<string, number> = {};
  const fileKeys = await ctx.database.db.transaction(async (tx) => {
    const [user] = await rowsOf<{
      email: string;
      phone: string | null;
      name: string;
      family: string;
      telegram_nickname: string | null;
      telegram_chat_id: string | null;
    }>(tx, sql`select email, phone, name, family, telegram_nickname, telegram_chat_id from users where id = ${id} for update`);
    if (!user) throw new AppError('not_found', ADMIN_MSG.userNotFound);
    if (normalizeEmail(confirm.confirm_email) !== user.email) throw fieldError('confirm_email', ADMIN_MSG.confirmMismatch);
    const replyResumes = (
      await rowsOf<{ id: number }>(
        tx,
        sql`select r.id from resumes r join vacancies v on v.id = r.vacancy_id where v.owner_id = ${id} and r.source = 'reply'`,
      )
    ).map((r) => Number(r.id));
    const traces = await resumeNeedles(tx, replyResumes);
    const fileKeys = (
      await rowsOf<{ file_key: string }>(
        tx,
        sql`select vr.file_key from vacancy_replies vr join vacancies v on v.id = vr.vacancy_id where v.owner_id = ${id} and vr.file_key is not null`,
      )
    ).map((r) => r.file_key);
    counts.sessions = await deleted(tx, sql`delete from sessions where user_id = ${id}`);
    counts.notifications = await deleted(tx, sql`delete from notifications where user_id = ${id}`);
    counts.favourites = await deleted(tx, sql`delete from favourites where user_id = ${id}`);
    counts.saved_searches = await deleted(tx, sql`delete from saved_searches where user_id = ${id}`);
    counts.team_members = await deleted(tx, sql`delete from team_members where user_id = ${id} or lead_id = ${id}`);
    counts.review_opinions = await deleted(tx, sql`delete from review_opinions where author_id = ${id}`);
    counts.review_requests = await deleted(
      tx,
      sql`delete from review_requests where requester_id = ${id} or lower(email) = lower(${user.email})`,
    );
    counts.vacancy_replies = await deleted(
      tx,
      sql`delete from vacancy_replies where vacancy_id in (select id from vacancies where owner_id = ${id})`,
    );
    counts.vacancies = await deleted(tx, sql`delete from vacancies where owner_id = ${id}`);
    counts.reply_resumes = replyResumes.length
      ? await deleted(
          tx,
          sql`delete from resumes where id in (${sql.join(
            replyResumes.map((r) => sql`${r}`),
            sql`, `,
          )})`,
        )
      : 0;
    counts.client_errors = await deleted(tx, sql`delete from client_errors where user_id = ${id}`);
    counts.users = await deleted(tx, sql`delete from users where id = ${id}`);
    counts.files = fileKeys.length;
    const needles = needlesOf([
      user.email,
      user.phone,
      user.telegram_nickname,
      user.telegram_chat_id,
      fullName(user.family, user.name),
      fullName(user.name, user.family),
      ...traces.needles,
    ]);
    await sweepTraces(tx, needles, counts);
    counts.audit_entries_redacted = await redactAudit(tx, { userId: id, needles });
    await audit(tx, {
      ...actor,
      action: 'user.delete',
      objectType: 'user',
      objectId: id,
      details: { reason: reason && withoutNeedles(reason, needles), deleted: { ...counts } },
    });
    return [...fileKeys, ...traces.fileKeys];
  });
  await forgetPersonalDataEverywhere(ctx.realtime);
  await revokeRealtime(ctx.realtime, id);
  const storage = ctx.files;
  for (const key of new Set(fileKeys)) await storage.delete(key);
  return { deleted: counts };
}

/** Columns never handed out, even to the person: secrets and their hashes. */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'code_hash', 'invite_token', 'id_hash', 'session_key', 'token']);

/**
 * The person's own data only, column by column (never `select *`, so a new column is not exported
 * by accident): no admin's comment or address (residency comment, block reason, the hiding reason of
 * an opinion, the audit rows of admins' actions beyond what and when), no other person's data
 * (candidates' names copied into requests, an addressee's e-mail, name, address or decline reason,
 * notification texts naming candidates and colleagues, the other side of a team link).
 */
const EXPORT_TABLES: [string, (id: number) => SQL][] = [
  [
    'users',
    (id) => sql`select id, email, phone, name, family, middle_name, telegram_nickname, company, position, city_name, city_id,
      company_people_count, profession_area, tags, account_type, flags, residency_requested, has_consultation, profile_confirmed_at,
      telegram_bound_at, notify_email, notify_telegram, blocked_at, residency_decision, residency_decided_at, consent_version,
      created_at, updated_at from users where id = ${id}`,
  ],
  ['sessions', (id) => sql`select created_at, last_seen_at, expires_at, remember, ip, user_agent from sessions where user_id = ${id}`],
  ['notifications', (id) => sql`select id, title, url, read_at, created_at from notifications where user_id = ${id} order by id`],
  [
    'favourites',
    (id) =>
      sql`select f.id, r.hash as resume_hash, r.title as resume_title, f.note, f.created_at from favourites f join resumes r on r.id = f.resume_id where f.user_id = ${id} order by f.id`,
  ],
  [
    // The member's folders of favourites and which candidates each holds (public ids).
    'favourite_folders',
    (id) =>
      sql`select f.id, f.name, f.shared, f.created_at, f.updated_at,
        coalesce(array_agg(r.hash order by r.hash) filter (where r.hash is not null), '{}') as resume_hashes
        from favourite_folders f left join favourite_folder_items i on i.folder_id = f.id left join resumes r on r.id = i.resume_id
        where f.owner_id = ${id} group by f.id order by f.id`,
  ],
  [
    // The member's saved searches (Автопоиск); who shared one is another person: only whether it was shared.
    'saved_searches',
    (id) =>
      sql`select id, name, query, frequency, channel_email, channel_telegram, shared_by is not null as shared, last_opened_at,
        last_digest_at, created_at, updated_at from saved_searches where user_id = ${id} order by id`,
  ],
  [
    'contact_openings',
    (id) =>
      sql`select c.id, r.hash as resume_hash, c.day, c.charged, c.created_at as opened_at from contact_openings c left join resumes r on r.id = c.resume_id where c.user_id = ${id} order by c.id`,
  ],
  [
    'resume_views',
    (id) =>
      sql`select r.hash as resume_hash, v.day, v.viewed_at from resume_views v join resumes r on r.id = v.resume_id where v.user_id = ${id}`,
  ],
  [
    'team_members',
    (id) =>
      sql`select case when user_id = ${id} then 'member' else 'lead' end as role, created_at as joined_at from team_members where user_id = ${id} or lead_id = ${id}`,
  ],
  [
    'team_invites',
    (id) =>
      sql`select id, case when user_id = ${id} then 'member' else 'lead' end as role, direction, status, created_at, answered_at
        from team_invites where user_id = ${id} or lead_id = ${id} order by id`,
  ],
  ['vacancies', (id) => sql`select * from vacancies where owner_id = ${id} order by id`],
  [
    'review_requests',
    (id) =>
      sql`select q.id, r.hash as resume_hash, q.company, q.message, q.candidate_position, q.status, q.consent_at, q.consent_ip,
        q.created_at, q.answered_at, q.resent_at from review_requests q left join resumes r on r.id = q.resume_id
        where q.requester_id = ${id} order by q.created_at`,
  ],
  [
    'review_opinions',
    (id) =>
      sql`select o.id, r.hash as resume_hash, o.source, o.verdict, o.text, o.relation, o.company, o.period_from, o.period_to,
        o.external_name, o.external_company, o.external_position, o.hidden_at, o.created_at, o.updated_at
        from review_opinions o left join resumes r on r.id = o.resume_id where o.author_id = ${id} order by o.id`,
  ],
  ['education_states', (id) => sql`select * from education_states where user_id = ${id}`],
  [
    // Merges the member made: which resumes and fields, never the candidates' values (resume_merges.before).
    'resume_merges',
    (id) =>
      sql`select m.id, r.hash as resume_hash, m.merged_hash, m.fields -> 'taken' as fields, m.created_at
        from resume_merges m left join resumes r on r.id = m.keep_resume_id where m.user_id = ${id} order by m.id`,
  ],
  [
    // The person's own actions with their address; what others (admins) did about the account: only what and when.
    'audit_log',
    (id) =>
      sql`select id, created_at, action, object_type, object_id,
          case when actor_id = ${id} and action <> 'auth.login_failed' then ip end as ip,
          case when actor_id = ${id} and action <> 'auth.login_failed' then details end as details
        from audit_log where actor_id = ${id} or (object_type = 'user' and object_id = ${String(id)}) order by id`,
  ],
];

const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? Number(v) : v);

/** Everything held about a member, table by table (secrets left out). */
export async function exportMemberData(ctx: AppContext, actor: Actor, id: number): Promise<PersonalDataExport> {
  const tables: PersonalDataExport['tables'] = {};
  for (const [name, query] of EXPORT_TABLES) {
    const rows = await ctx.database.rows<Record<string, unknown>>(query(id));
    if (name === 'users' && !rows.length) throw new AppError('not_found', ADMIN_MSG.userNotFound);
    tables[name] = rows.map((r) =>
      Object.fromEntries(
        Object.entries(r)
          .filter(([k]) => !SECRET_COLUMNS.has(k))
          .map(([k, v]) => [k, plain(v)]),
      ),
    );
  }
  await audit(ctx, { ...actor, action: 'user.data_export', objectType: 'user', objectId: id });
  return { generated_at: new Date().toISOString(), user_id: id, tables };
}
