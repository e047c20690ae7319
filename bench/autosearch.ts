// `npm run bench:autosearch`: the digests of saved searches («Автопоиск», issue 23) at 1,000,000
// resumes in PostgreSQL.
//
// How to run: a local PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/hr_bench);
// the first run seeds a million demo resumes (bench/bench-database.ts, shared with bench:search,
// ~25 minutes on 2 cores), later runs take a few minutes. Then:
//
// 1. Setup (idempotent, seconds on a rerun): 2,000 bench members (e-mails @autosearch.bench.hr-club.test:
//    some with open_contact, mass_search, spec_search, a third bound to the Telegram bot), 5 saved
//    searches each — 10,000 varied queries in the search page's canonical form (text, roles, cities
//    and regions, salary, experience, schedules, advanced queries for spec_search), instant, daily
//    and weekly; the same 5,000 resumes (every 200th, so spread over cities and roles) updated for
//    real (their content changes, the trigger sets changed_at).
// 2. The whole digest pass, runDigestPass(ctx, now), with a real AppContext (mail queued in the
//    jobs table: no SMTP, no worker; a bot token set so Telegram copies are queued too) at the
//    next Monday 9:05 Moscow time, every search's watermark just before the update: all 10,000
//    are due. Prints the time, PostgreSQL's CPU (every postgres process, and the bench database's
//    backends), the letters and Telegram messages queued, the statements run, the event loop delay.
// 3. The statements of the pass one by one (a sample): their times and the slowest one's plan.
// 4. «Похожие резюме» p95 at 1 M (bench/similar.ts's measureSimilar, when present).
// 5. A concurrent search: a fixed mix of searches (the search's own code, a pool and a process of
//    its own) for BENCH_LOAD_SECONDS alone, then while a second, identical pass runs (at most as
//    long); p50/p95 and the slowdown, and the pass's event loop delay (what a request in an API
//    process running the pass would wait besides).
// At the end the bench searches are parked (watermark «infinity»): an API started on this database
// later (bench:search) never runs their digests.
//
// Env: BENCH_DATABASE_URL, BENCH_LOAD_SECONDS (20), BENCH_LOAD_CONNECTIONS (1: one member searching,
// a request at a time), BENCH_PREWARM (1), BENCH_SIMILAR (1), BENCH_PARTS (pass,statements,concurrent,similar:
// the parts to run), BENCH_WAIT_SECOND_PASS (1; 0: end once the concurrent search is measured, the
// second pass not waited for). Prints figures; exits 0 unless the setup fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type {} from '@fastify/cookie';
import { type SearchQuery, searchQueryInput } from '@hr/contract';
import { asc, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { AppContext } from '../apps/api/src/context.ts';
import { type UserRow, users } from '../apps/api/src/db/schema/index.ts';
import { canonicalQuery, parseSavedQuery } from '../apps/api/src/modules/autosearch/autosearch.query.ts';
import { runDigestPass } from '../apps/api/src/modules/autosearch/digest/digest.service.ts';
import { openDigestSessions } from '../apps/api/src/modules/autosearch/digest/digest.session.ts';
import { createSearchPool, poolRunner } from '../apps/api/src/modules/resume/search/search.db.ts';
import { executeSearch, matchingIdsSql, resolveSearch, searchTuning } from '../apps/api/src/modules/resume/search/search.service.ts';
import { BENCH_DATABASE_URL, prepareBenchDatabase } from './bench-database.ts';

const DATABASE_URL = BENCH_DATABASE_URL;
const MEMBERS = 2000;
const PER_MEMBER = 5;
const UPDATED = 5000;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const LOAD_CONNECTIONS = Math.max(1, Number(process.env.BENCH_LOAD_CONNECTIONS ?? 1));
const DOMAIN = 'autosearch.bench.hr-club.test';
const CHAT_PREFIX = 'bench-autosearch-';
/** The bench searches' generator: a change here re-creates them (the tag in their names). */
const GENERATION = 'g1';
/** What to measure (all by default): pass, statements, concurrent, similar. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'pass,statements,concurrent,similar').split(',').map((x) => x.trim()));

const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
type Stats = { n: number; p50: number; p95: number; max: number };
function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 0.5), p95: pct(s, 0.95), max: s.at(-1) ?? 0 };
}
const statsLine = (s: Stats) => `n=${s.n}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

// ─── the members and their saved searches ───────────────────────────────────────────────────────

/** mulberry32: the same bench searches on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  return { next, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

const TEXTS = [
  'менеджер по продажам',
  'бухгалтер',
  'главный бухгалтер',
  'python',
  'python разработчик',
  'java',
  'программист',
  'frontend',
  'тестировщик',
  'системный администратор',
  'аналитик',
  '1С',
  'водитель',
  'курьер',
  'продавец',
  'кассир',
  'администратор',
  'инженер',
  'инженер-конструктор',
  'юрист',
  'кладовщик',
  'грузчик',
  'логист',
  'рекрутер',
  'менеджер по персоналу',
  'маркетолог',
  'дизайнер',
  'повар',
  'официант',
  'врач',
  'медсестра',
  'электрик',
  'сварщик',
  'охранник',
  'оператор call-центра',
  'экономист',
  'секретарь',
  'менеджер проектов',
  'торговый представитель',
  'мерчандайзер',
];
/** Cities by how often recruiters look there (Moscow most). */
const CITIES = [
  '1069',
  '1069',
  '1069',
  '1069',
  '1070',
  '1070',
  '889',
  '722',
  '114',
  '1018',
  '684',
  '736',
  '297',
  '381',
  '834',
  '541',
  '610',
  '615',
];
/** Regions and several cities: mass_search only. */
const REGIONS = ['r:Московская обл.', 'r:Свердловская обл.', 'r:Респ. Татарстан', 'r:Ленинградская обл.', 'r:Белгородская обл.', 'r:Воронежская обл.'];
const ROLES = ['c11', 'c3', 'c12', 'c17', 'c10', 'c1', '18', '21', '58', '69', '70', '97', '117', '156', '160'];
const ADVANCED = [
  '(бухгалтер OR экономист) NOT стажёр',
  'python AND (django OR flask)',
  '"менеджер по продажам" OR "торговый представитель"',
  'рекрутер AND (IT OR подбор)',
  'инженер NOT стажёр',
  'java OR kotlin',
  'юрист AND (договор OR арбитраж)',
  'водитель AND (категория OR C)',
  'аналитик AND (SQL OR Excel)',
  'логист OR (менеджер AND ВЭД)',
];
const SALARY_BANDS: [number | undefined, number | undefined][] = [
  [30_000, 60_000],
  [50_000, 100_000],
  [80_000, 150_000],
  [100_000, undefined],
  [150_000, 300_000],
  [undefined, 70_000],
];
const EXPERIENCE = ['noExperience', 'between1And3', 'between3And6', 'moreThan6'] as const;
const SCHEDULES = ['fullDay', 'shift', 'flexible', 'remote', 'flyInFlyOut'] as const;
const WORKING = ['full', 'part', 'project', 'probation'] as const;
const EDUCATION = ['higher', 'special_secondary', 'secondary', 'bachelor'] as const;

type Access = { mass: boolean; spec: boolean };

/** One saved search as a member would build it on the search page: raw parameters. */
function searchParams(rng: Rng, access: Access): Record<string, string | string[]> {
  const p: Record<string, string | string[]> = {};
  const advanced = access.spec && rng.chance(0.4);
  if (advanced) p.query = rng.pick(ADVANCED);
  if (!advanced || rng.chance(0.3)) {
    if (rng.chance(0.75)) {
      const text = rng.pick(TEXTS);
      p.text = text;
      if (text.includes(' ') && rng.chance(0.15)) p.logic = 'phrase';
      if (rng.chance(0.15)) p.field = ['title'];
    } else p.roleTree = [rng.pick(ROLES)];
  }
  if (rng.chance(0.85)) {
    if (access.mass && rng.chance(0.35)) p.search_city = rng.chance(0.5) ? [rng.pick(REGIONS)] : ['1069', '1070'];
    else p.search_city = [rng.pick(CITIES)];
    if (rng.chance(0.15)) p.relocation = 'living';
  }
  if (rng.chance(0.3)) {
    const [from, to] = rng.pick(SALARY_BANDS);
    if (from !== undefined) p.salary_from = String(from);
    if (to !== undefined) p.salary_to = String(to);
  }
  if (rng.chance(0.3)) p.experience = [...new Set([rng.pick(EXPERIENCE), rng.pick(EXPERIENCE)])];
  if (rng.chance(0.2)) p.schedule = [rng.pick(SCHEDULES)];
  if (rng.chance(0.1)) p.workingType = [rng.pick(WORKING)];
  if (rng.chance(0.1)) p.education = [rng.pick(EDUCATION)];
  if (rng.chance(0.08)) {
    p.sex = rng.pick(['male', 'female']);
    p.age_from = '20';
    p.age_to = String(rng.pick([35, 45, 55]));
  }
  if (rng.chance(0.05)) p.label = ['only_with_salary'];
  const order = rng.next();
  if (order > 0.65) p.searchOrderBy = order > 0.9 ? 'salary_desc' : 'publication_time';
  return p;
}

const toParams = (raw: Record<string, string | string[]>) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) for (const x of Array.isArray(v) ? v : [v]) u.append(Array.isArray(v) ? `${k}[]` : k, x);
  return u;
};

