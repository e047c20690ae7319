import { escapeHtml } from '@hr/contract/html';
import { fillTemplate, MESSAGE_STATE_TITLES, PIPELINE_MSG, TEMPLATE_MSG, type MessageState, type TemplateValues } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import { enqueueJob } from '../../lib/queue.ts';
import { type CandidateViewer, REPLY_TEAM_SIGHT, sightOf } from '../resume/candidate-view.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { rowsIn } from './pipeline.db.ts';

/**
 * A message to a candidate from a reply (PRODUCT 11): a template filled for this reply, or the text
 * the member saw and edited. Kept in `reply_messages` with its delivery state and recorded in the
 * reply's history; e-mailed through the queue only with the candidate's consent (a reply from the
 * public page carries it; an invited club resume only once the member opened its contacts) and an
 * address. `runAt` delays the letter (a bulk action's undo window).
 */
export type ReplyMessageInput = {
  vacancyId: number;
  replyId: number;
  userId: number;
  templateId?: number | null;
  subject?: string | null;
  body?: string | null;
  /**
   * `subject`/`body` are a template to fill for this reply (a bulk action: one text, each candidate
   * their own values). Without it they are the final text the member saw and edited: never filled
   * again, so a value that looks like a placeholder stays as it is.
   */
  fill?: boolean;
  interviewId?: number | null;
  runAt?: Date;
  /** The history record of the move this message goes with; without one, a `message` record is made. */
  historyId?: number | null;
  bulkId?: number | null;
};

type ReplyFacts = {
  fio: string;
  source: 'reply' | 'invite';
  consent_at: string | null;
  email: string | null;
  first_name: string | null;
  resume_id: number;
  status: string;
  vacancy_title: string;
  company: string | null;
  /** The member opened this resume's contacts (an invited club resume may then be written to). */
  opened: boolean;
};

/**
 * The placeholder values of a reply (and an interview) for the member `userId`. The candidate's
 * first name only as candidate-view.ts lets the member see it (an invited club resume: as its card
 * would); otherwise it is left empty (a neutral greeting). `viewer`: the member's session, when at hand.
 */
export async function templateValuesOf(
  tx: Db,
  input: { vacancyId: number; replyId: number; userId: number; interviewId?: number | null; viewer?: CandidateViewer },
) {
  const [facts] = await rowsIn<
    ReplyFacts & { member: string; owner_company: string | null; flags: string[] | null; lead_flags: string[] | null }
  >(
    tx,
    sql`select r.fio, r.source, r.consent_at, res.email, res.first_name, res.id as resume_id, r.status,
          v.title as vacancy_title, v.company, o.company as owner_company,
          trim(coalesce(u.name, '') || ' ' || coalesce(u.family, '')) as member, u.flags,
          (select l.flags from team_members tm join users l on l.id = tm.lead_id where tm.user_id = ${input.userId} limit 1) as lead_flags,
          exists (select 1 from contact_openings co where co.user_id = ${input.userId} and co.resume_id = res.id) as opened
        from vacancy_replies r
        join vacancies v on v.id = r.vacancy_id
        join resumes res on res.id = r.resume_id
        join users o on o.id = v.owner_id
        left join users u on u.id = ${input.userId}
        where r.id = ${input.replyId} and r.vacancy_id = ${input.vacancyId}`,
  );
  if (!facts) throw fieldError('reply_id', 'Отклик не найден');
  let interviewAt = '';
  let place = '';
  {
    // The interview named, else the reply's next one still planned (an invitation written after scheduling it).
    const which = input.interviewId
      ? sql`id = ${input.interviewId}`
      : sql`cancelled_at is null and starts_at > now() order by starts_at limit 1`;
    const [iv] = await rowsIn<{ starts_at: string; place: string | null; link: string | null }>(
      tx,
      sql`select starts_at, place, link from interviews where reply_id = ${input.replyId} and ${which}`,
    );
    if (iv) {
      interviewAt = new Date(iv.starts_at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'long', timeStyle: 'short' });
      place = [iv.place, iv.link].filter(Boolean).join(', ');
    }
  }
  const viewer: CandidateViewer = input.viewer ?? { flags: facts.flags ?? [], leadFlags: facts.lead_flags ?? [] };
  const sight = facts.source === 'reply' ? REPLY_TEAM_SIGHT : sightOf(viewer, facts.opened);
  const words = facts.fio.trim().split(/\s+/);
  const firstName = !sight.names ? '' : facts.source === 'reply' ? (words[1] ?? words[0] ?? '') : (facts.first_name ?? '');
  const values: TemplateValues = {
    first_name: firstName,
    vacancy: facts.vacancy_title,
    company: facts.company || facts.owner_company || '',
    interview_at: interviewAt,
    place,
    member: facts.member,
  };
  return { facts, values };
}

