import { randomInt } from 'node:crypto';
import { consentVersion } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from '../../../test/factories.ts';
import { createTestApp, registeredMember, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';

// Analytics from a known history: replies and their moves written at known times, every figure asserted.
let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp({ REPLY_LIMIT_PER_HOUR: '1000' });
});

const db = () => built.ctx.database;
const DESCRIPTION = `<p>${'Ищем специалиста по подбору персонала в растущую команду, белая зарплата. '.repeat(4)}</p>`;
const DAY = 86_400_000;

async function member() {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, ['has_vacancy']);
  return m;
}

async function createVacancy(client: TestClient, title: string): Promise<number> {
  const res = await client.post('/api/vacancy', { title, city: '1069', skills: ['Подбор персонала'], description: DESCRIPTION, status: 'published' });
  if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res.id as number;
}

async function publicReply(vacancyId: number, extra: Record<string, unknown> = {}) {
  const client = new TestClient(built.app, `10.9.${randomInt(0, 255)}.${randomInt(1, 255)}`);
  return client.post(`/api/vacancy/${vacancyId}/reply`, {
    fio: 'Соколова Ирина Павловна',
    phone: uniquePhone(),
    email: uniqueEmail('cand'),
    consent: true,
    consent_version: consentVersion('reply'),
    resume_text: 'Пять лет в подборе персонала.',
    ...extra,
  });
}

type Stages = Record<'new' | 'viewed' | 'phone' | 'interview' | 'offer' | 'hired' | 'rejected', number>;
async function stagesOf(vacancyId: number): Promise<Stages> {
  const rows = await db().rows<{ id: number }>(sql`select id from vacancy_stages where vacancy_id = ${vacancyId} order by position`);
  const [n, v, p, i, o, h, r] = rows.map((s) => Number(s.id)) as number[];
  return { new: n, viewed: v, phone: p, interview: i, offer: o, hired: h, rejected: r } as Stages;
}

/**
 * A reply that arrived at `at` by `channel`, then moved as `moves` say ([stage, days after arriving]);
 * it ends in the last move's stage (or `now`, with `reason`). The history written here replaces the
 * one the public reply recorded.
 */
