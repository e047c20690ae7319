import { randomInt } from 'node:crypto';
import { consentVersion, INTERVIEW_MSG, INTERVIEW_REMINDER_MINUTES, PIPELINE_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createPrivateTestApp, registeredMember, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import { type ReceivedMail, startSmtpCapture } from '../../../test/smtp.ts';
import type { BuiltApp } from '../../app.ts';
import { contactOpenings, teamMembers } from '../../db/schema/index.ts';
import { remindParticipants } from './interviews.reminder.ts';

let built: BuiltApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // A database of its own: the file runs the mail queue.
  built = await createPrivateTestApp({ APP_URL: 'http://club.test', SMTP_URL: smtp.url, REPLY_LIMIT_PER_HOUR: '1000' });
});
afterAll(async () => {
  await smtp.close();
});

const db = () => built.ctx.database;
const DESCRIPTION = `<p>${'Ищем специалиста по подбору персонала в растущую команду, белая зарплата. '.repeat(4)}</p>`;

async function member(flags: string[] = ['has_vacancy']) {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, flags);
  const [row] = await db().rows<{ id: number; full_name: string }>(
    sql`select id, trim(coalesce(name, '') || ' ' || coalesce(family, '')) as full_name from users where email = ${m.email}`,
  );
  return { ...m, id: Number(row?.id), name: String(row?.full_name) };
}

/** A lead with a vacancy (its published contact address its own), a team mate, and a public reply with consent. */
async function setting() {
  const owner = await member();
  const mate = await member([]);
  await db().db.insert(teamMembers).values({ leadId: owner.id, userId: mate.id });
  const contactEmail = uniqueEmail('jobs');
  const res = await owner.client.post('/api/vacancy', {
    title: 'Рекрутер; IT, продукт',
    city: '1069',
    skills: ['Подбор персонала'],
    description: DESCRIPTION,
    status: 'published',
    contact_email: contactEmail,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const vacancyId = res.body.res.id as number;
  const email = uniqueEmail('cand');
  const visitor = new TestClient(built.app, `10.9.${randomInt(0, 255)}.${randomInt(1, 255)}`);
  await visitor.csrf();
  const reply = await visitor.post(`/api/vacancy/${vacancyId}/reply`, {
    fio: 'Соколова Ирина Павловна',
    phone: uniquePhone(),
    email,
    resume_text: 'Восемь лет в подборе персонала: массовый и ИТ-подбор, собственная воронка и аналитика.',
    consent: true,
    consent_version: consentVersion('reply'),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const replyId = reply.body.res.id as number;
  await built.ctx.queue.runPending();
  return { owner, mate, vacancyId, replyId, email, contactEmail, url: `/api/vacancy/${vacancyId}/reply/${replyId}/interviews` };
}

const inHours = (h: number) => new Date(Math.ceil((Date.now() + h * 3_600_000) / 60_000) * 60_000);
const body = (over: Record<string, unknown> = {}) => ({ starts_at: inHours(48).toISOString(), minutes: 60, place: 'Москва, Тверская, 1', link: null, participant_ids: [], ...over });

/** A part of a received letter (nested multiparts too), decoded: its first part of the given type. */
function partOf(mail: ReceivedMail, type: string): string {
  const parts = mail.raw.split(/\r?\n--/);
  const part = parts.find((p) => new RegExp(`content-type:\\s*${type}`, 'i').test(p));
  if (!part) throw new Error(`no ${type} part in ${mail.raw.slice(0, 2000)}`);
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const content = rest.join('\r\n\r\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = content.replace(/=\r?\n/g, '');
    return Buffer.from(bytes.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))), 'latin1').toString('utf8');
  }
  return content;
}

function parsed(mail: ReceivedMail) {
  const cal = new ICAL.Component(ICAL.parse(partOf(mail, 'text/calendar')));
  const vevent = cal.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    status: vevent.getFirstPropertyValue('status'),
    attendees: event.attendees.map((a) => String(a.getFirstValue()).replace(/^mailto:/i, '')),
    organizer: String(vevent.getFirstPropertyValue('organizer')).replace(/^mailto:/i, ''),
    organizerName: vevent.getFirstProperty('organizer')?.getParameter('cn'),
  };
}