/** A bench member's flags by number: a tenth each way, as a club of mixed subscriptions. */
function flagsOf(i: number): string[] {
  const k = i % 10;
  if (k < 4) return [];
  if (k < 7) return ['open_contact'];
  if (k < 9) return ['open_contact', 'mass_search'];
  return ['open_contact', 'mass_search', 'spec_search'];
}

type Member = UserRow & { leadFlags: string[] };

async function benchMembers(ctx: AppContext): Promise<Member[]> {
  // Drizzle's own row shape (camelCase): the search reads its viewer so.
  const rows = await ctx.database.db.select().from(users).where(like(users.email, `%@${DOMAIN}`)).orderBy(asc(users.id));
  return rows.map((u) => ({ ...u, leadFlags: [] }));
}

/** The 2,000 members and their 10,000 saved searches; made once, kept while the generator is the same. */
async function ensureMembersAndSearches(ctx: AppContext): Promise<Member[]> {
  const { database } = ctx;
  const [have] = await database.rows<{ members: number; searches: number; current: number }>(sql`
    select (select count(*)::int from users where email like ${`%@${DOMAIN}`}) as members,
      (select count(*)::int from saved_searches s join users u on u.id = s.user_id where u.email like ${`%@${DOMAIN}`}) as searches,
      (select count(*)::int from saved_searches s join users u on u.id = s.user_id
        where u.email like ${`%@${DOMAIN}`} and s.name like ${`%[${GENERATION}]`}) as current`);
  if (have && have.members === MEMBERS && have.searches === MEMBERS * PER_MEMBER && have.current === have.searches) {
    console.log(`setup: ${MEMBERS} members and ${have.searches} saved searches already there`);
    return benchMembers(ctx);
  }
  const t = performance.now();
  await database.db.execute(sql`delete from users where email like ${`%@${DOMAIN}`}`);
  await database.db.execute(sql`
    insert into users (email, password_hash, name, family, company, position, city_name, flags, notify_email, notify_telegram, telegram_chat_id, telegram_bound_at, account_type)
    select 'member-' || i || ${`@${DOMAIN}`}, 'bench: no password', 'Участник', 'Бенчев ' || i, 'Компания ' || (i % 300), 'Рекрутер', 'Москва',
      (case when i % 10 < 4 then '[]' when i % 10 < 7 then '["open_contact"]' when i % 10 < 9 then '["open_contact","mass_search"]'
        else '["open_contact","mass_search","spec_search"]' end)::jsonb,
      true, true, case when i % 3 = 0 then ${CHAT_PREFIX} || i end, case when i % 3 = 0 then now() end,
      case when i % 10 >= 7 then 'resident' else 'basic' end
    from generate_series(0, ${MEMBERS - 1}) as i`);
  const members = await benchMembers(ctx);
  const rng = prng(23);
  const now = new Date();
  const rows: { user: number; name: string; query: string; frequency: string; email: boolean; telegram: boolean }[] = [];
  let rejected = 0;
  for (const [i, m] of members.entries()) {
    const flags = flagsOf(i);
    const access = { mass: flags.includes('mass_search'), spec: flags.includes('spec_search') };
    for (let k = 0; k < PER_MEMBER; ) {
      const raw = searchParams(rng, access);
      const parsed = searchQueryInput.safeParse(toParams(raw));
      if (!parsed.success) {
        rejected++;
        continue;
      }
      // The search must run for its owner, as the page that saved it checked.
      try {
        await resolveSearch(ctx, parsed.data, m, now);
      } catch {
        rejected++;
        continue;
      }
      const f = rng.next();
      const label = [raw.text ?? raw.query ?? 'по профобласти', Array.isArray(raw.search_city) ? raw.search_city.join('+') : 'вся Россия'].join(', ');
      rows.push({
        user: m.id,
        name: `${label} [${GENERATION}]`.slice(0, 100),
        query: canonicalQuery(parsed.data),
        frequency: f < 0.4 ? 'instant' : f < 0.85 ? 'daily' : 'weekly',
        email: true,
        telegram: !!m.telegramChatId && rng.chance(0.6),
      });
      k++;
    }
  }
  await database.db.execute(sql`
    insert into saved_searches (user_id, name, query, frequency, channel_email, channel_telegram)
    select * from unnest(${`{${rows.map((r) => r.user).join(',')}}`}::int[], ${pgTextArray(rows.map((r) => r.name))}::text[],
      ${pgTextArray(rows.map((r) => r.query))}::text[], ${pgTextArray(rows.map((r) => r.frequency))}::text[],
      ${`{${rows.map((r) => r.email).join(',')}}`}::boolean[], ${`{${rows.map((r) => r.telegram).join(',')}}`}::boolean[])`);
  await database.db.execute(sql`analyze users`);
  await database.db.execute(sql`analyze saved_searches`);
  console.log(
    `setup: ${members.length} members, ${rows.length} saved searches (${rejected} generated queries the owner could not run were skipped) in ${ms(performance.now() - t)}`,
  );
  return members;
}

