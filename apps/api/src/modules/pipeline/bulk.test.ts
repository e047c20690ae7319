import { randomInt } from 'node:crypto';
import { consentVersion } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createPrivateTestApp, registeredMember, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { teamMembers } from '../../db/schema/index.ts';
import { moveReplies, resolveMoveTarget } from './pipeline.move.ts';

let built: BuiltApp;

beforeAll(async () => {
  // A database of its own: the file runs the mail queue and counts letters.
  built = await createPrivateTestApp({ APP_URL: 'http://club.test', REPLY_LIMIT_PER_HOUR: '1000' });
});

const db = () => built.ctx.database;
const DESCRIPTION = `<p>${'Ищем специалиста по подбору персонала в растущую команду, белая зарплата. '.repeat(4)}</p>`;

async function member(flags: string[] = ['has_vacancy']) {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, flags);
  const [row] = await db().rows<{ id: number }>(sql`select id from users where email = ${m.email}`);
  return { ...m, id: Number(row?.id) };
}

async function createVacancy(client: TestClient, title = 'Рекрутер в IT') {
  const res = await client.post('/api/vacancy', { title, city: '1069', skills: ['Подбор персонала'], description: DESCRIPTION, status: 'published' });
  if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res as { id: number };
}

async function publicReply(vacancyId: number, fio = 'Петрова Анна Сергеевна') {
  const client = new TestClient(built.app, `10.8.${randomInt(0, 255)}.${randomInt(1, 255)}`);
  const email = uniqueEmail('cand');
  const res = await client.post(`/api/vacancy/${vacancyId}/reply`, {
    fio,
    phone: uniquePhone(),
    email,
    consent: true,
    consent_version: consentVersion('reply'),
    resume_text: 'Пять лет в подборе.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: Number(res.body.res.id), email };
}

const stagesOf = async (vacancyId: number) =>
  db().rows<{ id: number; title: string; kind: string }>(sql`select id, title, kind from vacancy_stages where vacancy_id = ${vacancyId} order by position`);
const stageId = async (vacancyId: number, title: string) => Number((await stagesOf(vacancyId)).find((s) => s.title === title)?.id);
const replyRows = async (ids: number[]) =>
  db().rows<{ id: number; stage_id: number; reason_id: number | null; status: string; stage_at: string }>(
    sql`select id, stage_id, reason_id, status, stage_at from vacancy_replies where id in (select value::bigint from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) order by id`,
  );
const reasonId = async () => Number((await db().rows<{ id: number }>(sql`select id from rejection_reasons where owner_id is null order by id limit 1`))[0]?.id);
const rejectTemplate = async () => Number((await db().rows<{ id: number }>(sql`select id from message_templates where owner_id is null and kind = 'reject'`))[0]?.id);
const movesOf = async (ids: number[]) =>
  db().rows<{ reply_id: number; bulk_id: number | null; event: string }>(
    sql`select reply_id, bulk_id, event from vacancy_reply_history
        where reply_id in (select value::bigint from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) and bulk_id is not null order by id`,
  );
const lettersTo = async (emails: string[]) =>
  db().rows<{ to: string; subject: string; text: string }>(
    sql`select "to", subject, text from mail_outbox where "to" in (select value from jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)) and subject not like 'Отклик на вакансию%'`,
  );

/** A team (lead + member), a vacancy of the lead's with `n` public replies, and a stranger. */
async function setup(n = 4) {
  const lead = await member();
  const mate = await member();
  await db().db.insert(teamMembers).values({ leadId: lead.id, userId: mate.id });
  const v = await createVacancy(lead.client);
  const replies = [];
  for (let i = 0; i < n; i++) replies.push(await publicReply(v.id, `Петрова${i} Анна Сергеевна`));
  return { lead, mate, v, replies, ids: replies.map((r) => r.id) };
}

describe('bulk actions on replies', () => {
  it('moves the chosen replies in one action, records each move with the action, and says how many changed', async () => {
    const { mate, v, ids } = await setup(4);
    const interview = await stageId(v.id, 'Интервью');
    const res = await mate.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids: ids.slice(0, 3), stage_id: interview });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.res).toMatchObject({ changed: 3, messages: 0, not_messaged: 0 });
    expect(res.body.message).toBe('Изменено: 3 отклика');
    expect(res.body.res.undo_token).toMatch(/^[\w-]{32}$/);
    const until = new Date(res.body.res.undo_until).getTime() - Date.now();
    expect(until).toBeGreaterThan(5_000);
    expect(until).toBeLessThanOrEqual(10_500);
    const rows = await replyRows(ids);
    expect(rows.map((r) => r.stage_id)).toEqual([interview, interview, interview, await stageId(v.id, 'Новые')]);
    const moves = await movesOf(ids);
    expect(moves).toHaveLength(3);
    expect(new Set(moves.map((m) => m.bulk_id)).size).toBe(1);
    // Only the digest of the token is stored.
    const [stored] = await db().rows<{ token: string; changed: number; before: unknown[] }>(
      sql`select token, changed, before from reply_bulk_actions where id = ${moves[0]?.bulk_id}`,
    );
    expect(stored?.token).not.toBe(res.body.res.undo_token);
    expect(stored?.changed).toBe(3);
    expect(stored?.before).toHaveLength(3);

    // Again to the same stage: nothing changes, nothing to undo.
    const again = await mate.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids: ids.slice(0, 3), stage_id: interview });
    expect(again.body.res).toMatchObject({ changed: 0, undo_token: null });
    expect(again.body.message).toBe('Изменено: 0 откликов');
  });

  it('a failure on one reply mid-way changes nothing', async () => {
    const { lead, v, ids } = await setup(3);
    const victim = ids[1] as number;
    const before = await replyRows(ids);
    // A forced failure when the second reply's move is recorded (the statement after the replies were updated).
    await db().db.execute(sql.raw(`create or replace function bulk_test_fail() returns trigger language plpgsql as $$
      begin if new.reply_id = ${victim} then raise exception 'forced failure'; end if; return new; end $$`));
    await db().db.execute(sql.raw(`create trigger bulk_test_fail_${victim} before insert on vacancy_reply_history for each row execute function bulk_test_fail()`));
    try {
      const res = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids, stage_id: await stageId(v.id, 'Оффер') });
      expect(res.status).toBe(500);
    } finally {
      await db().db.execute(sql.raw(`drop trigger bulk_test_fail_${victim} on vacancy_reply_history`));
    }
    expect(await replyRows(ids)).toEqual(before);
    expect(await movesOf(ids)).toHaveLength(0);
    const [left] = await db().rows<{ n: number }>(sql`select count(*)::int as n from reply_bulk_actions where vacancy_id = ${v.id}`);
    expect(left?.n).toBe(0);
  });

  it('a filter takes every reply of the stage (or of the vacancy) at the moment of the action', async () => {
    const { lead, v, ids } = await setup(4);
    const viewed = await stageId(v.id, 'Просмотрены');
    const phone = await stageId(v.id, 'Телефонное интервью');
    await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids: [ids[0]], stage_id: viewed });
    const fromNew = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { filter: { stage_id: await stageId(v.id, 'Новые') }, stage_id: phone });
    expect(fromNew.body.res.changed).toBe(3);
    expect((await replyRows(ids)).map((r) => r.stage_id)).toEqual([viewed, phone, phone, phone]);
    const all = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { filter: {}, stage_id: viewed });
    expect(all.body.res.changed).toBe(3);
    // Another vacancy's stage in the filter is not found.
    const other = await createVacancy(lead.client, 'Другая вакансия');
    const bad = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { filter: { stage_id: await stageId(other.id, 'Новые') }, stage_id: viewed });
    expect(bad.status).toBe(422);
  });

  it('a rejection asks for a reason; bad input is a Russian 422 per field', async () => {
    const { lead, v, ids } = await setup(1);
    const rejected = await stageId(v.id, 'Отказ');
    const noReason = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids, stage_id: rejected });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors?.reason_id).toEqual(['Укажите причину отказа']);
    const nothing = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { stage_id: rejected, reason_id: await reasonId() });
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors?.ids).toEqual(['Выберите отклики']);
    const missing = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.stage_id).toBeDefined();
    const badTemplate = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids, stage_id: rejected, reason_id: await reasonId(), template_id: 999999 });
    expect(badTemplate.status).toBe(422);
    expect(badTemplate.body.errors?.template_id).toEqual(['Шаблон не найден']);
    expect((await replyRows(ids))[0]?.stage_id).toBe(await stageId(v.id, 'Новые'));
  });

  it("another team's replies are ignored, another team's vacancy is not found, a visitor is refused", async () => {
    const { lead, v, ids } = await setup(1);
    const other = await setup(1);
    const res = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids: [...ids, ...other.ids], stage_id: await stageId(v.id, 'Оффер') });
    expect(res.body.res.changed).toBe(1);
    expect((await replyRows(other.ids))[0]?.stage_id).toBe(await stageId(other.v.id, 'Новые'));
    const stranger = await other.lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids, stage_id: await stageId(v.id, 'Интервью') });
    expect(stranger.status).toBe(404);
    const undo = await other.lead.client.post(`/api/vacancy/${v.id}/reply/bulk/undo`, { undo_token: res.body.res.undo_token });
    expect(undo.status).toBe(404);
    // The token belongs to its vacancy: sent to another vacancy of the stranger's, it is unknown.
    const elsewhere = await other.lead.client.post(`/api/vacancy/${other.v.id}/reply/bulk/undo`, { undo_token: res.body.res.undo_token });
    expect(elsewhere.status).toBe(404);
    const visitor = new TestClient(built.app);
    expect((await visitor.post(`/api/vacancy/${v.id}/reply/bulk`, { ids, stage_id: 1 })).status).toBe(401);
  });

  it('an undo within the window puts stages and reasons back, erases the moves and cancels the letters', async () => {
    const { lead, mate, v, ids, replies } = await setup(3);
    const viewed = await stageId(v.id, 'Просмотрены');
    await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids: [ids[0]], stage_id: viewed });
    const before = await replyRows(ids);
    const res = await mate.client.post(`/api/vacancy/${v.id}/reply/bulk`, {
      ids,
      stage_id: await stageId(v.id, 'Отказ'),
      reason_id: await reasonId(),
      template_id: await rejectTemplate(),
    });
    expect(res.body.res).toMatchObject({ changed: 3, messages: 3, not_messaged: 0 });
    const queued = await db().rows<{ state: string; run_at: string; body: string }>(
      sql`select m.state, j.run_at, m.body from reply_messages m join jobs j on j.id = m.job_id where m.reply_id = ${ids[1]}`,
    );
    expect(queued[0]?.state).toBe('queued');
    expect(queued[0]?.body).toContain('Здравствуйте, Анна!');
    expect(new Date(queued[0]?.run_at ?? 0).getTime()).toBeGreaterThan(new Date(res.body.res.undo_until).getTime());
    expect((await replyRows(ids)).every((r) => r.status === 'rejected' && r.reason_id)).toBe(true);

    const undo = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk/undo`, { undo_token: res.body.res.undo_token });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.res).toEqual({ restored: 3, not_restored: 0, cancelled: 3 });
    expect(undo.body.message).toBe('Возвращено: 3 отклика');
    expect(await replyRows(ids)).toEqual(before);
    // No move of the action is left; each letter stays in the history as cancelled.
    // Only the earlier action's one move is left.
    expect((await movesOf(ids)).filter((m) => m.event === 'move').map((m) => Number(m.reply_id))).toEqual([ids[0]]);
    const records = await db().rows<{ event: string; state: string }>(
      sql`select h.event, m.state from vacancy_reply_history h join reply_messages m on m.id = h.message_id where h.reply_id = ${ids[2]}`,
    );
    expect(records).toEqual([{ event: 'message', state: 'cancelled' }]);
    // Nothing leaves, even once the window is long past.
    await db().db.execute(sql`update jobs set run_at = now() - interval '1 minute' where done_at is null and kind = 'mail'`);
    await built.ctx.queue.runPending();
    expect(await lettersTo(replies.map((r) => r.email))).toHaveLength(0);
  });

  it('without an undo the letters leave after the window; an undo after 10 seconds is refused', async () => {
    const { lead, v, ids, replies } = await setup(2);
    const res = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, {
      ids,
      stage_id: await stageId(v.id, 'Отказ'),
      reason_id: await reasonId(),
      template_id: await rejectTemplate(),
      message: 'Добрый день, {{first_name}}! По вакансии «{{vacancy}}» мы выбрали другого кандидата.',
    });
    expect(res.body.res.messages).toBe(2);
    // Nothing before the window closes.
    await built.ctx.queue.runPending();
    expect(await lettersTo(replies.map((r) => r.email))).toHaveLength(0);
    // The server's clock moves on: the window is over.
    await db().db.execute(sql`update reply_bulk_actions set undo_until = now() - interval '1 second' where vacancy_id = ${v.id}`);
    const late = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk/undo`, { undo_token: res.body.res.undo_token });
    expect(late.status).toBe(422);
    expect(late.body.errors?.undo_token).toEqual(['Отменить уже нельзя: прошло больше 10 секунд']);
    await db().db.execute(sql`update jobs set run_at = now() where done_at is null and kind = 'mail'`);
    await built.ctx.queue.runPending();
    const letters = await lettersTo(replies.map((r) => r.email));
    expect(letters).toHaveLength(2);
    expect(letters[0]?.subject).toBe('Ваш отклик на вакансию «Рекрутер в IT»');
    expect(letters[0]?.text).toContain('Добрый день, Анна! По вакансии «Рекрутер в IT» мы выбрали другого кандидата.');
    expect((await replyRows(ids)).every((r) => r.status === 'rejected')).toBe(true);
  });

  it('two undos at once: one puts back, the other is told it is already undone', async () => {
    const { lead, mate, v, ids } = await setup(2);
    const res = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids, stage_id: await stageId(v.id, 'Оффер') });
    const token = res.body.res.undo_token;
    const both = await Promise.all([
      lead.client.post(`/api/vacancy/${v.id}/reply/bulk/undo`, { undo_token: token }),
      mate.client.post(`/api/vacancy/${v.id}/reply/bulk/undo`, { undo_token: token }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(both.find((r) => r.status === 422)?.body.errors?.undo_token).toEqual(['Это действие уже отменено']);
    expect(both.find((r) => r.status === 200)?.body.res.restored).toBe(2);
    const unknown = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk/undo`, { undo_token: 'x'.repeat(32) });
    expect(unknown.status).toBe(404);
    expect((await lead.client.post(`/api/vacancy/${v.id}/reply/bulk/undo`, {})).status).toBe(422);
  });

  it('a reply moved by someone else since the action stays where they put it, and the undo says so', async () => {
    const { lead, mate, v, ids } = await setup(3);
    const res = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids, stage_id: await stageId(v.id, 'Интервью') });
    const offer = await stageId(v.id, 'Оффер');
    await db().db.transaction(async (tx) => {
      const target = await resolveMoveTarget(tx, mate.id, v.id, offer, null);
      await moveReplies(tx, { vacancyId: v.id, replyIds: [ids[0] as number], target, userId: mate.id });
    });
    const undo = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk/undo`, { undo_token: res.body.res.undo_token });
    expect(undo.body.res).toMatchObject({ restored: 2, not_restored: 1 });
    expect(undo.body.message).toBe('Возвращено: 2 отклика. Не вернули 1 отклик: их уже перенесли после этого');
    const newStage = await stageId(v.id, 'Новые');
    expect((await replyRows(ids)).map((r) => r.stage_id)).toEqual([offer, newStage, newStage]);
    // The one left keeps its recorded moves (the action's and the later one).
    const kept = await db().rows<{ n: number }>(sql`select count(*)::int as n from vacancy_reply_history where reply_id = ${ids[0]} and event = 'move' and to_stage_id is not null and user_id is not null`);
    expect(kept[0]?.n).toBe(2);
  });
  it('a bulk action and a single move of the same reply at once: both land, one after the other, each recorded', async () => {
    const { lead, mate, v, ids } = await setup(3);
    const interview = await stageId(v.id, 'Интервью');
    const offer = await stageId(v.id, 'Оффер');
    const [bulk, single] = await Promise.all([
      lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, { ids, stage_id: interview }),
      mate.client.request('PATCH', `/api/vacancy/${v.id}/reply/${ids[1]}`, { stage_id: offer }),
    ]);
    expect(bulk.status).toBe(200);
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    const rows = await replyRows(ids);
    // Whichever came second decides the stage of the shared reply; its history says the same.
    const [last] = await db().rows<{ to_stage_id: number }>(
      sql`select to_stage_id from vacancy_reply_history where reply_id = ${ids[1]} and event = 'move' order by id desc limit 1`,
    );
    expect(rows[1]?.stage_id).toBe(Number(last?.to_stage_id));
    expect([rows[0]?.stage_id, rows[2]?.stage_id]).toEqual([interview, interview]);
    // The undo leaves the shared reply alone when the single move came after the action.
    const undo = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk/undo`, { undo_token: bulk.body.res.undo_token });
    const shared = (await replyRows(ids))[1];
    if (Number(last?.to_stage_id) === offer) expect(shared?.stage_id).toBe(offer);
    expect(undo.body.res.restored + undo.body.res.not_restored).toBe(bulk.body.res.changed);
  });
  it('an invited club resume whose contacts the member has not opened gets no letter: counted, kept as not sent', async () => {
    const { lead, v, ids } = await setup(1);
    const club = await createResume(db(), { firstName: 'Глеб', lastName: 'Закрытов', email: 'zakrytov-bulk@example.ru', cityId: 1069 });
    expect((await lead.client.post(`/api/vacancy/${v.id}/invite`, { resume_hash: club.hash })).status).toBe(200);
    const [invited] = await db().rows<{ id: number }>(sql`select id from vacancy_replies where vacancy_id = ${v.id} and source = 'invite'`);
    const res = await lead.client.post(`/api/vacancy/${v.id}/reply/bulk`, {
      ids: [...ids, Number(invited?.id)],
      stage_id: await stageId(v.id, 'Отказ'),
      reason_id: await reasonId(),
      template_id: await rejectTemplate(),
    });
    expect(res.body.res).toMatchObject({ changed: 2, messages: 1, not_messaged: 1 });
    const [kept] = await db().rows<{ state: string; error: string; job_id: number | null }>(
      sql`select state, error, job_id from reply_messages where reply_id = ${invited?.id}`,
    );
    expect(kept).toEqual({ state: 'not_sent', error: 'Кандидат не давал согласия на письма: сообщение не отправлено', job_id: null });
  });
});
