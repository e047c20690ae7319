import { ANALYTICS_MSG, REPLY_CHANNEL_TITLES, REPLY_CHANNELS, type ReplyChannel, type TeamAnalytics, type VacancyAnalytics } from '@hr/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/app-error.ts';
import { teamOf, vacancyForTeam } from '../vacancy/vacancy.access.ts';
import { rowsIn } from './pipeline.db.ts';

/**
 * Vacancy and team analytics (PRODUCT 11) from the recorded moves (`vacancy_reply_history`, event
 * `move`) and the replies; the definitions («reached», stays, the period) are in the contract's
 * analytics.ts. A fixed number of statements whatever the number of replies, stages or vacancies: the
 * period's bounds, the stages, the replies' counts, everything the moves tell (and the team's list).
 *
 * A bulk action undone leaves no move behind for the replies it put back: the undo deletes those
 * records (or turns the ones that carried a letter into messages; bulk.service.ts), so the funnel is
 * as if it never happened; a reply the undo could not put back (moved again since) keeps its move.
 */

/** The longest period asked for (its days are listed one by one). */
const MAX_PERIOD_DAYS = 3700;
const ZONE = sql.raw(`'Europe/Moscow'`);

type Period = { from: string; to: string };
type StageRow = { id: number; vacancy_id: number; position: number; title: string; kind: string };
type Figures = Omit<VacancyAnalytics, 'vacancy'>;

/** YYYY-MM-DD of the day after `day` (calendar arithmetic: the days of Moscow have no DST). */
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const tenth = (x: number | string | null | undefined): number | null => (x == null ? null : Math.round(Number(x) * 10) / 10);
const ratio = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);

/** The period asked for, its missing ends filled: the first day of `scope`'s vacancies (or its first reply) and today. */
async function periodOf(ctx: AppContext, vacancyIds: SQL, asked: Partial<Period>): Promise<Period> {
  const [row] = await ctx.database.rows<{ first: string | null; today: string }>(sql`
    select to_char(least(
        (select min(v.created_at) from vacancies v where v.id in ${vacancyIds}),
        (select min(r.created_at) from vacancy_replies r where r.vacancy_id in ${vacancyIds})
      ) at time zone ${ZONE}, 'YYYY-MM-DD') as first,
      to_char(now() at time zone ${ZONE}, 'YYYY-MM-DD') as today`);
  const today = row?.today ?? new Date().toISOString().slice(0, 10);
  let to = asked.to ?? today;
  let from = asked.from ?? row?.first ?? today;
  if (from > to) {
    if (asked.from) to = from;
    else from = to;
  }
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) throw fieldError('from', ANALYTICS_MSG.periodLong);
  return { from, to };
}

type FunnelKey = { key: string; stage_id: number | null; stage: string; kind: string; position: number; at: Map<number, number> };

/**
 * The funnel's rows: one per stage (a vacancy) or per title (the team), rejection stages left out, in
 * order; `at` gives, per vacancy, the position of the row's stage there (the first, should a title repeat).
 */
function funnelKeys(stages: StageRow[], byTitle: boolean): FunnelKey[] {
  const keys = new Map<string, FunnelKey>();
  for (const s of stages) {
    if (s.kind === 'rejected') continue;
    const key = byTitle ? s.title : String(s.id);
    const position = Number(s.position);
    let row = keys.get(key);
    if (!row) {
      row = { key, stage_id: byTitle ? null : Number(s.id), stage: s.title, kind: s.kind, position, at: new Map() };
      keys.set(key, row);
    }
    row.position = Math.min(row.position, position);
    const vacancy = Number(s.vacancy_id);
    row.at.set(vacancy, Math.min(row.at.get(vacancy) ?? position, position));
  }
  return [...keys.values()].sort((a, b) => a.position - b.position || a.stage.localeCompare(b.stage, 'ru'));
}

/** Replies that reached `row`: those of each vacancy whose furthest position is at or past the row's stage there. */
function reachedOf(row: FunnelKey, reach: MoveRow[]): number {
  let n = 0;
  for (const r of reach) {
    const at = row.at.get(Number(r.key));
    if (at !== undefined && r.pos != null && Number(r.pos) >= at) n += Number(r.n);
  }
  return n;
}

type MoveRow = { k: 'reach' | 'stay' | 'fill' | 'fill_all'; key: string; pos: number | null; n: number; days: number | null };
type CountRow = { k: 'day' | 'channel' | 'reason' | 'vacancy'; key: string; n: number };

/**
 * The moves' statement. On PostgreSQL it runs without JIT (compiling it cost more than the whole
 * statement's work on 100,000 moves) and with room to sort the moves in memory instead of on disk.
 */
