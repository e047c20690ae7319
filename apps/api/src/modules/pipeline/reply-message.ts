import { fillTemplate, PIPELINE_MSG, TEMPLATE_MSG, type MessageState, type TemplateValues } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import { enqueueJob } from '../../lib/queue.ts';
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
};

/** The placeholder values of a reply (and an interview) for the member `userId`. */
export async function templateValuesOf(tx: Db, input: { vacancyId: number; replyId: number; userId: number; interviewId?: number | null }) {
  const [facts] = await rowsIn<ReplyFacts & { member: string; owner_company: string | null }>(
    tx,
    sql`select r.fio, r.source, r.consent_at, res.email, res.first_name, res.id as resume_id, r.status,
          v.title as vacancy_title, v.company, o.company as owner_company,
          trim(coalesce(u.name, '') || ' ' || coalesce(u.family, '')) as member
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
  if (input.interviewId) {
    const [iv] = await rowsIn<{ starts_at: string; place: string | null; link: string | null }>(
      tx,
      sql`select starts_at, place, link from interviews where id = ${input.interviewId} and reply_id = ${input.replyId}`,
    );
    if (iv) {
      interviewAt = new Date(iv.starts_at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'long', timeStyle: 'short' });
      place = [iv.place, iv.link].filter(Boolean).join(', ');
    }
  }
  const firstName = facts.source === 'reply' ? (facts.fio.split(/\s+/)[1] ?? facts.fio.split(/\s+/)[0] ?? '') : (facts.first_name ?? '');
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

export async function sendReplyMessage(
  ctx: AppContext,
  tx: Db,
  input: ReplyMessageInput,
): Promise<{ messageId: number; state: MessageState; error: string | null }> {
  const { facts, values } = await templateValuesOf(tx, input);
  const template = input.templateId ? await usableTemplate(tx, input.userId, input.templateId) : null;
  const subject = input.subject ?? (template ? fillTemplate(template.subject, values) : `Вакансия «${facts.vacancy_title}»`);
  const body = input.body ?? (template ? fillTemplate(template.body, values) : '');
  if (!body.trim()) throw fieldError('message', 'Напишите текст письма');

  let consent = facts.source === 'reply' ? !!facts.consent_at : false;
  if (facts.source === 'invite') {
    const [opened] = await rowsIn<{ id: number }>(
      tx,
      sql`select id from contact_openings where user_id = ${input.userId} and resume_id = ${facts.resume_id} limit 1`,
    );
    consent = !!opened;
  }
  const error = !consent ? PIPELINE_MSG.noConsent : !facts.email ? PIPELINE_MSG.noEmail : null;
  let jobId: number | null = null;
  if (!error && facts.email) {
    jobId = await enqueueJob(
      tx,
      'mail',
      { to: facts.email, subject, text: `${body}\n\n—\nВакансия: ${facts.vacancy_title}\n${ctx.config.appUrl}/vacancy/${input.vacancyId}` },
      { runAt: input.runAt },
    );
  }
  const state: MessageState = error ? 'not_sent' : 'queued';
  const [message] = await rowsIn<{ id: number }>(
    tx,
    sql`insert into reply_messages (reply_id, user_id, template_id, subject, body, job_id, state, error)
        values (${input.replyId}, ${input.userId}, ${template?.id ?? null}, ${subject}, ${body}, ${jobId}, ${state}, ${error})
        returning id`,
  );
  if (!message) throw new Error('message not written');
  if (input.historyId) {
    await tx.execute(sql`update vacancy_reply_history set message_id = ${message.id} where id = ${input.historyId}`);
  } else {
    await tx.execute(sql`insert into vacancy_reply_history (reply_id, status, user_id, event, message_id, bulk_id)
        values (${input.replyId}, ${facts.status}, ${input.userId}, 'message', ${message.id}, ${input.bulkId ?? null})`);
  }
  return { messageId: Number(message.id), state, error };
}