const pgTextArray = (xs: string[]) => `{${xs.map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** What the bench searches look like: frequencies, channels, distinct queries. */
async function describeSearches(ctx: AppContext): Promise<void> {
  const rows = await ctx.database.rows<{ frequency: string; n: number; tg: number; distinct_queries: number }>(sql`
    select frequency, count(*)::int as n, count(*) filter (where channel_telegram)::int as tg, count(distinct query)::int as distinct_queries
    from saved_searches s join users u on u.id = s.user_id where u.email like ${`%@${DOMAIN}`} group by frequency order by frequency`);
  const [all] = await ctx.database.rows<{ distinct_queries: number }>(sql`
    select count(distinct query)::int as distinct_queries from saved_searches s join users u on u.id = s.user_id where u.email like ${`%@${DOMAIN}`}`);
  console.log(
    `  ${rows.map((r) => `${r.frequency} ${r.n} (Telegram too: ${r.tg})`).join(', ')}; distinct queries: ${all?.distinct_queries ?? 0}`,
  );
}

// ─── the updated resumes and the pass's starting line ──────────────────────────────────────────

/**
 * The same 5,000 resumes on every run (every 200th id), their content changed for real: the
 * candidate refreshed the resume (updated_at, a content column: the trigger sets changed_at).
 * The moment just before is returned: the watermark every search starts from.
 */
async function updateResumes(ctx: AppContext): Promise<{ before: Date; updated: number }> {
  const [b] = await ctx.database.rows<{ at: Date }>(sql`select now() as at`);
  const before = new Date((b as { at: Date }).at);
  // A second's gap: the updated rows' changed_at is after `before`, whatever the clocks' rounding.
  await new Promise((r) => setTimeout(r, 1100));
  const t = performance.now();
  const res = await ctx.database.db.execute(sql`
    update resumes set updated_at = now() where id in (
      select id from resumes where vacancy_id is null and id % 200 = 7 order by id limit ${UPDATED})`);
  const updated = (res as unknown as { rowCount?: number }).rowCount ?? UPDATED;
  console.log(`updated ${updated} resumes (every 200th: spread over cities and roles) in ${ms(performance.now() - t)}`);
  await ctx.database.db.execute(sql`analyze resumes`);
  return { before, updated };
}

/** The next Monday 9:05 Moscow time after `t`: daily, weekly and instant searches are all due then. */
function nextMonday905(t: Date): Date {
  const d = new Date(t.getTime());
  for (let i = 0; i < 8; i++) {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(d);
    const at = new Date(`${day}T09:05:00+03:00`);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 1 && at.getTime() > t.getTime()) return at;
    d.setTime(d.getTime() + 86_400_000);
  }
  throw new Error('no Monday within a week');
}

/** Every bench search back before the update: nothing sent, its watermark `before`, its letters gone. */
async function resetSearches(ctx: AppContext, before: Date): Promise<void> {
  const { db } = ctx.database;
  await db.execute(sql`delete from saved_search_sent where search_id in (
    select s.id from saved_searches s join users u on u.id = s.user_id where u.email like ${`%@${DOMAIN}`})`);
  await db.execute(sql`update saved_searches s set watermark = ${before.toISOString()}::timestamptz, last_digest_at = null, broken_reason = null
    from users u where u.id = s.user_id and u.email like ${`%@${DOMAIN}`}`);
  await dropQueued(ctx);
  await db.execute(sql`vacuum (analyze) saved_searches, saved_search_sent`);
}

/** The letters and Telegram messages a pass queued for the bench members (never sent: no worker). */
async function queued(ctx: AppContext): Promise<{ letters: number; telegram: number }> {
  const [r] = await ctx.database.rows<{ letters: number; telegram: number }>(sql`
    select count(*) filter (where kind = 'mail')::int as letters, count(*) filter (where kind = 'telegram.message')::int as telegram
    from jobs where (kind = 'mail' and payload->>'to' like ${`%@${DOMAIN}`})
      or (kind = 'telegram.message' and payload->>'chatId' like ${`${CHAT_PREFIX}%`})`);
  return r ?? { letters: 0, telegram: 0 };
}

async function dropQueued(ctx: AppContext): Promise<void> {
  await ctx.database.db.execute(sql`delete from jobs where (kind = 'mail' and payload->>'to' like ${`%@${DOMAIN}`})
    or (kind = 'telegram.message' and payload->>'chatId' like ${`${CHAT_PREFIX}%`})`);
}

/** After the bench: no pass of a running API picks the bench searches up (watermark «infinity»). */
async function parkSearches(ctx: AppContext): Promise<void> {
  await ctx.database.db.execute(sql`update saved_searches s set watermark = 'infinity'
    from users u where u.id = s.user_id and u.email like ${`%@${DOMAIN}`}`);
  await dropQueued(ctx);
}

// ─── CPU ──────────────────────────────────────────────────────────────────────────────────────

const TICK = 100; // USER_HZ on Linux

/** utime + stime (ticks) of every process named postgres. */
function postgresTicks(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const open = stat.indexOf('(');
      const close = stat.lastIndexOf(')');
      if (stat.slice(open + 1, close) !== 'postgres') continue;
      const f = stat.slice(close + 2).split(' ');
      out.set(Number(name), Number(f[11]) + Number(f[12]));
    } catch {}
  }
  return out;
}

/** The machine's busy and total ticks (/proc/stat), for how busy everything else kept it. */
function machineTicks(): { busy: number; total: number } {
  const [cpu = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
  const v = cpu.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * PostgreSQL's CPU while `fn` runs: every postgres process (sampled every 200 ms, so backends that
 * come and go are counted) and, apart, the backends of the bench database.
 */
async function withCpu<T>(fn: () => Promise<T>): Promise<{ value: T; wallS: number; pgCpuS: number; benchCpuS: number; nodeCpuS: number; machineBusy: number }> {
  const start = postgresTicks();
  const last = new Map(start);
  const benchPids = new Set<number>();
  const watcher = new pg.Client({ connectionString: DATABASE_URL });
  await watcher.connect();
  const sample = async () => {
    for (const [pid, t] of postgresTicks()) last.set(pid, t);
    const r = await watcher.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    for (const row of r.rows) benchPids.add(Number(row.pid));
  };
  await sample();
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      await new Promise((r) => setTimeout(r, 200));
      await sample();
    }
  })();
  const m0 = machineTicks();
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    const value = await fn();
    const wallS = (performance.now() - t0) / 1000;
    const node = process.cpuUsage(node0);
    const m1 = machineTicks();
    sampling = false;
    await loop;
    let all = 0;
    let bench = 0;
    for (const [pid, t] of last) {
      const d = t - (start.get(pid) ?? 0);
      all += d;
      if (benchPids.has(pid)) bench += d;
    }
    return {
      value,
      wallS,
      pgCpuS: all / TICK,
      benchCpuS: bench / TICK,
      nodeCpuS: (node.user + node.system) / 1e6,
      machineBusy: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total),
    };
  } finally {
    sampling = false;
    await loop.catch(() => {});
    await watcher.end();
  }
}

// ─── the concurrent search ────────────────────────────────────────────────────────────────────

/** What members type while digests go out: the search bench's mix, shortened. `member`: needs mass_search / spec_search. */
const MIX: { qs: string; member?: boolean }[] = [
  { qs: 'text=менеджер по продажам&search_city[]=1069&experience[]=between3And6' },
  { qs: 'text=бухгалтер&search_city[]=1070' },
  { qs: 'text=python разработчик' },
  { qs: 'text=водитель&search_city[]=889&drive[]=C' },
  { qs: 'search_city[]=1069&searchOrderBy=salary_desc' },
  { qs: 'search_city[]=1069&schedule[]=remote&searchOrderBy=publication_time' },
  { qs: 'text=главный бухгалтер&logic=phrase&search_city[]=1069' },
  { qs: 'text=продавец&search_city[]=114&age_from=20&age_to=35&sex=female' },
  { qs: 'roleTree[]=c11&search_city[]=1070&salary_from=80000&salary_to=200000' },
  { qs: 'text=кладовщик&search_city[]=1018&searchOrderBy=age' },
  { qs: '' },
  { qs: 'text=менеджер&search_city[]=1069&search_city[]=1070&searchOrderBy=salary_desc', member: true },
  { qs: 'query=(бухгалтер OR экономист) NOT стажёр&search_city[]=1069', member: true },
  { qs: 'text=инженер&experience[]=between1And3&experience[]=between3And6&schedule[]=fullDay&search_city[]=684' },
];

type Prepared = { q: SearchQuery; spec: Awaited<ReturnType<typeof resolveSearch>> };

/**
 * The searching member runs in a process of its own (`--search-load`), as a member's request runs in
 * the API and not in the pass: what the pass costs the search is the database's share, and the
 * pass's own event loop is measured apart (a delay an API process running the pass would add).
 * The child warms up, says «ready», searches on «go» until its time is up or it reads «stop», and
 * prints its latencies as JSON.
 */
async function searchLoadChild(): Promise<void> {
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const database = await openDatabase({ databaseUrl: DATABASE_URL });
  const ctx = { database, config: { isTest: false } } as unknown as AppContext;
  const [member] = await database.db.select().from(users).where(like(users.email, `member-9@${DOMAIN}`));
  if (!member) throw new Error('the bench member is missing');
  const mix: Prepared[] = [];
  for (const m of MIX) {
    const q = searchQueryInput.parse(new URLSearchParams(m.qs));
    mix.push({ q, spec: await resolveSearch(ctx, q, m.member ? { ...member, leadFlags: [] } : null) });
  }
  const pool = createSearchPool({ connectionString: DATABASE_URL });
  const run = poolRunner(pool);
  const tuning = { ...searchTuning(ctx, {}), cacheTtlMs: 0 };
  const once = (p: Prepared) => executeSearch(run, p.spec, p.q, tuning, null);
  for (const p of [...mix, ...mix]) await once(p);
  let stop = false;
  let go: () => void = () => {};
  const started = new Promise<void>((r) => {
    go = r;
  });
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (chunk.includes('go')) go();
    if (chunk.includes('stop')) stop = true;
  });
  process.stdout.write('ready\n');
  await started;
  const deadline = performance.now() + LOAD_SECONDS * 1000;
  const latencies: number[] = [];
  let k = 0;
  await Promise.all(
    Array.from({ length: LOAD_CONNECTIONS }, async () => {
      while (!stop && performance.now() < deadline) {
        const p = mix[k++ % mix.length] as Prepared;
        const t = performance.now();
        await once(p);
        latencies.push(performance.now() - t);
      }
    }),
  );
  process.stdout.write(`${JSON.stringify({ latencies })}\n`);
  await pool.end();
  await database.close();
  process.exit(0);
}

/** The searching member's process, ready to go. */
async function searchLoad(): Promise<{ go(): void; stop(): void; done: Promise<number[]> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--search-load'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
  let out = '';
  let ready: () => void = () => {};
  const isReady = new Promise<void>((r) => {
    ready = r;
  });
  const done = new Promise<number[]>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('ready\n')) ready();
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code !== 0 || !line) reject(new Error(`the search load exited with ${code}`));
      else resolve((JSON.parse(line) as { latencies: number[] }).latencies);
    });
  });
  await isReady;
  return { go: () => child.stdin.write('go\n'), stop: () => child.stdin.write('stop\n'), done };
}

// ─── the statements of a pass, one by one ─────────────────────────────────────────────────────

/**
 * A sample of the pass's search statements as runDigestPass runs them (the bench searches' plans
 * over a session's temporary copy of the changed resumes, openDigestSessions), timed one at a
 * time; the slowest one's plan printed.
 */
async function statementSample(ctx: AppContext, members: Member[], now: Date, since: Date, sampleSize = 300) {
  const changed = await ctx.database.rows<{ id: string }>(sql`
    select id from resumes where vacancy_id is null and changed_at > ${since.toISOString()}::timestamptz and changed_at <= ${now.toISOString()}::timestamptz`);
  const ids = changed.map((r) => Number(r.id));
  const byId = new Map(members.map((m) => [m.id, m]));
  const searches = await ctx.database.rows<{ user_id: number; query: string }>(sql`
    select s.user_id, s.query from saved_searches s join users u on u.id = s.user_id
    where u.email like ${`%@${DOMAIN}`} order by md5(s.id::text) limit ${sampleSize}`);
  const session = await openDigestSessions(ctx.database, ids, 1);
  const times: { ms: number; query: string; sql: { text: string; values: unknown[] } }[] = [];
  try {
    for (const s of searches) {
      const q = parseSavedQuery(s.query);
      const owner = byId.get(s.user_id);
      if (!q || !owner) continue;
      const statement = matchingIdsSql({ ...(await resolveSearch(ctx, q, owner, now)), onlyIds: ids }, session.table);
      const t = performance.now();
      await session.query(0, statement);
      times.push({ ms: performance.now() - t, query: s.query, sql: statement });
    }
    const st = stats(times.map((x) => x.ms));
    console.log(`\nThe pass's search statements one at a time (a sample of ${times.length} of the bench searches over the ${ids.length} changed resumes):`);
    console.log(`  ${statsLine(st)}; sum ${(times.reduce((a, x) => a + x.ms, 0) / 1000).toFixed(1)} s`);
    const slowest = times.sort((a, b) => b.ms - a.ms).slice(0, 5);
    for (const x of slowest) console.log(`  ${ms(x.ms).padStart(10)}  ${decodeURIComponent(x.query)}`);
    const worst = slowest[0];
    if (worst) {
      const plan = (await session.query<{ 'QUERY PLAN': string }>(0, { text: `EXPLAIN (ANALYZE, BUFFERS) ${worst.sql.text}`, values: worst.sql.values }))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      console.log(`\n  plan of the slowest (${decodeURIComponent(worst.query)}):\n${plan.replace(/^/gm, '    ')}`);
    }
    return st;
  } finally {
    await session.release();
  }
}

