import { fillTemplate, PIPELINE_MSG, type TemplateValues } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { JOBS, PRIORITY } from '../../jobs/registry.ts';
import { fieldError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { REPLY_TEAM_SIGHT, sightOf } from '../resume/candidate-view.ts';
import { rowsIn } from './pipeline.db.ts';
import { candidateLetter, usableTemplate } from './reply-message.ts';

/**
 * The letters of a bulk action, set-based: one letter per moved reply in a fixed number of
 * statements (sendReplyMessage's five or six per reply would take seconds at a thousand). The same
 * rules as sendReplyMessage: the text filled for each candidate (the first name only as candidate-view
 * lets the member see it), consent (a public reply carries it, an invited club resume once the member
 * opened its contacts) and an address, or the message is kept as `not_sent` with the reason; the same
 * letter (candidateLetter: text and escaped HTML). Each letter waits until the undo window has closed.
 */
export type BulkLetter = { templateId: number | null; subject: string | null; message: string | null };
type Moved = { id: number; historyId: number };

type Facts = {
  id: number;
  fio: string;
  source: 'reply' | 'invite';
  consent_at: string | null;
  email: string | null;
  first_name: string | null;
  opened: boolean;
};

/** The letter's text and subject before the action: a template the member may use, or their own text. */
export async function bulkLetterText(tx: Db, userId: number, letter: BulkLetter): Promise<{ subject: string | null; body: string; templateId: number | null } | null> {
  if (!letter.templateId && !letter.message) return null;
  const template = letter.templateId ? await usableTemplate(tx, userId, letter.templateId) : null;
  const body = letter.message ?? template?.body ?? '';
  if (!body.trim()) throw fieldError('message', 'Напишите текст письма');
  return { subject: letter.subject || template?.subject || null, body, templateId: template?.id ?? null };
}

/** Queues the letters of `moved` to run at `runAt` (an SQL moment); answers how many went to the queue and how many could not. */
export async function queueBulkLetters(
  ctx: AppContext,
  tx: Db,
  input: { vacancyId: number; viewer: AuthUser; bulkId: number; moved: Moved[]; text: { subject: string | null; body: string; templateId: number | null } },
): Promise<{ messages: number; notMessaged: number }> {
  if (!input.moved.length) return { messages: 0, notMessaged: 0 };
  const userId = input.viewer.id;
  const ids = JSON.stringify(input.moved.map((m) => m.id));
  const [vacancy] = await rowsIn<{ title: string; company: string | null; owner_company: string | null; member: string }>(
    tx,
    sql`select v.title, v.company, o.company as owner_company, trim(coalesce(u.name, '') || ' ' || coalesce(u.family, '')) as member
        from vacancies v join users o on o.id = v.owner_id left join users u on u.id = ${userId}
        where v.id = ${input.vacancyId}`,
  );
  if (!vacancy) throw new Error('vacancy not found');
  const facts = await rowsIn<Facts>(
    tx,
    sql`select r.id, r.fio, r.source, r.consent_at, res.email, res.first_name,
          exists (select 1 from contact_openings co where co.user_id = ${userId} and co.resume_id = res.id) as opened
        from vacancy_replies r join resumes res on res.id = r.resume_id
        where r.id in (select value::bigint from jsonb_array_elements_text(${ids}::jsonb))`,
  );
  const historyOf = new Map(input.moved.map((m) => [m.id, m.historyId]));
  const vacancyUrl = `${ctx.config.appUrl}/vacancy/${input.vacancyId}`;
  const letters = facts.map((f) => {
    const names = f.fio.trim().split(/\s+/);
    const sight = f.source === 'reply' ? REPLY_TEAM_SIGHT : sightOf(input.viewer, !!f.opened);
    const values: TemplateValues = {
      first_name: !sight.names ? '' : f.source === 'reply' ? (names[1] ?? names[0] ?? '') : (f.first_name ?? ''),
      vacancy: vacancy.title,
      company: vacancy.company || vacancy.owner_company || '',
      member: vacancy.member,
    };
    const consent = f.source === 'reply' ? !!f.consent_at : !!f.opened;
    const error = !consent ? PIPELINE_MSG.noConsent : !f.email ? PIPELINE_MSG.noEmail : null;
    const subject = (input.text.subject ? fillTemplate(input.text.subject, values) : '').replace(/[\r\n]+/g, ' ').trim() || `Вакансия «${vacancy.title}»`;
    return { reply_id: Number(f.id), history_id: historyOf.get(Number(f.id)), subject, body: fillTemplate(input.text.body, values), error, to: error ? null : f.email };
  });
  const written = await rowsIn<{ id: number; reply_id: number }>(
    tx,
    sql`insert into reply_messages (reply_id, user_id, template_id, subject, body, state, error)
        select l.reply_id, ${userId}, ${input.text.templateId}, l.subject, l.body,
          case when l.error is null then 'queued' else 'not_sent' end, l.error
        from jsonb_to_recordset(${JSON.stringify(letters)}::jsonb) as l(reply_id bigint, subject text, body text, error text)
        returning id, reply_id`,
  );
  const messageOf = new Map(written.map((w) => [Number(w.reply_id), Number(w.id)]));
  const jobs = letters.flatMap((l) => {
    if (!l.to) return [];
    const messageId = messageOf.get(l.reply_id) as number;
    // Checked as enqueueJob checks each payload: a bad one fails the action, loudly.
    const letter = candidateLetter({ subject: l.subject, body: l.body, vacancyTitle: vacancy.title, vacancyUrl });
    const payload = JOBS.mail.payload.parse({ to: l.to, ...letter, replyMessageId: messageId });
    return [{ message_id: messageId, payload }];
  });
  if (jobs.length) {
    await tx.execute(sql`
      with queued as (
        insert into jobs (kind, payload, priority, run_at)
        select 'mail', j.payload, ${PRIORITY[JOBS.mail.priority]},
          (select undo_until + interval '2 seconds' from reply_bulk_actions where id = ${input.bulkId})
        from jsonb_to_recordset(${JSON.stringify(jobs)}::jsonb) as j(message_id bigint, payload jsonb)
        returning id, (payload->>'replyMessageId')::bigint as message_id)
      update reply_messages m set job_id = q.id from queued q where m.id = q.message_id`);
  }
  await tx.execute(sql`
    update vacancy_reply_history h set message_id = l.message_id
    from jsonb_to_recordset(${JSON.stringify(letters.map((l) => ({ history_id: l.history_id, message_id: messageOf.get(l.reply_id) })))}::jsonb)
      as l(history_id bigint, message_id bigint)
    where h.id = l.history_id`);
  return { messages: jobs.length, notMessaged: letters.length - jobs.length };
}