/**
 * May the member e-mail this candidate: a reply from the public page carries the candidate's consent;
 * an invited club resume only once the member opened its contacts.
 */
export async function candidateConsent(
  tx: Db,
  facts: Pick<ReplyFacts, 'source' | 'consent_at' | 'resume_id'> & { opened?: boolean },
  userId: number,
): Promise<boolean> {
  if (facts.source === 'reply') return !!facts.consent_at;
  if (facts.opened !== undefined) return facts.opened;
  const [opened] = await rowsIn<{ id: number }>(
    tx,
    sql`select id from contact_openings where user_id = ${userId} and resume_id = ${facts.resume_id} limit 1`,
  );
  return !!opened;
}

/** A template the member may use: a default, their own, or a shared one of their team. */
export async function usableTemplate(tx: Db, userId: number, templateId: number) {
  const [t] = await rowsIn<{ id: number; subject: string; body: string }>(
    tx,
    sql`select id, subject, body from message_templates
        where id = ${templateId} and (owner_id is null or owner_id = ${userId} or (shared and owner_id in ${teamOf(userId)}))`,
  );
  if (!t) throw fieldError('template_id', TEMPLATE_MSG.notFound);
  return t;
}

/**
 * The letter itself: the text as the member wrote it, and its HTML twin where every character of
 * it is escaped (nothing the member or a value holds is read as markup) and line breaks are <br>.
 */
export function candidateLetter(input: { subject: string; body: string; vacancyTitle: string; vacancyUrl: string }) {
  const footer = `Вакансия: ${input.vacancyTitle}`;
  const text = `${input.body}\n\n—\n${footer}\n${input.vacancyUrl}`;
  const paragraphs = input.body
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html =
    `<div style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#222">${paragraphs}` +
    `<hr style="border:0;border-top:1px solid #ddd;margin:16px 0">` +
    `<p style="margin:0;color:#666;font-size:13px">Вакансия: <a href="${escapeHtml(input.vacancyUrl)}">${escapeHtml(input.vacancyTitle)}</a></p></div>`;
  return { subject: input.subject.replace(/[\r\n]+/g, ' ').trim(), text, html };
}

/**
 * Writes the message (and its history record) and, with the candidate's consent and an address,
 * queues the letter (the `mail` job names the message: reply-message.delivery.ts records how it
 * went). Without them the message is kept as `not_sent` with the reason.
 */
