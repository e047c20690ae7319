import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume } from '../../../test/factories.ts';
import { createTestApp, type TestClient, uniqueEmail } from '../../../test/helpers.ts';
import { pipelineKit } from '../../../test/pipeline-stages-kit.ts';
import type { BuiltApp } from '../../app.ts';
import { contactOpenings } from '../../db/schema/index.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp({ REPLY_LIMIT_PER_HOUR: '1000', APP_URL: 'http://club.test' });
});
const kit = pipelineKit(() => built);

type Stage = { id: number; title: string; kind: string };
type HistoryItem = {
  event: string;
  by: { id: number } | null;
  from: { id: number | null; title: string } | null;
  to: { id: number | null; title: string; kind: string | null } | null;
  reason: string | null;
  message: { subject: string; body: string; state: string; state_title: string } | null;
  bulk: boolean;
  at: string;
};

async function setup() {
  const lead = await kit.member(['has_vacancy', 'team_lead']);
  const mate = await kit.member([]);
  await kit.joinTeam(lead.id, mate.id);
  const v = await kit.vacancy(lead.client);
  const stages = (await kit.stages(lead.client, v)) as Stage[];
  const byTitle = (t: string) => stages.find((s) => s.title === t) as Stage;
  return { lead, mate, v, stages, byTitle };
}

const historyOf = async (client: TestClient, v: number, r: number): Promise<HistoryItem[]> =>
  (await client.get(`/api/vacancy/${v}/reply/${r}/history`)).body.res.items;