// ─── «похожие резюме» ─────────────────────────────────────────────────────────────────────────

type SimilarRun = { n: number; p50: number; p95: number; max: number };
/**
 * bench/similar.ts's measureSimilar (loaded when present): the p95 of «похожие резюме» at 1 M,
 * the similar search alone and with the source's city as a filter.
 */
async function similarFigure(): Promise<string> {
  if (process.env.BENCH_SIMILAR === '0') return 'skipped (BENCH_SIMILAR=0)';
  let measure: ((opts: { url?: string }) => Promise<{ sources: number; plain: SimilarRun; city: SimilarRun }>) | undefined;
  try {
    measure = ((await import(`./${'similar'}.ts`)) as { measureSimilar?: typeof measure }).measureSimilar;
  } catch (e) {
    return `not measured: bench/similar.ts could not be loaded (${(e as Error).message.split('\n')[0]})`;
  }
  if (typeof measure !== 'function') return 'not measured: bench/similar.ts has no measureSimilar';
  const f = await measure({ url: DATABASE_URL });
  const one = (r: SimilarRun) => `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, max ${ms(r.max)} (n=${r.n})`;
  return `similar_to alone ${one(f.plain)}; with the source's city ${one(f.city)}`;
}

// ─── main ─────────────────────────────────────────────────────────────────────────────────────