async function movesRows(ctx: AppContext, query: SQL): Promise<MoveRow[]> {
  if (ctx.database.kind !== 'postgres') return ctx.database.rows<MoveRow>(query);
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`);
    return rowsIn<MoveRow>(tx, query);
  });
}

/** Every figure of the replies of `vacancyIds` that arrived in `period`; `byTitle` sums stages by title. */
async function figuresOf(ctx: AppContext, vacancyIds: SQL, period: Period, byTitle: boolean) {
  const since = sql`(${period.from}::date)::timestamp at time zone ${ZONE}`;
  const until = sql`(${nextDay(period.to)}::date)::timestamp at time zone ${ZONE}`;
  const inPeriod = sql`r.vacancy_id in ${vacancyIds} and r.created_at >= ${since} and r.created_at < ${until}`;
  const key = byTitle ? sql`s.title` : sql`s.id::text`;

  const [stages, counts, moves] = await Promise.all([
    ctx.database.rows<StageRow>(
      sql`select id, vacancy_id, position, title, kind from vacancy_stages where vacancy_id in ${vacancyIds} order by position, id`,
    ),
    ctx.database.rows<CountRow>(sql`
      with r as (select r.id, r.vacancy_id, r.created_at, r.channel, r.stage_id, r.reason_id from vacancy_replies r where ${inPeriod})
      select 'day' as k, to_char(r.created_at at time zone ${ZONE}, 'YYYY-MM-DD') as key, count(*)::int as n from r group by 2
      union all select 'channel', r.channel, count(*)::int from r group by 2
      union all select 'vacancy', r.vacancy_id::text, count(*)::int from r group by 2
      union all select 'reason', coalesce(rr.title, ''), count(*)::int
        from r join vacancy_stages s on s.id = r.stage_id and s.kind = 'rejected'
        left join rejection_reasons rr on rr.id = r.reason_id group by 2`),
    movesRows(ctx, sql`
      with r as (select r.id, r.vacancy_id, r.created_at, r.stage_id from vacancy_replies r where ${inPeriod}),
      st as (select id, vacancy_id, position, kind, ${key} as key from vacancy_stages s where vacancy_id in ${vacancyIds}),
      -- The moves, read once (both uses below take them from here); the replies read from their table,
      -- not from r, so that the planner hashes the 10,000 replies rather than the 100,000 moves.
      m as materialized (
        select h.reply_id, h.id, h.created_at, h.to_stage_id as stage_id,
          case when s.kind <> 'rejected' then s.position end as pos, h.to_kind = 'hired' as hired
        from vacancy_replies r join vacancy_reply_history h on h.reply_id = r.id join st s on s.id = h.to_stage_id
        where ${inPeriod} and h.event = 'move'
      ),
      far as (select reply_id, max(pos) as pos, min(created_at) filter (where hired) as hired_at from m group by reply_id),
      -- Each reply: the furthest position it reached (its moves, its stage now, its vacancy's first
      -- stage; rejection stages never count) and the days from arriving to its first hiring move.
      reach as (
        select r.vacancy_id, greatest(f.pos, cur.position, np.position) as pos, extract(epoch from f.hired_at - r.created_at) / 86400 as fill_days
        from r left join far f on f.reply_id = r.id
        left join st cur on cur.id = r.stage_id and cur.kind <> 'rejected'
        left join st np on np.vacancy_id = r.vacancy_id and np.kind = 'new'
      ),
      -- Stays: a run of moves into the same stage is one stay, ended by the next move elsewhere.
      seq as (select reply_id, created_at, id, stage_id, lag(stage_id) over (partition by reply_id order by created_at, id) as prev from m),
      stay as (
        select stage_id, lead(created_at) over (partition by reply_id order by created_at, id) - created_at as took
        from seq where prev is distinct from stage_id
      ),
      -- The stays' lengths counted per distinct length (few, next to the stays), then the median as
      -- percentile_cont(0.5) takes it: the middle value, or halfway between the two middle ones.
      hist as (
        select s.key, (extract(epoch from t.took) / 86400)::float8 as d, sum(t.n) as n
        from (select stage_id, took, count(*) as n from stay where took is not null group by 1, 2) t
        join st s on s.id = t.stage_id and s.kind <> 'rejected' group by 1, 2
      ),
      cum as (select key, d, sum(n) over (partition by key order by d) as upto, sum(n) over (partition by key) as total from hist),
      med as (
        select key, total, min(d) filter (where upto > floor((total - 1) / 2.0)) as lo, min(d) filter (where upto > ceil((total - 1) / 2.0)) as hi
        from cum group by key, total
      )
      select 'reach' as k, vacancy_id::text as key, pos, count(*)::int as n, null::float8 as days from reach group by vacancy_id, pos
      union all
      select 'stay', key, null, total::int, case when lo = hi then lo else lo + 0.5::float8 * (hi - lo) end from med
      union all
      select 'fill', vacancy_id::text, null, count(*)::int, percentile_cont(0.5) within group (order by fill_days)
        from reach where fill_days is not null group by vacancy_id
      union all
      select 'fill_all', '', null, count(*)::int, percentile_cont(0.5) within group (order by fill_days)
        from reach where fill_days is not null having count(*) > 0`),
  ]);

  return { stages, counts, moves };
}

/** The figures as the contract shapes them. */
function shapeFigures(period: Period, data: Awaited<ReturnType<typeof figuresOf>>, byTitle: boolean): Figures {
  const of = <K extends string>(rows: { k: K; key: string; n: number }[], k: K) =>
    new Map(rows.filter((r) => r.k === k).map((r) => [r.key, Number(r.n)]));
  const perDay = of(data.counts, 'day');
  const channels = of(data.counts, 'channel');
  const reach = data.moves.filter((r) => r.k === 'reach');
  const stays = new Map(data.moves.filter((r) => r.k === 'stay').map((r) => [r.key, r]));
  const fillAll = data.moves.find((r) => r.k === 'fill_all');
  const replies = [...perDay.values()].reduce((a, b) => a + b, 0);

  const days: { day: string; count: number }[] = [];
  for (let d = period.from; d <= period.to; d = nextDay(d)) days.push({ day: d, count: perDay.get(d) ?? 0 });

  const keys = funnelKeys(data.stages, byTitle);
  const reached = keys.map((row) => reachedOf(row, reach));
  const first = reached[0] ?? 0;
  const funnel = keys.map((s, i) => {
    const n = reached[i] ?? 0;
    return { stage_id: s.stage_id, stage: s.stage, kind: s.kind, reached: n, share: ratio(n, first) };
  });
  const conversion = funnel.slice(1).map((to, i) => {
    const from = funnel[i] as (typeof funnel)[number];
    return { from: from.stage, to: to.stage, rate: ratio(to.reached, from.reached) };
  });
  const reasons = data.counts
    .filter((r) => r.k === 'reason')
    .map((r) => ({ reason: r.key || 'Без причины', count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason, 'ru'));

  return {
    period,
    replies,
    hired: Number(fillAll?.n ?? 0),
    rejected: reasons.reduce((a, r) => a + r.count, 0),
    replies_per_day: days,
    funnel,
    conversion,
    median_days_in_stage: keys.map((s) => {
      const stay = stays.get(s.key);
      return { stage_id: s.stage_id, stage: s.stage, days: tenth(stay?.days), stays: Number(stay?.n ?? 0) };
    }),
    days_to_fill: tenth(fillAll?.days),
    sources: REPLY_CHANNELS.map((channel: ReplyChannel) => ({ channel, title: REPLY_CHANNEL_TITLES[channel], count: channels.get(channel) ?? 0 })),
    reasons,
  };
}

/** `GET /api/vacancy/{id}/analytics`: the team's vacancy (404 otherwise). */
export async function vacancyAnalyticsOf(ctx: AppContext, userId: number, vacancyId: number, asked: Partial<Period>): Promise<VacancyAnalytics> {
  const vacancy = await vacancyForTeam(ctx, userId, vacancyId);
  const ids = sql`(${vacancy.id}::int)`;
  const period = await periodOf(ctx, ids, asked);
  const data = await figuresOf(ctx, ids, period, false);
  return { vacancy: { id: vacancy.id, title: vacancy.title }, ...shapeFigures(period, data, false) };
}

/** `GET /api/vacancy/analytics`: every vacancy of the member's team, stages summed by title, and a row per vacancy. */
export async function teamAnalyticsOf(ctx: AppContext, userId: number, asked: Partial<Period>): Promise<TeamAnalytics> {
  const ids = sql`(select v.id from vacancies v where v.owner_id in ${teamOf(userId)})`;
  const period = await periodOf(ctx, ids, asked);
  const [data, list] = [
    await figuresOf(ctx, ids, period, true),
    await ctx.database.rows<{ id: number; title: string; status: string }>(
      sql`select v.id, v.title, v.status from vacancies v where v.owner_id in ${teamOf(userId)} order by v.created_at desc, v.id desc`,
    ),
  ];
  const perVacancy = new Map(data.counts.filter((r) => r.k === 'vacancy').map((r) => [r.key, Number(r.n)]));
  const fills = new Map(data.moves.filter((r) => r.k === 'fill').map((r) => [r.key, r]));
  return {
    ...shapeFigures(period, data, true),
    vacancies: list.map((v) => {
      const replies = perVacancy.get(String(v.id)) ?? 0;
      const fill = fills.get(String(v.id));
      const hired = Number(fill?.n ?? 0);
      return { id: Number(v.id), title: v.title, status: v.status, replies, hired, days_to_fill: tenth(fill?.days), conversion_to_hire: ratio(hired, replies) };
    }),
  };
}
