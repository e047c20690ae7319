import { PIPELINE_MSG, plural } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../lib/queue.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { eventIcs, type IcsPerson } from './ics.ts';
import { rowsIn } from './pipeline.db.ts';
import { candidateConsent, templateValuesOf } from './reply-message.ts';

/** What a letter about an interview says: an invitation, its change, or its cancellation. */
export type InterviewChange = 'created' | 'changed' | 'cancelled';

export type InterviewRow = {
  id: number;
  reply_id: number;
  uid: string;
  starts_at: Date | string;
  minutes: number;
  place: string | null;
  link: string | null;
  participant_ids: number[];
  sequence: number;
  created_by: number | null;
  cancelled_at: Date | string | null;
};

type Member = { id: number; name: string; email: string; in_team: boolean };

/** The address of the site's sender (config `mailFrom`, «Имя <адрес>» or a bare address). */
export function senderAddress(mailFrom: string, appUrl: string): string {
  const address = (/<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : `noreply@${new URL(appUrl).hostname}`;
}

/**
 * The ORGANIZER of the candidate's copy: never a member's account address, which is theirs and not
 * the team's to hand out — the vacancy's contact e-mail (the one the team published) in the
 * member's name, or, without one, the site's sender address in the member's and company's name.
 */
export function candidateOrganizer(input: { contactEmail: string | null; member: string; company: string; mailFrom: string; appUrl: string }): IcsPerson {
  const contact = input.contactEmail?.trim();
  if (contact) return { name: input.member || input.company || 'HR-клуб', email: contact };
  return { name: [input.member, input.company].filter(Boolean).join(', ') || 'HR-клуб', email: senderAddress(input.mailFrom, input.appUrl) };
}

/** «суббота, 28 ноября 2026 г., 14:00 (мск)»: the date in words, Moscow time, as the letters give it. */
export function moscowWhen(d: Date): string {
  const date = d.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const time = d.toLocaleTimeString('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });
  return `${date}, ${time} (мск)`;
}

const minutesText = (n: number) => `${n} ${plural(n, ['минута', 'минуты', 'минут'])}`;

const SUBJECTS: Record<InterviewChange, string> = {
  created: 'Приглашение на интервью',
  changed: 'Интервью перенесено',
  cancelled: 'Интервью отменено',
};

/**
 * The `.ics` letters of one change of an interview, queued in the caller's transaction: to each
 * participant (their account e-mail) and to the candidate — only with consent and an address, as
 * for any message to a candidate (then kept in the reply's history with its delivery state).
 * `dropped`: participants taken off by a change, who get the cancellation. A stored participant
 * who has since left the vacancy owner's team or was blocked gets no letter at all: it would carry
 * the candidate's details. The candidate appears in the participants' copy only for a reply from
 * the public page (the team sees its contacts in full); an invited club resume's address stays
 * with those who opened it. The candidate's copy names only the candidate as ATTENDEE, under an
 * ORGANIZER that is not a member's account address (`candidateOrganizer`); both copies share the
 * interview's UID and SEQUENCE.
 */
export async function sendInterviewLetters(
  ctx: AppContext,
  tx: Db,
  input: { vacancyId: number; userId: number; interview: InterviewRow; change: InterviewChange; dropped?: number[] },
): Promise<{ candidateNotified: boolean; candidateNote: string | null }> {
  const iv = input.interview;
  const { facts, values } = await templateValuesOf(tx, { vacancyId: input.vacancyId, replyId: Number(iv.reply_id), userId: input.userId });
  const [vacancy] = await rowsIn<{ owner_id: number; contact_email: string | null }>(
    tx,
    sql`select owner_id, contact_email from vacancies where id = ${input.vacancyId}`,
  );
  if (!vacancy) throw new Error('vacancy not found');
  const ids = [...new Set([...iv.participant_ids.map(Number), ...(input.dropped ?? []), input.userId])];
  const members = await rowsIn<Member>(
    tx,
    sql`select id, trim(coalesce(name, '') || ' ' || coalesce(family, '')) as name, email,
          (blocked_at is null and id in ${teamOf(Number(vacancy.owner_id))}) as in_team
        from users where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const byId = new Map(members.map((m) => [Number(m.id), m]));
  // Only those still of the team hear of the candidate again.
  const current = (id: number) => {
    const m = byId.get(Number(id));
    return m?.in_team ? [m] : [];
  };
  const organizerRow = byId.get(input.userId);
  const organizer: IcsPerson = { name: organizerRow?.name || 'HR-клуб', email: organizerRow?.email ?? senderAddress(ctx.config.mailFrom, ctx.config.appUrl) };
  const participants = iv.participant_ids.flatMap(current);
  const consent = await candidateConsent(tx, facts, input.userId);
  const error = !consent ? PIPELINE_MSG.noConsent : !facts.email ? PIPELINE_MSG.noEmail : null;
  const candidate: IcsPerson | null = !error && facts.email ? { name: facts.fio, email: facts.email } : null;

  const start = new Date(iv.starts_at);
  const cancelled = input.change === 'cancelled';
  const where = [iv.place ? `Место: ${iv.place}` : null, iv.link ? `Ссылка на встречу: ${iv.link}` : null].filter(Boolean).join('\n');
  const details = [`Когда: ${moscowWhen(start)}`, `Длительность: ${minutesText(iv.minutes)}`, where].filter(Boolean).join('\n');
  const summary = `Интервью: ${values.vacancy}`;
  const replyUrl = `${ctx.config.appUrl}/vacancy/${input.vacancyId}/reply/${Number(iv.reply_id)}`;
  const ics = (method: 'REQUEST' | 'CANCEL', attendees: IcsPerson[], description: string, by: IcsPerson = organizer) =>
    eventIcs({
      method,
      uid: iv.uid,
      sequence: iv.sequence,
      stamp: new Date(),
      start,
      minutes: iv.minutes,
      summary,
      location: iv.place || iv.link,
      url: iv.link,
      description,
      organizer: by,
      attendees,
    });
  const attendees = participants.map((p) => ({ name: p.name, email: p.email }));
  const subject = `${SUBJECTS[input.change]}: ${values.vacancy}`;
  const method = cancelled ? 'CANCEL' : 'REQUEST';

  // The team: the participants, and those taken off the interview by this change.
  const teamDescription = `Кандидат по вакансии «${values.vacancy}».\n${details}\nОтклик: ${replyUrl}`;
  const teamCalendar = ics(method, facts.source === 'reply' && candidate ? [candidate, ...attendees] : attendees, teamDescription);
  const lead = cancelled ? 'Интервью отменено.' : input.change === 'changed' ? 'Интервью изменено — в календаре обновится прежнее событие.' : 'Вы участник интервью.';
  for (const p of participants) {
    const text = `Здравствуйте, ${p.name || 'коллега'}!\n\n${lead}\n\nВакансия: «${values.vacancy}»\n${details}\n\nОтклик кандидата: ${replyUrl}\n\nПриглашение для календаря — во вложении.`;
    await enqueueJob(tx, 'mail', { to: p.email, subject, text, icalEvent: { method, content: teamCalendar, filename: 'invite.ics' } });
  }
  const droppedMembers = (input.dropped ?? []).flatMap(current);
  if (droppedMembers.length) {
    const off = ics('CANCEL', droppedMembers.map((m) => ({ name: m.name, email: m.email })), teamDescription);
    for (const m of droppedMembers) {
      const text = `Здравствуйте, ${m.name || 'коллега'}!\n\nВы больше не участвуете в интервью по вакансии «${values.vacancy}».\n${details}\n\nСобытие в календаре будет отменено.`;
      await enqueueJob(tx, 'mail', { to: m.email, subject: `Вы больше не участник интервью: ${values.vacancy}`, text, icalEvent: { method: 'CANCEL', content: off, filename: 'invite.ics' } });
    }
  }

  // The candidate: the letter is a message of the reply, kept with its delivery state.
  const hello = values.first_name ? `Здравствуйте, ${values.first_name}!` : 'Здравствуйте!';
  const company = values.company ? ` в компании ${values.company}` : '';
  const body = cancelled
    ? `${hello}\n\nК сожалению, интервью по вакансии «${values.vacancy}»${company} отменено.\n${details}\n\nС уважением,\n${values.member}`
    : input.change === 'changed'
      ? `${hello}\n\nИнтервью по вакансии «${values.vacancy}»${company} перенесено. Новое время и место:\n${details}\n\nОбновлённое приглашение для календаря — во вложении.\n\nС уважением,\n${values.member}`
      : `${hello}\n\nПриглашаем вас на интервью по вакансии «${values.vacancy}»${company}.\n${details}\n\nПриглашение для календаря — во вложении.\n\nС уважением,\n${values.member}`;
  const [message] = await rowsIn<{ id: number }>(
    tx,
    sql`insert into reply_messages (reply_id, user_id, subject, body, state, error)
        values (${Number(iv.reply_id)}, ${input.userId}, ${subject}, ${body}, ${error ? 'not_sent' : 'queued'}, ${error})
        returning id`,
  );
  const messageId = Number(message?.id);
  if (candidate) {
    const by = candidateOrganizer({ contactEmail: vacancy.contact_email, member: values.member ?? '', company: values.company ?? '', mailFrom: ctx.config.mailFrom, appUrl: ctx.config.appUrl });
    const calendar = ics(method, [candidate], `Вакансия «${values.vacancy}»${company}.\n${details}`, by);
    const jobId = await enqueueJob(tx, 'mail', { to: candidate.email, subject, text: body, icalEvent: { method, content: calendar, filename: 'invite.ics' }, replyMessageId: messageId });
    await tx.execute(sql`update reply_messages set job_id = ${jobId} where id = ${messageId}`);
  }
  await tx.execute(sql`insert into vacancy_reply_history (reply_id, status, user_id, event, message_id)
      values (${Number(iv.reply_id)}, ${facts.status}, ${input.userId}, 'message', ${messageId})`);
  return { candidateNotified: !!candidate, candidateNote: error };
}