if (process.argv.includes('--search-load')) await searchLoadChild();

console.log(`bench:autosearch — ${new Date().toISOString()}, load average ${load()} on ${cpus().length} cores`);
const { rows } = await prepareBenchDatabase({ url: DATABASE_URL });

const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hr-bench-autosearch-')),
  SESSION_SECRET: 'bench-autosearch-secret-bench-autosearch',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  // A bot is «configured» so Telegram copies are queued; no worker runs, nothing is sent.
  TELEGRAM_BOT_TOKEN: 'bench:autosearch',
  TELEGRAM_BOT_NAME: 'hr_club_bench_bot',
  APP_URL: 'https://hr-club.example',
});
const { app, ctx } = await buildApp(config, { startWorker: false, logger: false });
const figures: string[] = [];
try {
  const members = await ensureMembersAndSearches(ctx);
  await describeSearches(ctx);
  const { before, updated } = await updateResumes(ctx);
  const now = nextMonday905(before);
  console.log(`the pass runs at ${now.toISOString()} (Monday 9:05 Moscow time); every search's watermark ${before.toISOString()}`);

  const goals: string[] = [];
  // 1. The pass alone.
  if (PARTS.has('pass')) {
    await resetSearches(ctx, before);
    // What a request in an API process running the pass would wait besides its own work.
    const passLag = monitorEventLoopDelay({ resolution: 10 });
    passLag.enable();
    const pass = await withCpu(() => runDigestPass(ctx, now));
    passLag.disable();
    const lagLine = `event loop delay p99 ${(passLag.percentile(99) / 1e6).toFixed(0)} ms, max ${(passLag.max / 1e6).toFixed(0)} ms`;
    const q1 = await queued(ctx);
    const r = pass.value;
    const cores = cpus().length;
    console.log(`\nThe whole digest pass (runDigestPass), alone: ${pass.wallS.toFixed(1)} s`);
    console.log(
      `  due ${r.due}, changed resumes read ${r.changed}, statements run ${r.statements} (equal searches once), digests ${r.digests} with ${r.resumes} resumes, broken ${r.broken}, failed ${r.failed}`,
    );
    console.log(`  queued: ${q1.letters} letters, ${q1.telegram} Telegram messages; the pass's ${lagLine}`);
    console.log(
      `  PostgreSQL CPU: ${pass.pgCpuS.toFixed(1)} s (${((pass.pgCpuS / (pass.wallS * cores)) * 100).toFixed(0)} % of ${cores} cores), of it the bench database's backends ${pass.benchCpuS.toFixed(1)} s; this Node process ${pass.nodeCpuS.toFixed(1)} s; the whole machine busy ${(pass.machineBusy * 100).toFixed(0)} %`,
    );
    figures.push(
      `pass: ${pass.wallS.toFixed(1)} s; due ${r.due}; changed ${r.changed}; statements ${r.statements}; digests ${r.digests} (${r.resumes} resumes); letters ${q1.letters}, Telegram ${q1.telegram}; broken ${r.broken}, failed ${r.failed}; ${lagLine}`,
      `PostgreSQL CPU ${pass.pgCpuS.toFixed(1)} s = ${((pass.pgCpuS / (pass.wallS * cores)) * 100).toFixed(0)} % of ${cores} cores (bench database's backends ${pass.benchCpuS.toFixed(1)} s); Node ${pass.nodeCpuS.toFixed(1)} s; machine busy ${(pass.machineBusy * 100).toFixed(0)} %`,
    );
    goals.push(`the pass under 120 s — ${pass.wallS < 120 ? 'met' : 'MISSED'}`);
  }

  // 2. Its statements one by one.
  if (PARTS.has('statements')) {
    const sample = await statementSample(ctx, members, now, new Date(before.getTime() - 10 * 60_000));
    figures.push(`one statement of the pass (sample of ${sample.n}): p50 ${ms(sample.p50)}, p95 ${ms(sample.p95)}, max ${ms(sample.max)}`);
  }

  // 3. «Похожие резюме».
  if (PARTS.has('similar')) {
    const similar = await similarFigure();
    console.log(`\n«Похожие резюме» at ${rows} resumes: ${similar}`);
    figures.push(`similar: ${similar}`);
  }

  // 4. A concurrent search, alone and during a second identical pass.
  if (PARTS.has('concurrent')) {
    const aloneLoad = await searchLoad();
    aloneLoad.go();
    const alone = stats(await aloneLoad.done);
    await resetSearches(ctx, before);
    const duringLoad = await searchLoad();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    duringLoad.go();
    lag.enable();
    const secondRun = withCpu(() => runDigestPass(ctx, now));
    // The searching member stops at its time or when the pass ends, whichever is first.
    secondRun.then(
      () => duringLoad.stop(),
      () => duringLoad.stop(),
    );
    const during = stats(await duringLoad.done);
    if (process.env.BENCH_WAIT_SECOND_PASS === '0') {
      // The pass's own figures come from part 1; its searches are parked now and the process ends.
      console.log(`\nA concurrent search (${LOAD_CONNECTIONS} connection(s)): alone ${statsLine(alone)}; during a digest pass ${statsLine(during)}`);
      console.log(`  p95 slowdown: ${(((during.p95 - alone.p95) / alone.p95) * 100).toFixed(0)} %; the pass was not waited for (BENCH_WAIT_SECOND_PASS=0)`);
      await parkSearches(ctx);
      process.exit(0);
    }
    const second = await secondRun;
    lag.disable();
    const slow = ((during.p95 - alone.p95) / alone.p95) * 100;
    console.log(`\nA concurrent search (${MIX.length} searches in a loop, ${LOAD_CONNECTIONS} connection(s), cache off, a process of its own):`);
    console.log(`  alone (${LOAD_SECONDS} s):            ${statsLine(alone)}`);
    console.log(`  during a digest pass:     ${statsLine(during)}`);
    console.log(`  p95 slowdown: ${slow.toFixed(0)} % (p50 ${(((during.p50 - alone.p50) / alone.p50) * 100).toFixed(0)} %)`);
    console.log(
      `  that pass with the search beside it: ${second.wallS.toFixed(1)} s, PostgreSQL CPU ${second.pgCpuS.toFixed(1)} s; the pass's event loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms, max ${(lag.max / 1e6).toFixed(0)} ms (what a request in a process running the pass would wait)`,
    );
    figures.push(
      `concurrent search (${LOAD_CONNECTIONS} conn.): alone p50 ${ms(alone.p50)} p95 ${ms(alone.p95)}; during the pass p50 ${ms(during.p50)} p95 ${ms(during.p95)} (n=${during.n}); p95 ${slow >= 0 ? '+' : ''}${slow.toFixed(0)} %; that pass ${second.wallS.toFixed(1)} s, PostgreSQL CPU ${second.pgCpuS.toFixed(1)} s; its event loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms`,
    );
    goals.push(`a concurrent search's p95 +20 % at most — ${slow <= 20 ? 'met' : 'MISSED'}`);
  }

  console.log(`\nSummary (${new Date().toISOString()}, load average ${load()}, ${rows} resumes, ${updated} updated):`);
  for (const f of figures) console.log(`  ${f}`);
  if (goals.length) console.log(`  goals: ${goals.join('; ')}`);
} finally {
  await parkSearches(ctx).catch(() => {});
  await app.close();
}