export async function sendReplyMessage(
  ctx: AppContext,
  tx: Db,
  input: ReplyMessageInput,
): Promise<{ messageId: number; state: MessageState; error: string | null }> {
  const { facts, values } = await templateValuesOf(tx, input);
  const template = input.templateId ? await usableTemplate(tx, input.userId, input.templateId) : null;
  const given = (text: string | null | undefined) => (text == null ? null : input.fill ? fillTemplate(text, values) : text);
  const subject = (
    given(input.subject) ?? (template ? fillTemplate(template.subject, values) : `Вакансия «${facts.vacancy_title}»`)
  ).trim();
  const body = given(input.body) ?? (template ? fillTemplate(template.body, values) : '');
  if (!body.trim()) throw fieldError('message', 'Напишите текст письма');
  if (!subject) throw fieldError('subject', TEMPLATE_MSG.subjectRequired);

  const consent = await candidateConsent(tx, facts, input.userId);
  const error = !consent ? PIPELINE_MSG.noConsent : !facts.email ? PIPELINE_MSG.noEmail : null;
  const state: MessageState = error ? 'not_sent' : 'queued';
  const [message] = await rowsIn<{ id: number }>(
    tx,
    sql`insert into reply_messages (reply_id, user_id, template_id, subject, body, state, error)
        values (${input.replyId}, ${input.userId}, ${template?.id ?? null}, ${subject}, ${body}, ${state}, ${error})
        returning id`,
  );
  if (!message) throw new Error('message not written');
  const messageId = Number(message.id);
  if (!error && facts.email) {
    const letter = candidateLetter({
      subject,
      body,
      vacancyTitle: facts.vacancy_title,
      vacancyUrl: `${ctx.config.appUrl}/vacancy/${input.vacancyId}`,
    });
    const jobId = await enqueueJob(tx, 'mail', { to: facts.email, ...letter, replyMessageId: messageId }, { runAt: input.runAt });
    await tx.execute(sql`update reply_messages set job_id = ${jobId} where id = ${messageId}`);
  }
  if (input.historyId) {
    await tx.execute(sql`update vacancy_reply_history set message_id = ${messageId} where id = ${input.historyId}`);
  } else {
    await tx.execute(sql`insert into vacancy_reply_history (reply_id, status, user_id, event, message_id, bulk_id)
        values (${input.replyId}, ${facts.status}, ${input.userId}, 'message', ${messageId}, ${input.bulkId ?? null})`);
  }
  return { messageId, state, error };
}

/** A reply_messages row with its letter's job, as `messageJobColumns` selects it. */
export type MessageRow = {
  state: MessageState;
  error: string | null;
  job_failed_at?: string | Date | null;
  job_last_error?: string | null;
};

/**
 * The columns `messageStateOf` needs besides the row's own `state` and `error`: the job's final
 * failure, for a letter whose temporary failures ran out of retries (the queue marks the job failed;
 * the message row still says queued). `m`: the alias of reply_messages in the caller's statement.
 */
export function messageJobColumns(m = 'm'): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(m)) throw new Error(`bad alias ${m}`);
  return sql.raw(
    `(select j.failed_at from jobs j where j.id = ${m}.job_id and ${m}.state = 'queued') as job_failed_at, ` +
      `(select j.last_error from jobs j where j.id = ${m}.job_id and ${m}.state = 'queued') as job_last_error`,
  );
}

/** The delivery state of a message as the history shows it (queued + a failed job = failed). */
export function messageStateOf(row: MessageRow): { state: MessageState; state_title: string; error: string | null } {
  if (row.state === 'queued' && row.job_failed_at) {
    return { state: 'failed', state_title: MESSAGE_STATE_TITLES.failed, error: row.job_last_error ?? 'Письмо не удалось доставить' };
  }
  return { state: row.state, state_title: MESSAGE_STATE_TITLES[row.state], error: row.error };
}

/**
 * A bulk action's undo: its letters not yet taken by the worker are removed from the queue and
 * their messages marked `cancelled`; a letter being sent or sent stays as it is. Call it in the
 * undo's transaction, before the bulk's history records are removed. A job the worker claims at
 * the same moment is safe either way: the delete waits for the claim's row lock and then sees the
 * lease (not deleted), or holds the row first and the worker's `skip locked` passes it by.
 * Returns how many letters were cancelled.
 */
export async function cancelQueuedMessages(tx: Db, bulkId: number): Promise<number> {
  const rows = await rowsIn<{ id: number }>(
    tx,
    sql`with pending as (
          select m.id, m.job_id from reply_messages m
          join vacancy_reply_history h on h.message_id = m.id
          where h.bulk_id = ${bulkId} and m.state = 'queued' and m.job_id is not null),
        removed as (
          delete from jobs j using pending p
          where j.id = p.job_id and j.done_at is null and j.failed_at is null
            and (j.locked_until is null or j.locked_until < now())
          returning j.id)
        update reply_messages m set state = 'cancelled', error = null
        where m.id in (select p.id from pending p join removed r on r.id = p.job_id)
        returning m.id`,
  );
  return rows.length;
}