/** Runs the queue and returns the letters received since `from` for `to`. */
async function lettersTo(to: string, from: number) {
  await built.ctx.queue.runPending();
  return smtp.received.slice(from).filter((m) => m.to.includes(to));
}

describe('interviews', () => {
  it('create, reschedule and cancel each send an .ics with one UID and a rising SEQUENCE; CANCEL on delete', async () => {
    const s = await setting();
    const mark = smtp.received.length;
    const created = await s.owner.client.post(s.url, body({ participant_ids: [s.owner.id, s.mate.id] }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.res).toMatchObject({ candidate_notified: true, candidate_note: null });
    const iv = created.body.res.interview;
    expect(iv).toMatchObject({ sequence: 0, cancelled: false, minutes: 60, can_feedback: true });
    expect(iv.participants.map((p: { id: number }) => p.id).sort()).toEqual([s.owner.id, s.mate.id].sort());

    const [toCandidate] = await lettersTo(s.email, mark);
    if (!toCandidate) throw new Error('no letter to the candidate');
    expect(toCandidate.subject).toBe('Приглашение на интервью: Рекрутер; IT, продукт');
    const text = partOf(toCandidate, 'text/plain');
    expect(text).toContain('Здравствуйте, Ирина!');
    expect(text).toMatch(/\d{2}:\d{2} \(мск\)/);
    expect(toCandidate.raw).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i);
    // nodemailer sends the invitation twice over: the calendar alternative and an attached invite.ics.
    expect(toCandidate.raw).toMatch(/Content-Type: application\/ics; name="?invite\.ics"?\r?\nContent-Disposition: attachment; filename="?invite\.ics"?/);
    const first = parsed(toCandidate);
    expect(first).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start: new Date(iv.starts_at).toISOString() });
    expect(first.uid).toMatch(/^[0-9a-f-]{36}@club\.test$/);
    // The candidate's copy: only the candidate attends; the organizer is the vacancy's published address in the member's name.
    expect(first.attendees).toEqual([s.email]);
    expect(first).toMatchObject({ organizer: s.contactEmail, organizerName: s.owner.name });
    for (const own of [s.owner.email, s.mate.email]) expect(toCandidate.raw.toLowerCase()).not.toContain(own.toLowerCase());
    const [toMate] = await lettersTo(s.mate.email, mark);
    if (!toMate) throw new Error('no letter to the participant');
    // The team's copy keeps its attendees (and the public reply's candidate).
    expect(parsed(toMate)).toMatchObject({ uid: first.uid, sequence: 0, method: 'REQUEST', organizer: s.owner.email });
    expect(parsed(toMate).attendees).toEqual(expect.arrayContaining([s.email, s.owner.email, s.mate.email]));
    expect(partOf(toMate, 'text/plain')).toContain(`http://club.test/vacancy/${s.vacancyId}/reply/${s.replyId}`);

    const mark2 = smtp.received.length;
    const moved = await s.mate.client.request('PUT', `${s.url}/${iv.id}`, body({ starts_at: inHours(72).toISOString(), participant_ids: [s.mate.id] }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.res.interview.sequence).toBe(1);
    const [again] = await lettersTo(s.email, mark2);
    if (!again) throw new Error('no second letter');
    expect(again.subject).toBe('Интервью перенесено: Рекрутер; IT, продукт');
    expect(parsed(again)).toMatchObject({ uid: first.uid, sequence: 1, method: 'REQUEST', attendees: [s.email], organizer: s.contactEmail });
    for (const own of [s.owner.email, s.mate.email]) expect(again.raw.toLowerCase()).not.toContain(own.toLowerCase());
    // The owner was taken off: their calendar drops the event.
    const [dropped] = await lettersTo(s.owner.email, mark2);
    if (!dropped) throw new Error('no cancellation to the dropped participant');
    expect(parsed(dropped)).toMatchObject({ uid: first.uid, sequence: 1, method: 'CANCEL' });

    const mark3 = smtp.received.length;
    const cancelled = await s.owner.client.request('DELETE', `${s.url}/${iv.id}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.res.interview).toMatchObject({ sequence: 2, cancelled: true, can_feedback: false });
    const [third] = await lettersTo(s.email, mark3);
    if (!third) throw new Error('no cancellation');
    expect(third.raw).toMatch(/method=CANCEL/i);
    expect(parsed(third)).toMatchObject({ uid: first.uid, sequence: 2, method: 'CANCEL', status: 'CANCELLED', attendees: [s.email] });
    for (const own of [s.owner.email, s.mate.email]) expect(third.raw.toLowerCase()).not.toContain(own.toLowerCase());
    expect(await lettersTo(s.mate.email, mark3)).toHaveLength(1);

    // A cancelled interview is not changed again.
    const again2 = await s.owner.client.request('PUT', `${s.url}/${iv.id}`, body());
    expect(again2.status).toBe(422);
    expect(again2.body.errors?.interview).toEqual([INTERVIEW_MSG.alreadyCancelled]);
    expect((await s.owner.client.request('DELETE', `${s.url}/${iv.id}`)).status).toBe(422);

    // Each candidate letter is a message of the reply's history, with its delivery state.
    const history = await db().rows<{ state: string }>(
      sql`select m.state from vacancy_reply_history h join reply_messages m on m.id = h.message_id where h.reply_id = ${s.replyId} and h.event = 'message' order by h.id`,
    );
    expect(history).toHaveLength(3);
  });

  it('participants only from the vacancy team; the scheduler by default; bad input in Russian', async () => {
    const s = await setting();
    const stranger = await member();
    const refused = await s.owner.client.post(s.url, body({ participant_ids: [s.mate.id, stranger.id] }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.participant_ids).toEqual([INTERVIEW_MSG.participantNotInTeam]);
    expect(await db().rows(sql`select id from interviews where reply_id = ${s.replyId}`)).toHaveLength(0);

    const byDefault = await s.mate.client.post(s.url, body({ participant_ids: [] }));
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.res.interview.participants.map((p: { id: number }) => p.id)).toEqual([s.mate.id]);

    const past = await s.owner.client.post(s.url, body({ starts_at: new Date(Date.now() - 60_000).toISOString() }));
    expect(past.body.errors?.starts_at).toEqual([INTERVIEW_MSG.startsPast]);
    const short = await s.owner.client.post(s.url, body({ minutes: 3 }));
    expect(short.body.errors?.minutes).toEqual([INTERVIEW_MSG.minutesRange]);
    const long = await s.owner.client.post(s.url, body({ minutes: 601 }));
    expect(long.body.errors?.minutes).toEqual([INTERVIEW_MSG.minutesRange]);
    const nowhere = await s.owner.client.post(s.url, body({ place: '', link: null }));
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.errors?.place).toEqual([INTERVIEW_MSG.placeOrLink]);
    const badLink = await s.owner.client.post(s.url, body({ place: null, link: 'javascript:alert(1)' }));
    expect(badLink.body.errors?.link).toEqual([INTERVIEW_MSG.linkInvalid]);
    const missing = await s.owner.client.post(s.url, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.starts_at?.[0]).toBe(INTERVIEW_MSG.startsRequired);
  });

  it('a candidate without consent is not written to: participants only, and the answer says so', async () => {
    const s = await setting();
    await db().db.execute(sql`update vacancy_replies set consent_at = null where id = ${s.replyId}`);
    const mark = smtp.received.length;
    const res = await s.owner.client.post(s.url, body({ participant_ids: [s.owner.id, s.mate.id] }));
    expect(res.status).toBe(200);
    expect(res.body.res).toMatchObject({ candidate_notified: false, candidate_note: PIPELINE_MSG.noConsent });
    expect(res.body.message).toContain(PIPELINE_MSG.noConsent);
    expect(await lettersTo(s.email, mark)).toHaveLength(0);
    const toMate = await lettersTo(s.mate.email, mark);
    expect(toMate).toHaveLength(1);
    expect(parsed(toMate[0] as ReceivedMail).attendees).not.toContain(s.email);
    const [message] = await db().rows<{ state: string; error: string }>(sql`select state, error from reply_messages where reply_id = ${s.replyId}`);
    expect(message).toMatchObject({ state: 'not_sent', error: PIPELINE_MSG.noConsent });
  });

  it('an invited club resume: written to only once the member opened its contacts; never named in the team copy', async () => {
    const s = await setting();
    const email = uniqueEmail('invited');
    const resume = await createResume(db(), { email });
    expect((await s.owner.client.post(`/api/vacancy/${s.vacancyId}/invite`, { resume_hash: resume.hash })).status).toBe(200);
    const [reply] = await db().rows<{ id: number }>(sql`select id from vacancy_replies where vacancy_id = ${s.vacancyId} and resume_id = ${resume.id}`);
    const url = `/api/vacancy/${s.vacancyId}/reply/${reply?.id}/interviews`;
    await built.ctx.queue.runPending();

    const mark = smtp.received.length;
    const closed = await s.owner.client.post(url, body({ participant_ids: [s.owner.id, s.mate.id] }));
    expect(closed.body.res).toMatchObject({ candidate_notified: false, candidate_note: PIPELINE_MSG.noConsent });
    expect(await lettersTo(email, mark)).toHaveLength(0);

    await db().db.insert(contactOpenings).values({ resumeId: resume.id, userId: s.owner.id, day: '2025-01-01', charged: true });
    const mark2 = smtp.received.length;
    const open = await s.owner.client.post(url, body({ participant_ids: [s.owner.id, s.mate.id] }));
    expect(open.body.res).toMatchObject({ candidate_notified: true, candidate_note: null });
    const [toCandidate] = await lettersTo(email, mark2);
    if (!toCandidate) throw new Error('no letter to the invited candidate');
    expect(parsed(toCandidate).attendees).toContain(email);
    // The mate has not opened the contacts: the team's copy does not carry the candidate's address.
    const [toMate] = await lettersTo(s.mate.email, mark2);
    if (!toMate) throw new Error('no letter to the mate');
    expect(parsed(toMate).attendees).not.toContain(email);
    expect(partOf(toMate, 'text/plain')).not.toContain(email);
    expect(partOf(toMate, 'text/calendar')).not.toContain(email);
  });

  it('the reminder is queued before the start and fires once; not after a cancellation or a change', async () => {
    const s = await setting();
    const startsAt = inHours(24);
    const res = await s.owner.client.post(s.url, body({ starts_at: startsAt.toISOString(), participant_ids: [s.owner.id, s.mate.id] }));
    const id = res.body.res.interview.id as number;
    const [job] = await db().rows<{ run_at: Date | string }>(sql`select run_at from jobs where kind = 'interview.reminder' and (payload->>'interview_id')::bigint = ${id}`);
    expect(new Date(job?.run_at as string).getTime()).toBe(startsAt.getTime() - INTERVIEW_REMINDER_MINUTES * 60_000);

    const reminders = (userId: number) =>
      db().rows(sql`select id from notifications where user_id = ${userId} and title = 'Напоминание об интервью' and url = ${`/vacancy/${s.vacancyId}/reply/${s.replyId}`}`);
    const at = new Date(startsAt.getTime() - INTERVIEW_REMINDER_MINUTES * 60_000);
    // Two workers at once: only one reminds.
    const [a, b] = await Promise.all([remindParticipants(built.ctx, { interview_id: id, sequence: 0 }, at), remindParticipants(built.ctx, { interview_id: id, sequence: 0 }, at)]);
    expect((a?.reminded ?? 0) + (b?.reminded ?? 0)).toBe(2);
    expect(await remindParticipants(built.ctx, { interview_id: id, sequence: 0 }, at)).toEqual({ reminded: 0 });
    expect(await reminders(s.owner.id)).toHaveLength(1);
    expect(await reminders(s.mate.id)).toHaveLength(1);

    // A change: the old job is stale, the new one reminds again.
    const later = inHours(30);
    await s.owner.client.request('PUT', `${s.url}/${id}`, body({ starts_at: later.toISOString(), participant_ids: [s.mate.id] }));
    const laterAt = new Date(later.getTime() - INTERVIEW_REMINDER_MINUTES * 60_000);
    expect(await remindParticipants(built.ctx, { interview_id: id, sequence: 0 }, laterAt)).toEqual({ reminded: 0 });
    expect(await remindParticipants(built.ctx, { interview_id: id, sequence: 1 }, laterAt)).toEqual({ reminded: 1 });
    expect(await reminders(s.mate.id)).toHaveLength(2);
    expect(await reminders(s.owner.id)).toHaveLength(1);

    // A cancelled one: nothing.
    const other = await s.owner.client.post(s.url, body({ starts_at: inHours(50).toISOString() }));
    const otherId = other.body.res.interview.id as number;
    await s.owner.client.request('DELETE', `${s.url}/${otherId}`);
    expect(await remindParticipants(built.ctx, { interview_id: otherId, sequence: 0 }, new Date())).toEqual({ reminded: 0 });
    expect(await remindParticipants(built.ctx, { interview_id: otherId, sequence: 1 }, new Date())).toEqual({ reminded: 0 });
    // An interview that is over: nothing either.
    const third = await s.owner.client.post(s.url, body({ starts_at: inHours(2).toISOString(), minutes: 30 }));
    expect(await remindParticipants(built.ctx, { interview_id: third.body.res.interview.id, sequence: 0 }, inHours(3))).toEqual({ reminded: 0 });

    // Through the queue: an interview in ten minutes is reminded of at once, and only once.
    const before = (await reminders(s.mate.id)).length;
    const soon = new Date(Math.ceil((Date.now() + 10 * 60_000) / 60_000) * 60_000);
    await s.owner.client.post(s.url, body({ starts_at: soon.toISOString(), participant_ids: [s.mate.id] }));
    await built.ctx.queue.runPending();
    await built.ctx.queue.runPending();
    expect(await reminders(s.mate.id)).toHaveLength(before + 1);
  });

  it('feedback: participants only, scores on the vacancy criteria, one per member; side by side in the list', async () => {
    const s = await setting();
    const third = await member([]);
    await db().db.insert(teamMembers).values({ leadId: s.owner.id, userId: third.id });
    const res = await s.owner.client.post(s.url, body({ participant_ids: [s.owner.id, s.mate.id] }));
    const id = res.body.res.interview.id as number;
    const fb = `${s.url}/${id}/feedback`;

    const notIn = await third.client.post(fb, { scores: { Опыт: 4 }, recommendation: 'yes' });
    expect(notIn.status).toBe(403);
    expect(notIn.body.message).toBe(INTERVIEW_MSG.notParticipant);
    const unknown = await s.mate.client.post(fb, { scores: { Харизма: 5 }, recommendation: 'yes' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.scores).toEqual([INTERVIEW_MSG.scoreUnknown]);
    const none = await s.mate.client.post(fb, { scores: {}, recommendation: 'yes' });
    expect(none.body.errors?.scores).toEqual([INTERVIEW_MSG.scoresRequired]);
    const range = await s.mate.client.post(fb, { scores: { Опыт: 6 }, recommendation: 'yes' });
    expect(range.status).toBe(422);
    const noRec = await s.mate.client.post(fb, { scores: { Опыт: 3 } });
    expect(noRec.body.errors?.recommendation).toEqual([INTERVIEW_MSG.recommendationRequired]);

    expect((await s.mate.client.post(fb, { scores: { Опыт: 3 }, recommendation: 'maybe', comment: 'Первое впечатление' })).status).toBe(200);
    const again = await s.mate.client.post(fb, { scores: { Опыт: 4, Коммуникация: 5 }, recommendation: 'yes', comment: 'Сильный кандидат' });
    expect(again.status).toBe(200);
    expect((await s.owner.client.post(fb, { scores: { Мотивация: 2 }, recommendation: 'no' })).status).toBe(200);

    const list = await third.client.get(s.url);
    expect(list.status).toBe(200);
    expect(list.body.res.criteria).toEqual(['Опыт', 'Профессиональные навыки', 'Коммуникация', 'Мотивация']);
    expect(list.body.res.team.map((p: { id: number }) => p.id).sort()).toEqual([s.owner.id, s.mate.id, third.id].sort());
    const [item] = list.body.res.items;
    expect(item.can_feedback).toBe(false);
    expect(item.feedback).toHaveLength(2);
    expect(item.feedback.find((f: { by: { id: number } }) => f.by.id === s.mate.id)).toMatchObject({ scores: { Опыт: 4, Коммуникация: 5 }, recommendation: 'yes', comment: 'Сильный кандидат' });

    // The team edits the criteria; a score on a removed one is refused, the given feedback stays.
    const crit = await s.mate.client.request('PUT', `/api/vacancy/${s.vacancyId}/criteria`, { criteria: ['Опыт', 'Английский язык, "разговорный"'] });
    expect(crit.status, JSON.stringify(crit.body)).toBe(200);
    expect(crit.body.res.criteria).toEqual(['Опыт', 'Английский язык, "разговорный"']);
    expect((await s.owner.client.get(`/api/vacancy/${s.vacancyId}/criteria`)).body.res.criteria).toEqual(['Опыт', 'Английский язык, "разговорный"']);
    expect((await s.owner.client.post(fb, { scores: { Мотивация: 3 }, recommendation: 'no' })).body.errors?.scores).toEqual([INTERVIEW_MSG.scoreUnknown]);
    expect((await s.owner.client.post(fb, { scores: { 'Английский язык, "разговорный"': 3 }, recommendation: 'no' })).status).toBe(200);
    expect((await s.owner.client.request('PUT', `/api/vacancy/${s.vacancyId}/criteria`, { criteria: [] })).body.errors?.criteria).toEqual([INTERVIEW_MSG.criteriaRequired]);
    expect((await s.owner.client.request('PUT', `/api/vacancy/${s.vacancyId}/criteria`, { criteria: ['Опыт', 'опыт'] })).body.errors?.criteria).toEqual([INTERVIEW_MSG.criteriaTwice]);
    expect((await s.owner.client.request('PUT', `/api/vacancy/${s.vacancyId}/criteria`, { criteria: ['  '] })).status).toBe(422);
    expect((await s.owner.client.request('PUT', `/api/vacancy/${s.vacancyId}/criteria`, {})).status).toBe(422);
  });

  it('the candidate copy without a published contact: the site sender as organizer, in the member and company name', async () => {
    const s = await setting();
    await db().db.execute(sql`update vacancies set contact_email = null where id = ${s.vacancyId}`);
    const mark = smtp.received.length;
    const res = await s.mate.client.post(s.url, body({ participant_ids: [s.owner.id, s.mate.id] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [toCandidate] = await lettersTo(s.email, mark);
    if (!toCandidate) throw new Error('no letter to the candidate');
    const sender = /<([^>]+)>/.exec(built.ctx.config.mailFrom)?.[1] ?? built.ctx.config.mailFrom;
    const copy = parsed(toCandidate);
    expect(copy).toMatchObject({ attendees: [s.email], organizer: sender });
    expect(copy.organizerName).toContain(s.mate.name);
    expect(copy.organizerName).toContain('Ромашка');
    for (const own of [s.owner.email, s.mate.email]) expect(toCandidate.raw.toLowerCase()).not.toContain(own.toLowerCase());
    // One event for both copies.
    const [toOwner] = await lettersTo(s.owner.email, mark);
    if (!toOwner) throw new Error('no letter to the owner');
    expect(parsed(toOwner)).toMatchObject({ uid: copy.uid, sequence: copy.sequence, organizer: s.mate.email });
  });

  it('a participant who left the team or was blocked: no reminder and no more letters about the candidate', async () => {
    const s = await setting();
    const third = await member([]);
    await db().db.insert(teamMembers).values({ leadId: s.owner.id, userId: third.id });
    const everyone = [s.owner.id, s.mate.id, third.id];
    const startsAt = inHours(24);
    const first = await s.owner.client.post(s.url, body({ starts_at: startsAt.toISOString(), participant_ids: everyone }));
    const second = await s.owner.client.post(s.url, body({ participant_ids: everyone }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await built.ctx.queue.runPending();

    // The third leaves the team, the mate is blocked.
    await db().db.execute(sql`delete from team_members where user_id = ${third.id}`);
    await db().db.execute(sql`update users set blocked_at = now() where id = ${s.mate.id}`);

    const reminders = (userId: number) => db().rows(sql`select id from notifications where user_id = ${userId} and title = 'Напоминание об интервью'`);
    const at = new Date(startsAt.getTime() - INTERVIEW_REMINDER_MINUTES * 60_000);
    expect(await remindParticipants(built.ctx, { interview_id: first.body.res.interview.id, sequence: 0 }, at)).toEqual({ reminded: 1 });
    expect(await reminders(s.owner.id)).toHaveLength(1);
    expect(await reminders(s.mate.id)).toHaveLength(0);
    expect(await reminders(third.id)).toHaveLength(0);

    // A change taking them off: no cancellation to them either (it would name the interview's details).
    await built.ctx.queue.runPending(); // the reminder's e-mail copy
    const mark = smtp.received.length;
    const moved = await s.owner.client.request('PUT', `${s.url}/${second.body.res.interview.id}`, body({ starts_at: inHours(72).toISOString(), participant_ids: [s.owner.id] }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await lettersTo(s.owner.email, mark)).toHaveLength(1);
    expect(await lettersTo(s.mate.email, mark)).toHaveLength(0);
    expect(await lettersTo(third.email, mark)).toHaveLength(0);

    // A cancellation of the one still listing them: the owner and the candidate only.
    const mark2 = smtp.received.length;
    expect((await s.owner.client.request('DELETE', `${s.url}/${first.body.res.interview.id}`)).status).toBe(200);
    const [toOwner] = await lettersTo(s.owner.email, mark2);
    if (!toOwner) throw new Error('no cancellation to the owner');
    expect(parsed(toOwner).attendees).not.toEqual(expect.arrayContaining([s.mate.email]));
    expect(parsed(toOwner).attendees).not.toEqual(expect.arrayContaining([third.email]));
    expect(await lettersTo(s.email, mark2)).toHaveLength(1);
    expect(await lettersTo(s.mate.email, mark2)).toHaveLength(0);
    expect(await lettersTo(third.email, mark2)).toHaveLength(0);
  });

  it('another team gets 404 everywhere, a visitor 401', async () => {
    const s = await setting();
    const res = await s.owner.client.post(s.url, body());
    const id = res.body.res.interview.id as number;
    const stranger = await member();
    for (const [method, url, payload] of [
      ['GET', s.url, undefined],
      ['POST', s.url, body()],
      ['PUT', `${s.url}/${id}`, body()],
      ['DELETE', `${s.url}/${id}`, undefined],
      ['POST', `${s.url}/${id}/feedback`, { scores: { Опыт: 3 }, recommendation: 'yes' }],
      ['GET', `/api/vacancy/${s.vacancyId}/criteria`, undefined],
      ['PUT', `/api/vacancy/${s.vacancyId}/criteria`, { criteria: ['Опыт'] }],
    ] as const) {
      expect((await stranger.client.request(method, url, payload)).status, `${method} ${url}`).toBe(404);
      const visitor = new TestClient(built.app);
      await visitor.csrf();
      expect((await visitor.request(method, url, payload)).status, `${method} ${url}`).toBe(401);
    }
    // An interview of another reply of the same team is not found under this reply.
    const other = await setting();
    expect((await other.owner.client.request('DELETE', `${other.url}/${id}`)).status).toBe(404);
    expect((await s.owner.client.get(`/api/vacancy/${s.vacancyId}/reply/999999999/interviews`)).status).toBe(404);
  });
});