async function replyWithHistory(
  vacancyId: number,
  at: string,
  channel: string,
  moves: [number, number][],
  now?: { stage: number; reason?: number },
): Promise<number> {
  const res = await publicReply(vacancyId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = Number(res.body.res.id);
  const arrived = Date.parse(at);
  await db().rows(sql`delete from vacancy_reply_history where reply_id = ${id}`);
  for (const [stage, days] of moves) {
    const when = new Date(arrived + days * DAY).toISOString();
    await db().rows(sql`insert into vacancy_reply_history (reply_id, status, event, to_stage_id, bulk_id, created_at)
      values (${id}, reply_status_for_stage(${stage}), 'move', ${stage}, null, ${when}::timestamptz)`);
  }
  const stage = now?.stage ?? moves.at(-1)?.[0];
  await db().rows(sql`update vacancy_replies set created_at = ${new Date(arrived).toISOString()}::timestamptz, channel = ${channel},
    stage_id = ${stage}, reason_id = ${now?.reason ?? null} where id = ${id}`);
  return id;
}

async function reasonId(title: string): Promise<number> {
  const [row] = await db().rows<{ id: number }>(sql`select id from rejection_reasons where owner_id is null and title = ${title}`);
  return Number(row?.id);
}

/** A bulk move of `ids` to `stageId`, undone at once through the API. */
async function bulkMovedAndUndone(client: TestClient, vacancyId: number, ids: number[], stageId: number) {
  const bulk = await client.post(`/api/vacancy/${vacancyId}/reply/bulk`, { ids, stage_id: stageId });
  expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
  expect(bulk.body.res.changed).toBe(ids.length);
  const undo = await client.post(`/api/vacancy/${vacancyId}/reply/bulk/undo`, { undo_token: bulk.body.res.undo_token });
  expect(undo.status, JSON.stringify(undo.body)).toBe(200);
}

describe('vacancy analytics from a known history', () => {
  let owner: Awaited<ReturnType<typeof member>>;
  let v1: number;
  let v2: number;
  let s: Stages;

  beforeAll(async () => {
    owner = await member();
    v1 = await createVacancy(owner.client, 'Рекрутер в IT');
    v2 = await createVacancy(owner.client, 'HR-бизнес-партнёр');
    s = await stagesOf(v1);
    const experience = await reasonId('Не подходит опыт');
    // A: 23:30 in Moscow on Oct 1; Новые → Просмотрены → (a jump) Оффер → Выход на работу on day 5.
    await replyWithHistory(v1, '2026-10-01T20:30:00Z', 'site', [[s.new, 0], [s.viewed, 1], [s.offer, 3], [s.hired, 5]]);
    // B: 00:30 in Moscow on Oct 2 (across midnight from A), from Telegram; rejected on day 3.
    await replyWithHistory(v1, '2026-10-01T21:30:00Z', 'telegram', [[s.new, 0], [s.viewed, 2], [s.rejected, 3]], { stage: s.rejected, reason: experience });
    // C: invited from the base; jumped to Телефонное интервью, still there.
    await replyWithHistory(v1, '2026-10-02T10:00:00Z', 'invite', [[s.new, 0], [s.phone, 1]]);
    // D: from Telegram; moved to Интервью by a bulk action, undone.
    const d = await replyWithHistory(v1, '2026-10-03T12:00:00Z', 'telegram', [[s.new, 0]]);
    await bulkMovedAndUndone(owner.client, v1, [d], s.interview);
    // E: Новые → Просмотрены (half a day) → Интервью → Выход на работу on day 4.5.
    await replyWithHistory(v1, '2026-10-03T13:00:00Z', 'site', [[s.new, 0], [s.viewed, 0.5], [s.interview, 1.5], [s.hired, 4.5]]);
    // The second vacancy: one reply straight to Выход на работу in 10 days.
    const s2 = await stagesOf(v2);
    await replyWithHistory(v2, '2026-10-02T09:00:00Z', 'site', [[s2.new, 0], [s2.hired, 10]]);
  });

  it('counts every figure of the vacancy exactly', async () => {
    const res = await owner.client.get(`/api/vacancy/${v1}/analytics?from=2026-09-30&to=2026-10-04`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.res;
    expect(a.vacancy).toEqual({ id: v1, title: 'Рекрутер в IT' });
    expect(a.period).toEqual({ from: '2026-09-30', to: '2026-10-04' });
    expect(a.replies_per_day).toEqual([
      { day: '2026-09-30', count: 0 },
      { day: '2026-10-01', count: 1 },
      { day: '2026-10-02', count: 2 },
      { day: '2026-10-03', count: 2 },
      { day: '2026-10-04', count: 0 },
    ]);
    expect({ replies: a.replies, hired: a.hired, rejected: a.rejected }).toEqual({ replies: 5, hired: 2, rejected: 1 });
    // Reached: the jumps count for the stages between; the undone bulk move does not; Отказ is no step.
    expect(a.funnel.map((f: { stage: string; reached: number; share: number }) => [f.stage, f.reached, f.share])).toEqual([
      ['Новые', 5, 1],
      ['Просмотрены', 4, 0.8],
      ['Телефонное интервью', 3, 0.6],
      ['Интервью', 2, 0.4],
      ['Оффер', 2, 0.4],
      ['Выход на работу', 2, 0.4],
    ]);
    expect(a.funnel[0].stage_id).toBe(s.new);
    expect(a.conversion).toEqual([
      { from: 'Новые', to: 'Просмотрены', rate: 0.8 },
      { from: 'Просмотрены', to: 'Телефонное интервью', rate: 0.75 },
      { from: 'Телефонное интервью', to: 'Интервью', rate: 0.667 },
      { from: 'Интервью', to: 'Оффер', rate: 1 },
      { from: 'Оффер', to: 'Выход на работу', rate: 1 },
    ]);
    // Ended stays only: Новые 1, 2, 1, 0.5; Просмотрены 2, 1, 1; Интервью 3; Оффер 2.
    expect(a.median_days_in_stage.map((m: { stage: string; days: number | null; stays: number }) => [m.stage, m.days, m.stays])).toEqual([
      ['Новые', 1, 4],
      ['Просмотрены', 1, 3],
      ['Телефонное интервью', null, 0],
      ['Интервью', 3, 1],
      ['Оффер', 2, 1],
      ['Выход на работу', null, 0],
    ]);
    // Hired on days 5 and 4.5: the median 4.75, shown to a tenth.
    expect(a.days_to_fill).toBe(4.8);
    expect(a.sources).toEqual([
      { channel: 'site', title: 'Публичная страница', count: 2 },
      { channel: 'telegram', title: 'Ссылка в Telegram', count: 2 },
      { channel: 'invite', title: 'Приглашён из базы', count: 1 },
      { channel: 'other', title: 'Другое', count: 0 },
    ]);
    expect(a.reasons).toEqual([{ reason: 'Не подходит опыт', count: 1 }]);
  });

  it('takes the replies that arrived in the period, Moscow days: Oct 2 leaves out A (23:30 on Oct 1)', async () => {
    const a = (await owner.client.get(`/api/vacancy/${v1}/analytics?from=2026-10-02&to=2026-10-02`)).body.res;
    expect(a.replies_per_day).toEqual([{ day: '2026-10-02', count: 2 }]);
    expect(a.replies).toBe(2);
    expect(a.funnel.map((f: { reached: number }) => f.reached)).toEqual([2, 2, 1, 0, 0, 0]);
    expect(a.conversion.at(-1)).toEqual({ from: 'Оффер', to: 'Выход на работу', rate: null });
    expect(a.days_to_fill).toBeNull();
    expect(a.hired).toBe(0);
  });

  it('a bulk move that stuck counts; undone, it does not', async () => {
    const own = await member();
    const v = await createVacancy(own.client, 'Менеджер по персоналу');
    const st = await stagesOf(v);
    const kept = await replyWithHistory(v, '2026-10-05T09:00:00Z', 'site', [[st.new, 0]]);
    const undone = await replyWithHistory(v, '2026-10-05T10:00:00Z', 'site', [[st.new, 0]]);
    const bulk = await own.client.post(`/api/vacancy/${v}/reply/bulk`, { ids: [kept], stage_id: st.offer });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    await bulkMovedAndUndone(own.client, v, [undone], st.offer);
    const a = (await own.client.get(`/api/vacancy/${v}/analytics?from=2026-10-05&to=2026-10-05`)).body.res;
    expect(a.funnel.map((f: { reached: number }) => f.reached)).toEqual([2, 1, 1, 1, 1, 0]);
    // The kept reply's stay in Новые ended with the bulk move (weeks after it arrived); the other is still there.
    expect(a.median_days_in_stage[0].stays).toBe(1);
  });

  it('without a period: from the first day of the vacancy or its first reply, to today', async () => {
    const a = (await owner.client.get(`/api/vacancy/${v1}/analytics`)).body.res;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
    expect(a.period).toEqual({ from: '2026-10-01', to: today });
    expect(a.replies).toBe(5);
    expect(a.replies_per_day.length).toBe(Math.round((Date.parse(today) - Date.parse('2026-10-01')) / DAY) + 1);
  });

  it("sums the team's vacancies by stage title and lists each vacancy", async () => {
    // The second vacancy calls its fourth stage otherwise: a row of its own, beside «Интервью».
    await db().rows(sql`update vacancy_stages set title = 'Собеседование' where vacancy_id = ${v2} and position = 3`);
    const res = await owner.client.get('/api/vacancy/analytics?from=2026-09-30&to=2026-10-04');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const t = res.body.res;
    expect({ replies: t.replies, hired: t.hired, rejected: t.rejected, days_to_fill: t.days_to_fill }).toEqual({ replies: 6, hired: 3, rejected: 1, days_to_fill: 5 });
    expect(t.funnel.map((f: { stage: string; reached: number; stage_id: null }) => [f.stage, f.reached, f.stage_id])).toEqual([
      ['Новые', 6, null],
      ['Просмотрены', 5, null],
      ['Телефонное интервью', 4, null],
      ['Интервью', 2, null],
      ['Собеседование', 1, null],
      ['Оффер', 3, null],
      ['Выход на работу', 3, null],
    ]);
    expect(t.replies_per_day.map((d: { count: number }) => d.count)).toEqual([0, 1, 3, 2, 0]);
    expect(t.sources.find((x: { channel: string }) => x.channel === 'site').count).toBe(3);
    expect(t.vacancies).toEqual([
      { id: v2, title: 'HR-бизнес-партнёр', status: 'published', replies: 1, hired: 1, days_to_fill: 10, conversion_to_hire: 1 },
      { id: v1, title: 'Рекрутер в IT', status: 'published', replies: 5, hired: 2, days_to_fill: 4.8, conversion_to_hire: 0.4 },
    ]);
  });

  it('a CSV of the vacancy: BOM, semicolons, Russian headings, an RFC 5987 file name', async () => {
    const res = await built.app.inject({
      method: 'GET',
      url: `/api/vacancy/${v1}/analytics?from=2026-09-30&to=2026-10-04&format=csv`,
      headers: { cookie: [...owner.client.cookies].map(([k, c]) => `${k}=${c.value}`).join('; ') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.csv"; filename\*=UTF-8''%D0%90%D0%BD%D0%B0%D0%BB%D0%B8%D1%82%D0%B8%D0%BA%D0%B0/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Раздел;Показатель;Значение;Доля (%)');
    expect(lines).toContain('Вакансия;Рекрутер в IT;' + v1 + ';');
    expect(lines).toContain('Период;С;30.09.2026;');
    expect(lines).toContain('Итого;Откликов;5;');
    expect(lines).toContain('Итого;Вышли на работу;2;40');
    expect(lines).toContain('Итого;Дней до закрытия (медиана);"4,8";');
    expect(lines).toContain('Воронка;Просмотрены;4;80');
    expect(lines).toContain('Конверсия;Телефонное интервью → Интервью;;"66,7"');
    expect(lines).toContain('Дней на этапе (медиана);Интервью;3;');
    expect(lines).toContain('Источники;Ссылка в Telegram;2;40');
    expect(lines).toContain('Причины отказа;Не подходит опыт;1;100');
    expect(lines).toContain('Отклики по дням;02.10.2026;2;');
  });

  it("a CSV of the team: the figures, then the vacancies' table", async () => {
    const res = await built.app.inject({
      method: 'GET',
      url: '/api/vacancy/analytics?from=2026-09-30&to=2026-10-04&format=csv',
      headers: { cookie: [...owner.client.cookies].map(([k, c]) => `${k}=${c.value}`).join('; ') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const lines = res.body.slice(1).split('\r\n');
    expect(lines).toContain('Воронка;Новые;6;100');
    const table = lines.indexOf('Вакансия;Статус;Откликов;Вышли на работу;Дней до закрытия (медиана);Конверсия в выход (%)');
    expect(table).toBeGreaterThan(0);
    expect(lines.slice(table + 1, table + 3)).toEqual(['HR-бизнес-партнёр;Опубликована;1;1;10;100', 'Рекрутер в IT;Опубликована;5;2;"4,8";40']);
  });

  it("another team's vacancy is not found; a visitor is asked to sign in; a bad period is refused in Russian", async () => {
    const stranger = await member();
    expect((await stranger.client.get(`/api/vacancy/${v1}/analytics`)).status).toBe(404);
    expect((await stranger.client.get(`/api/vacancy/${v1}/analytics?format=csv`)).status).toBe(404);
    const theirs = (await stranger.client.get('/api/vacancy/analytics?from=2026-09-30&to=2026-10-04')).body.res;
    expect(theirs.replies).toBe(0);
    expect(theirs.vacancies).toEqual([]);
    expect((await new TestClient(built.app).get(`/api/vacancy/${v1}/analytics`)).status).toBe(401);
    const bad = await owner.client.get(`/api/vacancy/${v1}/analytics?from=2026-10-05&to=2026-10-01`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.from).toEqual(['Начало периода позже его конца']);
    const notADay = await owner.client.get(`/api/vacancy/${v1}/analytics?from=2026-02-30`);
    expect(notADay.status).toBe(422);
    expect(notADay.body.errors?.from).toEqual(['Укажите дату в формате ГГГГ-ММ-ДД']);
    const format = await owner.client.get(`/api/vacancy/${v1}/analytics?format=xml`);
    expect(format.status).toBe(422);
    expect(format.body.errors?.format).toEqual(['Формат выгрузки: csv']);
    const long = await owner.client.get(`/api/vacancy/${v1}/analytics?from=2000-01-01&to=2026-01-01`);
    expect(long.status).toBe(422);
    expect(long.body.errors?.from).toEqual(['Выберите период не длиннее 10 лет']);
  });
});

describe('where a public reply came from', () => {
  it('stores `telegram` when the page was opened from the share, `site` by default, and refuses anything else', async () => {
    const owner = await member();
    const v = await createVacancy(owner.client, 'Рекрутер');
    const tg = await publicReply(v, { channel: 'telegram' });
    expect(tg.status, JSON.stringify(tg.body)).toBe(200);
    const plain = await publicReply(v);
    expect(plain.status).toBe(200);
    const rows = await db().rows<{ id: number; channel: string }>(sql`select id, channel from vacancy_replies where vacancy_id = ${v} order by id`);
    expect(rows.map((r) => [Number(r.id), r.channel])).toEqual([
      [tg.body.res.id, 'telegram'],
      [plain.body.res.id, 'site'],
    ]);
    // A visitor cannot claim an invitation (or anything unknown).
    for (const forged of ['invite', 'other', 'yandex']) {
      const res = await publicReply(v, { channel: forged });
      expect(res.status).toBe(422);
      expect(res.body.errors?.channel).toEqual(['Неизвестный источник отклика']);
    }
    const a = (await owner.client.get(`/api/vacancy/${v}/analytics`)).body.res;
    expect(a.sources.slice(0, 2).map((x: { count: number }) => x.count)).toEqual([1, 1]);
  });
});
