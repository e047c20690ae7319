import { DEFAULT_STAGES, REASONS_PER_TEAM_MAX } from '@hr/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { pipelineKit } from '../../../test/pipeline-stages-kit.ts';
import type { BuiltApp } from '../../app.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp({ REPLY_LIMIT_PER_HOUR: '1000' });
});
const kit = pipelineKit(() => built);

type Stage = { id: number; title: string; kind: string; count: number };
const body = (list: Stage[]) => ({ stages: list.map(({ id, title, kind }) => ({ id, title, kind })) });

describe('stages of a vacancy', () => {
  it('a new vacancy has the default stages and criteria; another team gets 404 on every call, a visitor 401', async () => {
    const owner = await kit.member();
    const stranger = await kit.member();
    const v = await kit.vacancy(owner.client);
    const res = (await owner.client.get(`/api/vacancy/${v}/stages`)).body.res;
    expect(res.stages.map((s: Stage) => ({ title: s.title, kind: s.kind }))).toEqual(DEFAULT_STAGES);
    expect(res.stages.every((s: Stage) => s.count === 0)).toBe(true);
    expect(res.criteria.length).toBeGreaterThan(0);

    const r = await kit.reply(v);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/vacancy/${v}/stages`],
      ['PUT', `/api/vacancy/${v}/stages`, body(res.stages)],
      ['GET', `/api/vacancy/${v}/board`],
      ['GET', `/api/vacancy/${v}/reply`],
      ['GET', `/api/vacancy/${v}/reply/${r}`],
      ['GET', `/api/vacancy/${v}/reply/${r}/history`],
      ['PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: res.stages[2].id }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await stranger.client.request(method, url, payload)).status, `${method} ${url}`).toBe(404);
      const anon = kit.visitor();
      await anon.csrf();
      expect((await anon.request(method, url, payload)).status, `${method} ${url} visitor`).toBe(401);
    }
    expect((await kit.placeOf(r)).status).toBe('new');
  });

  it('rename, reorder, add and delete keep every reply on its stage; the legacy status follows the stage', async () => {
    const lead = await kit.member(['has_vacancy', 'team_lead']);
    const mate = await kit.member([]);
    await kit.joinTeam(lead.id, mate.id);
    const v = await kit.vacancy(lead.client);
    const s = await kit.stages(lead.client, v);
    const [fresh, viewed, phone, interview, offer, hired, rejected] = s as [Stage, Stage, Stage, Stage, Stage, Stage, Stage];
    const ids = [await kit.reply(v), await kit.reply(v), await kit.reply(v), await kit.reply(v)];
    const reason = await kit.defaultReasonId();
    await mate.client.request('PATCH', `/api/vacancy/${v}/reply/${ids[1]}`, { stage_id: interview.id });
    await mate.client.request('PATCH', `/api/vacancy/${v}/reply/${ids[2]}`, { stage_id: phone.id });
    await mate.client.request('PATCH', `/api/vacancy/${v}/reply/${ids[3]}`, { stage_id: rejected.id, reason_id: reason });
    expect((await kit.placeOf(ids[1] as number)).status).toBe('invited');

    // «Интервью» first of the active stages, «Оффер» renamed, «Просмотрены» deleted (empty), a new stage.
    const next = {
      stages: [
        { id: fresh.id, title: fresh.title, kind: 'new' },
        { id: interview.id, title: interview.title, kind: 'active' },
        { title: 'Тестовое задание', kind: 'active' },
        { id: phone.id, title: phone.title, kind: 'active' },
        { id: offer.id, title: 'Предложение', kind: 'active' },
        { id: hired.id, title: hired.title, kind: 'hired' },
        { id: rejected.id, title: rejected.title, kind: 'rejected' },
      ],
    };
    const saved = await mate.client.request('PUT', `/api/vacancy/${v}/stages`, next);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Этапы сохранены');
    const after = saved.body.res.stages as Stage[];
    expect(after.map((x) => x.title)).toEqual([
      'Новые',
      'Интервью',
      'Тестовое задание',
      'Телефонное интервью',
      'Предложение',
      'Выход на работу',
      'Отказ',
    ]);
    expect(after.find((x) => x.id === viewed.id)).toBeUndefined();
    expect(after.map((x) => x.count)).toEqual([1, 1, 0, 1, 0, 0, 1]);

    expect(await kit.placeOf(ids[0] as number)).toEqual({ stageId: fresh.id, status: 'new', reasonId: null });
    // Still on «Интервью», now the first active stage: «Просмотрен» in the older words.
    expect(await kit.placeOf(ids[1] as number)).toEqual({ stageId: interview.id, status: 'viewed', reasonId: null });
    expect(await kit.placeOf(ids[2] as number)).toEqual({ stageId: phone.id, status: 'invited', reasonId: null });
    expect(await kit.placeOf(ids[3] as number)).toEqual({ stageId: rejected.id, status: 'rejected', reasonId: reason });
    // The list and the reply read the same.
    const list = (await lead.client.get(`/api/vacancy/${v}/reply`)).body.res;
    expect(list.counts).toMatchObject({ all: 4, new: 1, viewed: 1, invited: 1, rejected: 1 });
    // History keeps the titles of the moment.
    const history = (await lead.client.get(`/api/vacancy/${v}/reply/${ids[1]}/history`)).body.res.items;
    expect(history.at(-1).to).toMatchObject({ id: interview.id, title: 'Интервью' });
  });

  it('refuses to delete a stage holding replies, with the count in Russian', async () => {
    const owner = await kit.member();
    const v = await kit.vacancy(owner.client);
    const s = await kit.stages(owner.client, v);
    const interview = s[3] as Stage;
    for (let i = 0; i < 2; i++) {
      const r = await kit.reply(v);
      await owner.client.request('PATCH', `/api/vacancy/${v}/reply/${r}`, { stage_id: interview.id });
    }
    const res = await owner.client.request('PUT', `/api/vacancy/${v}/stages`, body(s.filter((x) => x.id !== interview.id)));
    expect(res.status).toBe(422);
    expect(res.body.errors?.stages).toEqual(['Этап «Интервью» нельзя удалить: в нём 2 отклика. Сначала перенесите их']);
    expect((await kit.stages(owner.client, v)).map((x) => x.id)).toEqual(s.map((x) => x.id));
    // Nor may it become the rejection (its replies have no reason); an empty one may.
    // `a` becomes the rejection and takes the place of `b`, which becomes a stage of work (the order stays valid).
    const swap = (a: string, b: string) => {
      const list = body(s).stages;
      const [ia, ib] = [list.findIndex((x) => x.title === a), list.findIndex((x) => x.title === b)];
      const next = [...list];
      next[ib] = { ...(list[ia] as Stage), kind: 'rejected' };
      next[ia] = { ...(list[ib] as Stage), kind: 'active' };
      return next;
    };
    const turned = await owner.client.request('PUT', `/api/vacancy/${v}/stages`, { stages: swap('Интервью', 'Отказ') });
    expect(turned.body.errors?.stages).toEqual([
      'Этап «Интервью» нельзя сделать отказом или вернуть из отказа: в нём 2 отклика. Сначала перенесите их',
    ]);
    expect((await owner.client.request('PUT', `/api/vacancy/${v}/stages`, { stages: swap('Оффер', 'Отказ') })).status).toBe(200);
  });

  it('needs exactly one new, hired and rejected stage, distinct titles, and only this vacancy’s ids', async () => {
    const owner = await kit.member();
    const v = await kit.vacancy(owner.client);
    const other = await kit.vacancy(owner.client);
    const s = await kit.stages(owner.client, v);
    const put = (b: unknown) => owner.client.request('PUT', `/api/vacancy/${v}/stages`, b);
    const twoNew = body(s).stages.map((x, i) => (i === 1 ? { ...x, kind: 'new' } : x));
    expect((await put({ stages: twoNew })).body.errors?.stages).toEqual([
      'Нужно ровно по одному этапу «Новые», «Выход на работу» и «Отказ»',
    ]);
    const noHired = body(s).stages.filter((x) => x.kind !== 'hired');
    expect((await put({ stages: noHired })).status).toBe(422);
    const twice = body(s).stages.map((x, i) => (i === 2 ? { ...x, title: 'интервью' } : x));
    expect((await put({ stages: twice })).body.errors?.stages).toEqual(['Два этапа не могут называться одинаково']);
    const empty = body(s).stages.map((x, i) => (i === 2 ? { ...x, title: '  ' } : x));
    expect((await put({ stages: empty })).body.errors?.stages).toEqual(['Назовите этап']);
    for (const missing of [{}, { stages: 'Новые' }, { stages: null }]) {
      const res = await put(missing);
      expect(res.status).toBe(422);
      expect(res.body.errors?.stages).toEqual(['Укажите этапы']);
    }
    // «Новые» first, «Выход на работу» and «Отказ» after every active stage (the funnel reads the list in order).
    const order = ['Первым идёт этап «Новые», последними — «Выход на работу» и «Отказ», рабочие этапы — между ними'];
    const list = body(s).stages;
    const newLater = [list[1], list[0], ...list.slice(2)];
    const hiredEarly = [list[0], list[5], ...list.slice(1, 5), list[6]];
    const rejectedEarly = [...list.slice(0, 3), list[6], ...list.slice(3, 6)];
    for (const stages of [newLater, hiredEarly, rejectedEarly]) expect((await put({ stages })).body.errors?.stages).toEqual(order);
    const outcomesSwapped = [...list.slice(0, 5), list[6], list[5]];
    expect((await put({ stages: outcomesSwapped })).status).toBe(200);
    expect((await put({ stages: list })).status).toBe(200);
    // The first opening and an invitation need an active stage to land on.
    const noActive = body(s).stages.filter((x) => x.kind !== 'active');
    expect((await put({ stages: noActive })).body.errors?.stages).toEqual([
      'Нужен хотя бы один рабочий этап между «Новыми» и «Выходом на работу»',
    ]);
    const foreign = (await kit.stages(owner.client, other))[2] as Stage;
    const withForeign = body(s).stages.map((x, i) => (i === 2 ? { ...x, id: foreign.id } : x));
    const res = await put({ stages: withForeign });
    expect(res.status).toBe(422);
    expect(res.body.errors?.stages).toEqual(['Этап не найден']);
    // Kinds may pass from one stage to another in one save («Просмотрены» becomes the first, «Новые» a stage of work).
    const swapped = body(s).stages.map((x) =>
      x.kind === 'new' ? { ...x, kind: 'active' } : x.title === 'Просмотрены' ? { ...x, kind: 'new' } : x,
    );
    expect((await put({ stages: [swapped[1], swapped[0], ...swapped.slice(2)] })).status).toBe(200);
    expect((await kit.stages(owner.client, v)).filter((x) => x.kind === 'new').map((x) => x.title)).toEqual(['Просмотрены']);
  });

  it('two saves at once leave one whole list (the vacancy row is the lock)', async () => {
    const owner = await kit.member();
    const v = await kit.vacancy(owner.client);
    const s = await kit.stages(owner.client, v);
    const a = body(s);
    a.stages.splice(1, 0, { title: 'Скрининг', kind: 'active' } as never);
    const b = body(s);
    b.stages.splice(2, 0, { title: 'Тестовое', kind: 'active' } as never);
    const [ra, rb] = await Promise.all([
      owner.client.request('PUT', `/api/vacancy/${v}/stages`, a),
      owner.client.request('PUT', `/api/vacancy/${v}/stages`, b),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const rows = await kit
      .db()
      .rows<{ position: number; kind: string }>(sql`select position, kind from vacancy_stages where vacancy_id = ${v} order by position`);
    // The later save is the whole list: its own new stage, the other's one gone.
    expect(rows.length).toBe(8);
    expect(new Set(rows.map((r) => r.position)).size).toBe(8);
    for (const kind of ['new', 'hired', 'rejected']) expect(rows.filter((r) => r.kind === kind)).toHaveLength(1);
  });

  it('a bulk move and a stage save at once never deadlock: both answer 200, the bulk’s replies on its stage', async () => {
    const owner = await kit.member();
    const v = await kit.vacancy(owner.client);
    for (let i = 0; i < 12; i++) await kit.reply(v);
    const s = await kit.stages(owner.client, v);
    // The bulk holds its stage (for share) and then records the action (a foreign key to the
    // vacancy): the save must not hold the vacancy's row against that key-share lock.
    for (let i = 0; i < 16; i++) {
      const target = s[1 + (i % 4)] as Stage;
      const [bulk, save] = await Promise.all([
        owner.client.request('POST', `/api/vacancy/${v}/reply/bulk`, { filter: {}, stage_id: target.id }),
        owner.client.request('PUT', `/api/vacancy/${v}/stages`, body(s)),
      ]);
      expect([bulk.status, save.status], JSON.stringify([bulk.body, save.body]).slice(0, 300)).toEqual([200, 200]);
      const counts = await kit.stages(owner.client, v);
      expect(counts.find((x) => x.id === target.id)?.count).toBe(12);
    }
  }, 60_000);
});

describe('stage save locks', () => {
  // PostgreSQL only: PGlite runs one transaction at a time.
  it.skipIf(!process.env.TEST_DATABASE_URL)('a save does not wait on a row being written that references the vacancy (a key-share lock)', async () => {
    const owner = await kit.member();
    const v = await kit.vacancy(owner.client);
    const s = await kit.stages(owner.client, v);
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from vacancies where id = $1 for key share', [v]);
      const saved = await Promise.race([
        owner.client.request('PUT', `/api/vacancy/${v}/stages`, body(s)),
        new Promise<{ status: string }>((resolve) => setTimeout(() => resolve({ status: 'waited' }), 5_000)),
      ]);
      expect(saved.status).toBe(200);
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
  });
});

describe('rejection reasons', () => {
  it('lists the defaults and the team’s own; adds one per team, refuses duplicates in any case; another team never sees it', async () => {
    const lead = await kit.member(['has_vacancy', 'team_lead']);
    const mate = await kit.member([]);
    await kit.joinTeam(lead.id, mate.id);
    const stranger = await kit.member();
    const list = (await mate.client.get('/api/vacancy/reasons')).body.res.items as { id: number; title: string; own: boolean }[];
    expect(list.length).toBeGreaterThanOrEqual(7);
    expect(list.every((r) => !r.own)).toBe(true);

    const title = `Не прошёл тестовое ${lead.id}`;
    const added = await mate.client.post('/api/vacancy/reasons', { title: `  ${title}  ` });
    expect(added.status).toBe(200);
    expect(added.body.res).toMatchObject({ title, own: true });
    expect((await lead.client.get('/api/vacancy/reasons')).body.res.items.some((r: { id: number }) => r.id === added.body.res.id)).toBe(
      true,
    );
    expect((await stranger.client.get('/api/vacancy/reasons')).body.res.items.some((r: { id: number }) => r.id === added.body.res.id)).toBe(
      false,
    );

    const same = await lead.client.post('/api/vacancy/reasons', { title: title.toUpperCase() });
    expect(same.status).toBe(422);
    expect(same.body.errors?.title).toEqual(['Такая причина уже есть']);
    expect((await lead.client.post('/api/vacancy/reasons', { title: 'не подходит опыт' })).body.errors?.title).toEqual([
      'Такая причина уже есть',
    ]);
    expect((await lead.client.post('/api/vacancy/reasons', { title: ' ' })).body.errors?.title).toEqual(['Напишите причину']);
    expect((await lead.client.post('/api/vacancy/reasons', {})).status).toBe(422);
    // The same title at once from two members: one of them.
    const race = `Гонка ${lead.id}`;
    const both = await Promise.all([
      lead.client.post('/api/vacancy/reasons', { title: race }),
      mate.client.post('/api/vacancy/reasons', { title: race }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    // A stranger's own reason may repeat the team's (it is theirs).
    expect((await stranger.client.post('/api/vacancy/reasons', { title })).status).toBe(200);
    expect((await kit.visitor().get('/api/vacancy/reasons')).status).toBe(401);
  });
  // PostgreSQL only: PGlite runs one transaction at a time.
  it.skipIf(!process.env.TEST_DATABASE_URL)('adding a reason does not wait on a row that references the lead (a key-share lock)', async () => {
    const lead = await kit.member(['has_vacancy', 'team_lead']);
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      // What a foreign key to the lead takes while another transaction writes a row that names them.
      await other.query('begin');
      await other.query('select 1 from users where id = $1 for key share', [lead.id]);
      const added = await Promise.race([
        lead.client.post('/api/vacancy/reasons', { title: `Не вышел на связь ${lead.id}` }),
        new Promise<{ status: string }>((resolve) => setTimeout(() => resolve({ status: 'waited' }), 5_000)),
      ]);
      expect(added.status).toBe(200);
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
  });

  it('at most REASONS_PER_TEAM_MAX of the team’s own, also when two are added at once', async () => {
    const lead = await kit.member(['has_vacancy', 'team_lead']);
    const mate = await kit.member([]);
    await kit.joinTeam(lead.id, mate.id);
    await kit
      .db()
      .db.execute(
        sql`insert into rejection_reasons (owner_id, title) select ${lead.id}, 'Причина ' || n from generate_series(1, ${REASONS_PER_TEAM_MAX - 1}) n`,
      );
    const both = await Promise.all([
      lead.client.post('/api/vacancy/reasons', { title: 'Последняя А' }),
      mate.client.post('/api/vacancy/reasons', { title: 'Последняя Б' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(both.find((r) => r.status === 422)?.body.errors?.title).toEqual([
      `У команды может быть не больше ${REASONS_PER_TEAM_MAX} своих причин`,
    ]);
  });
});

describe('the board', () => {
  it('every stage with its count and first cards; counts equal the list totals; has_more past per_stage', async () => {
    const owner = await kit.member();
    const v = await kit.vacancy(owner.client);
    const s = await kit.stages(owner.client, v);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await kit.reply(v));
    for (const id of ids.slice(0, 3))
      await owner.client.request('PATCH', `/api/vacancy/${v}/reply/${id}`, { stage_id: (s[2] as Stage).id });
    const board = await owner.client.get(`/api/vacancy/${v}/board?per_stage=2`);
    expect(board.status).toBe(200);
    const columns = board.body.res.columns as (Stage & { items: { id: number; fio: string; duplicate: boolean }[]; has_more: boolean })[];
    expect(columns.map((c) => c.id)).toEqual(s.map((x) => x.id));
    const phone = columns[2];
    expect(phone?.count).toBe(3);
    expect(phone?.items.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(phone?.has_more).toBe(true);
    expect(columns[0]?.items.map((c) => c.id)).toEqual([ids[4], ids[3]]);
    expect(columns[0]?.has_more).toBe(false);
    expect(phone?.items[0]).toMatchObject({ fio: 'Петрова Анна Сергеевна', source: 'reply', duplicate: false, reason: null });
    for (const c of columns) {
      const list = (await owner.client.get(`/api/vacancy/${v}/reply?stage_id=${c.id}&per_page=20`)).body.res;
      expect(list.total, c.title).toBe(c.count);
    }
    // The column's next page: the list by stage.
    const next = (await owner.client.get(`/api/vacancy/${v}/reply?stage_id=${phone?.id}&per_page=20`)).body.res;
    expect(next.data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(next.data[0]).toMatchObject({
      stage: { id: phone?.id, title: 'Телефонное интервью', kind: 'active' },
      status: 'invited',
      duplicate: false,
    });
    expect(next.stages.map((x: Stage) => x.count)).toEqual(columns.map((c) => c.count));
    expect((await owner.client.get(`/api/vacancy/${v}/board?per_stage=0`)).status).toBe(422);
    // Both filters at once, and a bad stage id.
    const both = (await owner.client.get(`/api/vacancy/${v}/reply?stage_id=${phone?.id}&status=invited`)).body.res;
    expect(both.total).toBe(3);
    expect((await owner.client.get(`/api/vacancy/${v}/reply?stage_id=${phone?.id}&status=new`)).body.res).toMatchObject({
      total: 0,
      data: [],
    });
    const bad = await owner.client.get(`/api/vacancy/${v}/reply?stage_id=abc`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.stage_id).toBeDefined();
    // Another vacancy's stage: an empty page.
    const other = await kit.vacancy(owner.client);
    const foreign = (await kit.stages(owner.client, other))[0] as Stage;
    expect((await owner.client.get(`/api/vacancy/${v}/reply?stage_id=${foreign.id}`)).body.res).toMatchObject({ total: 0, data: [] });
  });
});