describe('moving a reply', () => {
  it('the first opening sets «Просмотрены» and is recorded from «Новые»; a move is recorded with who, when, from, to', async () => {
    const { lead, mate, v, byTitle } = await setup();
    const r = await kit.reply(v);
    const opened = (await mate.client.get(`/api/vacancy/${v}/reply/${r}`)).body.res;
    expect(opened.stage).toEqual({ id: byTitle('Просмотрены').id, title: 'Просмотрены', kind: 'active' });
    expect(opened.status).toBe('viewed');
    expect(opened.stages.map((s: Stage) => s.title)).toContain('Оффер');
    expect(opened.timeline.at(-1)).toMatchObject({
      event: 'move',
      by: { id: mate.id },
      from: { title: 'Новые' },
      to: { title: 'Просмотрены' },
    });

    const before = Date.now();
    const moved = await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: byTitle('Интервью').id });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Отклик перенесён в «Интервью»');
    expect(moved.body.res).toMatchObject({ stage: { title: 'Интервью' }, status: 'invited', reason: null, message_state: null });
    const items = await historyOf(lead.client, v, r);
    expect(items.map((h) => [h.from?.title ?? null, h.to?.title])).toEqual([
      [null, 'Новые'],
      ['Новые', 'Просмотрены'],
      ['Просмотрены', 'Интервью'],
    ]);
    const last = items.at(-1) as HistoryItem;
    expect(last).toMatchObject({
      event: 'move',
      by: { id: lead.id },
      to: { id: byTitle('Интервью').id, kind: 'active' },
      reason: null,
      bulk: false,
    });
    expect(Date.parse(last.at)).toBeGreaterThanOrEqual(before - 5_000);
    // The same stage again, no message: nothing changes, nothing is recorded.
    await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: byTitle('Интервью').id });
    expect(await historyOf(lead.client, v, r)).toHaveLength(3);
    // Put back into «Новые» by a member, it stays there when opened again.
    await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: byTitle('Новые').id });
    const reopened = (await mate.client.get(`/api/vacancy/${v}/reply/${r}`)).body.res;
    expect(reopened).toMatchObject({ stage: { title: 'Новые' }, status: 'new' });
    expect(await historyOf(lead.client, v, r)).toHaveLength(4);
  });

  it('a rejection needs the team’s reason (422 errors.reason_id), and is recorded with it', async () => {
    const { lead, v, byTitle } = await setup();
    const stranger = await kit.member();
    const foreign = (await stranger.client.post('/api/vacancy/reasons', { title: `Чужая причина ${stranger.id}` })).body.res.id;
    const r = await kit.reply(v);
    const rejected = byTitle('Отказ').id;
    const patch = (b: unknown) => lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, b);

    const none = await patch({ stage_id: rejected });
    expect(none.status).toBe(422);
    expect(none.body.errors?.reason_id).toEqual(['Укажите причину отказа']);
    expect((await patch({ stage_id: rejected, reason_id: foreign })).body.errors?.reason_id).toEqual(['Причина не найдена']);
    expect((await patch({ stage_id: rejected, reason_id: 'x' })).status).toBe(422);
    expect((await patch({})).body.errors?.stage_id).toEqual(['Выберите этап']);
    const otherVacancy = await kit.vacancy(lead.client);
    const otherStage = ((await kit.stages(lead.client, otherVacancy)) as Stage[])[2] as Stage;
    expect((await patch({ stage_id: otherStage.id })).body.errors?.stage_id).toEqual(['Этап не найден']);
    expect((await kit.placeOf(r)).status).toBe('new');

    const own = (await lead.client.post('/api/vacancy/reasons', { title: `Не вышел на связь ${lead.id}` })).body.res;
    const done = await patch({ stage_id: rejected, reason_id: own.id });
    expect(done.status).toBe(200);
    expect(done.body.res).toMatchObject({ status: 'rejected', stage: { kind: 'rejected' }, reason: { id: own.id, title: own.title } });
    expect((await historyOf(lead.client, v, r)).at(-1)).toMatchObject({ to: { title: 'Отказ', kind: 'rejected' }, reason: own.title });
    // Out of the rejection, the reason goes.
    await patch({ stage_id: byTitle('Оффер').id });
    expect(await kit.placeOf(r)).toMatchObject({ status: 'invited', reasonId: null });
    const list = (await lead.client.get(`/api/vacancy/${v}/reply`)).body.res;
    expect(list.data[0]).toMatchObject({ id: r, reason: null, stage: { title: 'Оффер' } });
  });

  it('the legacy {status} lands on the stage it means; a legacy rejection needs a reason too', async () => {
    const { lead, v, byTitle } = await setup();
    const r = await kit.reply(v);
    const invited = await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { status: 'invited', message: 'Ждём вас в 11:00' });
    expect(invited.status).toBe(200);
    expect(invited.body.res.stage.id).toBe(byTitle('Телефонное интервью').id);
    expect(invited.body.res.message_state).toMatchObject({ state: 'queued', state_title: 'отправляется' });
    expect(invited.body.res.history.at(-1)).toMatchObject({ status: 'invited', by: { id: lead.id }, message: 'Ждём вас в 11:00' });
    // The worker may have sent it already.
    const letter = (await historyOf(lead.client, v, r)).at(-1)?.message;
    expect(letter?.body).toBe('Ждём вас в 11:00');
    expect(['queued', 'sent']).toContain(letter?.state);
    // Already «Приглашён» on «Интервью»: the legacy status keeps it there.
    await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: byTitle('Интервью').id });
    await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { status: 'invited' });
    expect((await kit.placeOf(r)).stageId).toBe(byTitle('Интервью').id);
    const bare = await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { status: 'rejected' });
    expect(bare.status).toBe(422);
    expect(bare.body.errors?.reason_id).toEqual(['Укажите причину отказа']);
    expect((await kit.placeOf(r)).stageId).toBe(byTitle('Интервью').id);
    const reason = await kit.defaultReasonId();
    const rejected = await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { status: 'rejected', reason_id: reason });
    expect(rejected.status).toBe(200);
    expect(rejected.body.res).toMatchObject({ status: 'rejected', stage: { id: byTitle('Отказ').id }, reason: { id: reason } });
    // Already rejected: the legacy status keeps it as it is, reason and all.
    expect((await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { status: 'rejected' })).status).toBe(200);
    expect((await kit.placeOf(r)).reasonId).toBe(reason);
    expect((await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { status: 'new' })).status).toBe(422);
  });

  it('a move with a template e-mails the candidate in the same transaction and keeps the message in the history', async () => {
    const { lead, v, byTitle } = await setup();
    const r = await kit.reply(v, 'Соколова Мария Ивановна');
    const [template] = await kit
      .db()
      .rows<{ id: number }>(sql`select id from message_templates where owner_id is null and kind = 'reject'`);
    const reason = await kit.defaultReasonId();
    const res = await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, {
      stage_id: byTitle('Отказ').id,
      reason_id: reason,
      template_id: template?.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.res.message_state).toMatchObject({ state: 'queued' });
    const last = (await historyOf(lead.client, v, r)).at(-1) as HistoryItem;
    expect(last.event).toBe('move');
    expect(last.message?.body).toContain('Здравствуйте, Мария!');
    // A bad template rolls the move back.
    const r2 = await kit.reply(v);
    const bad = await lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r2}`, {
      stage_id: byTitle('Отказ').id,
      reason_id: reason,
      template_id: 2_000_000_000,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.template_id).toBeDefined();
    expect((await kit.placeOf(r2)).status).toBe('new');
  });

  it('a letter to an invited club resume reads in the history and on the reply page only as its card would to each member', async () => {
    // The lead may not see candidates' names; the member with open_contact opened this one's contacts and writes to her.
    const lead = await kit.member(['has_vacancy', 'team_lead']);
    const writer = await kit.member(['has_vacancy', 'open_contact']);
    await kit.joinTeam(lead.id, writer.id);
    const v = await kit.vacancy(writer.client);
    const email = uniqueEmail('club');
    const resume = await createResume(kit.db(), { firstName: 'Марина', lastName: 'Засекреченная', middleName: 'Олеговна', email });
    await kit.db().db.insert(contactOpenings).values({ resumeId: resume.id, userId: writer.id, day: '2025-01-01', charged: true });
    expect((await writer.client.post(`/api/vacancy/${v}/invite`, { resume_hash: resume.hash })).status).toBe(200);
    const [row] = await kit.db().rows<{ id: number }>(sql`select id from vacancy_replies where vacancy_id = ${v} and resume_id = ${resume.id}`);
    const r = Number(row?.id);
    const stages = (await kit.stages(writer.client, v)) as Stage[];
    const [template] = await kit.db().rows<{ id: number }>(sql`select id from message_templates where owner_id is null and kind = 'invite'`);
    const moved = await writer.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: stages[3]?.id, template_id: template?.id });
    expect(moved.status).toBe(200);
    expect(moved.body.res.message_state).toMatchObject({ state: 'queued' });
    const typed = await writer.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, {
      stage_id: stages[4]?.id,
      subject: 'Марина Засекреченная, оффер',
      message: `Марина Олеговна, пришлите подтверждение на ${email}.`,
    });
    expect(typed.status).toBe(200);

    const texts = async (client: TestClient) => {
      const history = JSON.stringify((await client.get(`/api/vacancy/${v}/reply/${r}/history`)).body.res.items);
      const page = (await client.get(`/api/vacancy/${v}/reply/${r}`)).body.res;
      return { history, page: JSON.stringify({ history: page.history, timeline: page.timeline }) };
    };
    const seen = await texts(writer.client);
    expect(seen.history).toContain('Здравствуйте, Марина!');
    expect(seen.history).toContain(email);
    expect(seen.page).toContain('Засекреченная');
    const blind = await texts(lead.client);
    for (const text of [blind.history, blind.page]) {
      expect(text).toContain('[скрыто]');
      for (const secret of ['Марина', 'Засекреч', 'Олеговна', email]) expect(text).not.toContain(secret);
    }
    // A public reply is the team's in full: nothing of its letters is hidden from the lead.
    const own = await kit.reply(v, 'Соколова Мария Ивановна');
    await writer.client.request('PATCH', `/api/vacancy/${v}/reply/${own}`, { stage_id: stages[3]?.id, template_id: template?.id });
    expect(JSON.stringify((await lead.client.get(`/api/vacancy/${v}/reply/${own}/history`)).body.res.items)).toContain('Здравствуйте, Мария!');
  });

  it('two moves of one reply at once leave one consistent state and at most two records', async () => {
    const { lead, mate, v, byTitle } = await setup();
    const r = await kit.reply(v);
    const before = (await historyOf(lead.client, v, r)).length;
    const targets = [byTitle('Интервью').id, byTitle('Оффер').id];
    const answers = await Promise.all([
      lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: targets[0] }),
      mate.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: targets[1] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const place = await kit.placeOf(r);
    expect(targets).toContain(place.stageId);
    const items = await historyOf(lead.client, v, r);
    expect(items.length - before).toBeLessThanOrEqual(2);
    expect(items.at(-1)?.to?.id).toBe(place.stageId);
    // The records chain: each move starts where the one before ended.
    for (let i = 1; i < items.length; i++) expect(items[i]?.from?.id).toBe(items[i - 1]?.to?.id);
    // Both to the same stage at once: one record.
    const same = await Promise.all([
      lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: byTitle('Выход на работу').id }),
      mate.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: byTitle('Выход на работу').id }),
    ]);
    expect(same.map((a) => a.status)).toEqual([200, 200]);
    expect((await historyOf(lead.client, v, r)).length).toBe(items.length + 1);
  });

  it('a move into a stage being deleted at that moment: one of them refuses with 422, never a broken row', async () => {
    const { lead, mate, v, stages } = await setup();
    for (let i = 0; i < 3; i++) {
      const r = await kit.reply(v);
      const target = stages.find((s) => s.title === 'Оффер') as Stage;
      const rest = stages.filter((s) => s.id !== target.id).map(({ id, title, kind }) => ({ id, title, kind }));
      const [move, save] = await Promise.all([
        lead.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: target.id }),
        mate.client.request('PUT', `/api/vacancy/${v}/stages`, { stages: rest }),
      ]);
      expect([move.status, save.status].sort()).toEqual([200, 422]);
      const place = await kit.placeOf(r);
      if (move.status === 200) {
        expect(place.stageId).toBe(target.id);
        break;
      }
      expect(place.status).toBe('new');
      // Put «Оффер» back for the next round.
      const now = (await kit.stages(lead.client, v)).map(({ id, title, kind }) => ({ id, title, kind }));
      now.splice(4, 0, { title: 'Оффер', kind: 'active' } as never);
      await lead.client.request('PUT', `/api/vacancy/${v}/stages`, { stages: now });
      stages.splice(0, stages.length, ...((await kit.stages(lead.client, v)) as Stage[]));
    }
  });
});
