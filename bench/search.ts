// `npm run bench:search`: the resume search at 1,000,000 resumes in PostgreSQL.
//
// 1. Makes sure the bench database has a million resumes (seeds it once with the demo generator:
//    `npm run cli -- seed --resumes 1000000 --random-seed 1`), vacuums and analyses it.
// 2. Starts the API as a child process on that database, signs in as the demo member (for the
//    mass_search / spec_search queries of the mix).
// 3. Runs a fixed mix of 20 realistic searches through the API, several rounds, one at a time:
//    with the facet/count cache off (every search does all its work) and on (as deployed; the
//    first round fills it). Then a concurrent run for requests/s. Round 1 as deployed (a new
//    process) is set beside round 1 of a new process with the cache off, after the same warm-up,
//    over several new processes of each kind, alternating.
// 4. Runs the same searches straight against the database (the service's own statements through a
//    pg pool, same tuning, no HTTP) and prints the API/SQL ratio.
// 5. EXPLAINs every statement of every search (no `Seq Scan on resumes` allowed) and prints
//    EXPLAIN (ANALYZE, BUFFERS) of the slowest one.
//
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/hr_bench), BENCH_ROUNDS (5),
// BENCH_SECONDS (concurrent run, 10), BENCH_CONNECTIONS (4), BENCH_FRESH_PAIRS (3: new processes of
// each kind for round 1), BENCH_RESUMES (1000000), BENCH_PREWARM (1: read the table and its indexes
// into the OS cache before measuring).
// Prints figures; exits 1 only when a plan scans the resumes table sequentially.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type {} from '@fastify/cookie'; // the request/reply cookie typings the API's session module uses
import { searchQueryInput, type SearchQuery } from '@hr/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../apps/api/src/context.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { BENCH_DATABASE_URL, prepareBenchDatabase } from './bench-database.ts';
import type { UserRow } from '../apps/api/src/db/schema/index.ts';
import { WALK_SETTINGS } from '../apps/api/src/modules/resume/search/search.page.ts';
import { promiseCache } from '../apps/api/src/lib/promise-cache.ts';
import { createSearchPool, poolRunner, SEARCH_SESSION_OPTIONS, type SqlRunner } from '../apps/api/src/modules/resume/search/search.db.ts';
import {
  executeSearch,
  resolveSearch,
  type SearchStats,
  type SearchTuning,
  searchTuning,
  type Traced,
} from '../apps/api/src/modules/resume/search/search.service.ts';

const root = path.resolve(import.meta.dirname, '..');
const DATABASE_URL = BENCH_DATABASE_URL;
const WANT = Number(process.env.BENCH_RESUMES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
/** New API processes whose round 1 is compared, cache off against as deployed (each side). */
const FRESH_PAIRS = Math.max(1, Number(process.env.BENCH_FRESH_PAIRS ?? 3));
const PORT = 3910;
const base = `http://127.0.0.1:${PORT}`;
const MEMBER = { email: 'member@hr-club.demo', password: 'demo12345' };

/** The mix: what recruiters type on the home page, with the filters they add. `member`: needs mass_search / spec_search. */
const MIX: { name: string; qs: string; member?: boolean }[] = [
  { name: 'менеджер по продажам, Москва, 3–6 лет', qs: 'text=менеджер по продажам&search_city[]=1069&experience[]=between3And6' },
  { name: 'бухгалтер, СПб', qs: 'text=бухгалтер&search_city[]=1070' },
  { name: 'python разработчик (вся Россия)', qs: 'text=python разработчик' },
  { name: 'водитель C, Екатеринбург', qs: 'text=водитель&search_city[]=889&drive[]=C' },
  { name: 'Москва по зарплате ↓', qs: 'search_city[]=1069&searchOrderBy=salary_desc' },
  { name: 'Москва удалённо, свежие', qs: 'search_city[]=1069&schedule[]=remote&searchOrderBy=publication_time' },
  {
    name: 'менеджер по продажам, Москва, стр. 2 по дате',
    qs: 'text=менеджер по продажам&search_city[]=1069&searchOrderBy=publication_time&page=2',
  },
  { name: '«главный бухгалтер» фразой, Москва', qs: 'text=главный бухгалтер&logic=phrase&search_city[]=1069' },
  { name: 'продавец, Казань, женщины 20–35', qs: 'text=продавец&search_city[]=114&age_from=20&age_to=35&sex=female' },
  {
    name: 'Новосибирск, 6+ лет, высшее, зарплата ↑',
    qs: 'search_city[]=722&experience[]=moreThan6&education[]=higher&searchOrderBy=salary_asc',
  },
  { name: 'курьер, Москва, частичная, за месяц', qs: 'text=курьер&search_city[]=1069&workingType[]=part&lastActive=30' },
  { name: 'программист в названии, свежие', qs: 'text=программист&field[]=title&searchOrderBy=publication_time' },
  { name: 'ИТ-роли, СПб, 80–200 тыс.', qs: 'roleTree[]=c11&search_city[]=1070&salary_from=80000&salary_to=200000' },
  { name: 'кладовщик, Челябинск, по возрасту', qs: 'text=кладовщик&search_city[]=1018&searchOrderBy=age' },
  { name: 'главная без фильтров', qs: '' },
  { name: '1С в навыках, Екатеринбург', qs: 'text=1С&field[]=skills&search_city[]=889' },
  { name: 'администратор, живут в Москве, 50 на стр.', qs: 'text=администратор&search_city[]=1069&relocation=living&per_page=50' },
  {
    name: 'менеджер, Москва+СПб, зарплата ↓ (mass_search)',
    qs: 'text=менеджер&search_city[]=1069&search_city[]=1070&searchOrderBy=salary_desc',
    member: true,
  },
  {
    name: '(бухгалтер OR экономист) NOT стажёр, Москва (spec_search)',
    qs: 'query=(бухгалтер OR экономист) NOT стажёр&search_city[]=1069',
    member: true,
  },
  {
    name: 'инженер, Н. Новгород, 1–6 лет, полный день',
    qs: 'text=инженер&experience[]=between1And3&experience[]=between3And6&schedule[]=fullDay&search_city[]=684',
  },
];

const url = (qs: string) => `${base}/api/resume/search?${new URLSearchParams(qs).toString()}`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
type Stats = { n: number; p50: number; p95: number; p99: number; max: number };
function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 0.5), p95: pct(s, 0.95), p99: pct(s, 0.99), max: s[s.length - 1] ?? 0 };
}
const line = (label: string, s: Stats, extra = '') =>
  `${label.padEnd(38)} n=${String(s.n).padStart(4)}  p50 ${ms(s.p50).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  max ${ms(s.max).padStart(9)}${extra}`;

// ─── the database ─────────────────────────────────────────────────────────────────────────────

/** The server settings the figures depend on, as this run saw them (the search's sessions override some). */
const SERVER_SETTINGS = [
  'shared_buffers',
  'huge_pages',
  'work_mem',
  'effective_cache_size',
  'random_page_cost',
  'effective_io_concurrency',
  'jit',
  'max_parallel_workers_per_gather',
  'max_connections',
];

/**
 * Whether shared_buffers sits in huge pages (PostgreSQL 15 does not say; with `huge_pages = try` it
 * quietly falls back): the kernel's count of huge pages in use or reserved, when the server is local.
 * Without them each new backend pays a page fault per 4 kB of shared_buffers it first touches.
 */
function hugePagesLine(): string {
  try {
    const info = readFileSync('/proc/meminfo', 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(info)?.[1] ?? 0);
    const held = field('HugePages_Total') - field('HugePages_Free') + field('HugePages_Rsvd');
    return held > 0
      ? `huge pages held (this machine): ${held} × ${field('Hugepagesize') / 1024} MB`
      : 'huge pages held (this machine): none — shared_buffers in 4 kB pages (bench/postgres-recommended.sh)';
  } catch {
    return 'huge pages: unknown (no /proc/meminfo)';
  }
}

async function printSettings(): Promise<Record<string, string>> {
  const server = new pg.Client({ connectionString: DATABASE_URL });
  const search = new pg.Client({ connectionString: DATABASE_URL, options: SEARCH_SESSION_OPTIONS });
  await Promise.all([server.connect(), search.connect()]);
  try {
    const read = async (c: pg.Client) => {
      const r = await c.query(`select name, setting, unit from pg_settings where name = any($1) order by name`, [SERVER_SETTINGS]);
      return Object.fromEntries(
        r.rows.map((x) => [
          x.name,
          x.unit === '8kB'
            ? `${(Number(x.setting) * 8) / 1024} MB`
            : x.unit === 'kB'
              ? `${Number(x.setting) / 1024} MB`
              : String(x.setting),
        ]),
      );
    };
    const [asServer, asSearch] = await Promise.all([read(server), read(search)]);
    const version = String((await server.query('select version() as v')).rows[0].v).split(' on ')[0];
    console.log(`${version}; settings (server → the search's sessions):`);
    for (const name of SERVER_SETTINGS) {
      const a = asServer[name];
      const b = asSearch[name];
      console.log(`  ${name.padEnd(32)} ${String(a).padStart(8)}${a === b ? '' : `  →  ${b}`}`);
    }
    console.log(`  ${hugePagesLine()}`);
    console.log(
      `  load average: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} on ${cpus().length} cores`,
    );
    return { version, ...asServer };
  } finally {
    await Promise.all([server.end(), search.end()]);
  }
}

// ─── the API ──────────────────────────────────────────────────────────────────────────────────

function startApi(cacheTtlMs: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Not '1': with it every API start rewrites the demo generator's first 3 000 resumes, and their
      // fresh index entries (GIN pending lists, pages not all-visible) slow every search until the
      // next vacuum. The demo accounts come from the seed (`npm run cli -- seed` creates them).
      DEMO_SEED: '0',
      SESSION_SECRET: 'bench-search-secret-bench-search-secret',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hr-bench-search-')),
      WEB_DIST: '/nonexistent',
      SEARCH_CACHE_TTL_MS: String(cacheTtlMs),
      // The bench is one visitor address asking hundreds of times a minute.
      SEARCH_VISITOR_LIMIT_PER_MINUTE: '0',
    },
  });
}

function stopApi(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (!child.pid || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

async function waitForApi(timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/sanctum/csrf-cookie`)).status === 204) return;
    } catch {}
    if (Date.now() > deadline) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function memberCookie(): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/sanctum/csrf-cookie`));
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
    body: JSON.stringify({ ...MEMBER, remember: true }),
  });
  if (res.status !== 200) throw new Error(`demo member login failed: ${res.status}`);
  keep(res);
  return header();
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function get(target: string, cookie?: string): Promise<{ status: number; ms: number; body: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(target, { agent, headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
  });
}

/** Searches outside the mix (other filter sets, so the mix's cache entries stay empty). */
const WARMUP = [
  'text=бариста&search_city[]=297',
  'search_city[]=736&searchOrderBy=salary_desc',
  'text=сварщик&search_city[]=722&searchOrderBy=publication_time',
  'text=логист&field[]=title',
  'search_city[]=114&schedule[]=shift&searchOrderBy=age',
];
async function warmProcess(cookie: string): Promise<void> {
  for (let i = 0; i < 3; i++) await Promise.all(WARMUP.map((qs) => get(url(`${qs}&page=${i + 1}`), cookie)));
}

type RoundResult = { all: number[]; byQuery: number[][]; first: number[] };

async function apiRounds(cookie: string, rounds: number): Promise<RoundResult> {
  const out: RoundResult = { all: [], byQuery: MIX.map(() => []), first: [] };
  for (let r = 0; r < rounds; r++) {
    for (const [i, m] of MIX.entries()) {
      const res = await get(url(m.qs), m.member ? cookie : undefined);
      if (res.status !== 200) throw new Error(`${m.name}: ${res.status} ${res.body.slice(0, 300)}`);
      out.byQuery[i]?.push(res.ms);
      out.all.push(res.ms);
      if (r === 0) out.first.push(res.ms);
    }
  }
  return out;
}
const emptyResult = (): RoundResult => ({ all: [], byQuery: MIX.map(() => []), first: [] });

/**
 * Rounds of the mix, one request at a time, each search through the API and then the same search
 * straight on the database right after it (so both see the same moment of a shared machine).
 */
async function pairedRounds(cookie: string, run: SqlRunner, prepared: Prepared[], tuning: SearchTuning, rounds: number) {
  const api = emptyResult();
  const sqlSide = emptyResult();
  const cache = promiseCache<SearchStats>(tuning.cacheEntries, tuning.cacheTtlMs);
  for (let r = 0; r < rounds; r++) {
    for (const [i, m] of MIX.entries()) {
      const p = prepared[i] as Prepared;
      // Whichever runs second finds the first one's pages in the buffer cache: alternate.
      const viaApi = async () => {
        const res = await get(url(m.qs), m.member ? cookie : undefined);
        if (res.status !== 200) throw new Error(`${m.name}: ${res.status} ${res.body.slice(0, 300)}`);
        return res.ms;
      };
      const direct = async () => {
        const t = performance.now();
        await executeSearch(run, p.spec, p.q, tuning, cache);
        return performance.now() - t;
      };
      let apiMs: number;
      let took: number;
      if ((r + i) % 2 === 0) {
        apiMs = await viaApi();
        took = await direct();
      } else {
        took = await direct();
        apiMs = await viaApi();
      }
      const res = { ms: apiMs };
      for (const [side, value] of [
        [api, res.ms],
        [sqlSide, took],
      ] as const) {
        side.byQuery[i]?.push(value);
        side.all.push(value);
        if (r === 0) side.first.push(value);
      }
    }
  }
  return { api, sql: sqlSide };
}

async function concurrent(cookie: string, seconds: number, connections: number) {
  const latencies: number[] = [];
  let errors = 0;
  let k = 0;
  const deadline = performance.now() + seconds * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const m = MIX[k++ % MIX.length] as (typeof MIX)[number];
        const res = await get(url(m.qs), m.member ? cookie : undefined);
        if (res.status !== 200) errors++;
        latencies.push(res.ms);
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  return { rps: latencies.length / elapsed, stats: stats(latencies), errors };
}

// ─── straight SQL ─────────────────────────────────────────────────────────────────────────────

type Prepared = { name: string; q: SearchQuery; spec: Awaited<ReturnType<typeof resolveSearch>> };

// ─── main ─────────────────────────────────────────────────────────────────────────────────────

const { rows } = await prepareBenchDatabase({ url: DATABASE_URL, want: WANT });
const settings = await printSettings();
console.log(
  `\nMix of ${MIX.length} searches, ${ROUNDS} rounds each, one request at a time; then ${CONNECTIONS} connections for ${SECONDS} s.\n`,
);

// Straight SQL: the service's statements on a search pool, as the API has.
const database = await openDatabase({ databaseUrl: DATABASE_URL });
const ctx = { database, config: { isTest: false } } as unknown as AppContext;
const pool = createSearchPool({ connectionString: DATABASE_URL });
const run = poolRunner(pool);
const baseTuning = searchTuning(ctx, {});

const results: Record<string, unknown> = { rows, settings };
let server = startApi(0);
try {
  await waitForApi();
  const cookie = await memberCookie();
  // The demo member (created by the seed) holds mass_search and spec_search.
  const [memberRow] = await database.rows<Pick<UserRow, 'id' | 'flags'>>(sql`select id, flags from users where email = ${MEMBER.email}`);
  const prepared: Prepared[] = [];
  for (const m of MIX) {
    const q = searchQueryInput.parse(new URLSearchParams(m.qs));
    const user = m.member ? ({ ...memberRow, leadFlags: [] } as unknown as UserRow) : null;
    prepared.push({ name: m.name, q, spec: await resolveSearch(ctx, q, user) });
  }
  // Warm the buffers and both processes once (not measured).
  await pairedRounds(cookie, run, prepared, { ...baseTuning, cacheTtlMs: 0 }, 1);

  console.log('Cache off (every search does all its work), through the API:');
  const cold = await apiRounds(cookie, ROUNDS);
  const c0 = stats(cold.all);
  console.log(line('  API', c0));
  console.log('\n  per search (median of rounds)                    API');
  for (const [i, m] of MIX.entries())
    console.log(`  ${String(i + 1).padStart(2)}. ${m.name.padEnd(48)} ${ms(stats(cold.byQuery[i] ?? []).p50).padStart(9)}`);

  console.log('\nAPI against straight SQL (each search both ways back to back, in alternating order; cache off):');
  const { api: apiCold, sql: sqlCold } = await pairedRounds(cookie, run, prepared, { ...baseTuning, cacheTtlMs: 0 }, ROUNDS);
  const a0 = stats(apiCold.all);
  const s0 = stats(sqlCold.all);
  console.log(line('  API', a0));
  console.log(line('  SQL (same statements, no HTTP)', s0));
  console.log(
    `  API/SQL ratio: p50 ${(a0.p50 / s0.p50).toFixed(2)}, p95 ${(a0.p95 / s0.p95).toFixed(2)}, mean ${(mean(apiCold.all) / mean(sqlCold.all)).toFixed(2)}`,
  );
  const loadOff = await concurrent(cookie, SECONDS, CONNECTIONS);
  console.log(
    line(
      `\nConcurrent (${CONNECTIONS} connections, ${SECONDS} s, cache off)`,
      loadOff.stats,
      `  ${loadOff.rps.toFixed(0)} req/s${loadOff.errors ? `  errors ${loadOff.errors}` : ''}`,
    ),
  );
  results.cacheOff = { api: c0, pairedApi: a0, pairedSql: s0, concurrent: loadOff };

  // Round 1 as deployed is a new process on new connections. Its like for like is a new process
  // with the cache off after the same warm-up: what the cache path adds is the difference of the
  // two. FRESH_PAIRS such pairs, alternating (off, on, off, on…); the last «on» is the deployed
  // process measured below.
  /** A new API process, warmed on searches outside the mix (a deployed API has been running). */
  const freshProcess = async (cacheTtlMs: number) => {
    await stopApi(server);
    server = startApi(cacheTtlMs);
    await waitForApi();
    const cookie = await memberCookie();
    await warmProcess(cookie);
    return cookie;
  };
  const offFirst: number[][] = [];
  const onFirst: number[][] = [];
  for (let pair = 0; pair < FRESH_PAIRS; pair++) {
    offFirst.push((await apiRounds(await freshProcess(0), 1)).first);
    if (pair < FRESH_PAIRS - 1) onFirst.push((await apiRounds(await freshProcess(60_000), 1)).first);
  }
  console.log(`\nCache off, new process (same warm-up as below), round 1, ${FRESH_PAIRS} processes:`);
  console.log(line('  API', stats(offFirst.flat())));

  const cookie2 = await freshProcess(60_000);
  console.log('\nCache on (as deployed: counts and facets 60 s, pages 15 s; round 1 fills it), through the API:');
  const warm = await apiRounds(cookie2, ROUNDS);
  onFirst.push(warm.first);
  const w1 = stats(warm.all);
  console.log(line('  API, all rounds', w1));
  console.log(line('  API, round 1 (cache empty)', stats(warm.first)));
  console.log(line('  API, rounds 2+', stats(warm.byQuery.flatMap((xs) => xs.slice(1)))));
  console.log(line(`  API, round 1 of ${FRESH_PAIRS} new processes`, stats(onFirst.flat())));
  const medianOf = (xs: number[]) => stats(xs).p50;
  const offMedian = MIX.map((_, i) => medianOf(offFirst.map((r) => r[i] ?? 0)));
  const onMedian = MIX.map((_, i) => medianOf(onFirst.map((r) => r[i] ?? 0)));
  console.log(
    `\n  per search: cache off (median of rounds); round 1 of a new process (median of ${FRESH_PAIRS}), cache off / as deployed`,
  );
  for (const [i, m] of MIX.entries())
    console.log(
      `  ${String(i + 1).padStart(2)}. ${m.name.padEnd(48)} ${ms(stats(cold.byQuery[i] ?? []).p50).padStart(9)} ${ms(offMedian[i] ?? 0).padStart(9)} ${ms(onMedian[i] ?? 0).padStart(9)}`,
    );
  const diffs = MIX.map((_, i) => (onMedian[i] ?? 0) - (offMedian[i] ?? 0)).sort((a, b) => a - b);
  console.log(
    `  round 1, as deployed minus cache off, per search: median ${ms(diffs[Math.floor((diffs.length - 1) / 2)] ?? 0)}, min ${ms(diffs[0] ?? 0)}, max ${ms(diffs.at(-1) ?? 0)}`,
  );
  results.cacheOn = { api: w1, round1: stats(onFirst.flat()), freshOffRound1: stats(offFirst.flat()) };

  const load = await concurrent(cookie2, SECONDS, CONNECTIONS);
  console.log(
    line(
      `\nConcurrent (${CONNECTIONS} connections, ${SECONDS} s, cache on)`,
      load.stats,
      `  ${load.rps.toFixed(0)} req/s${load.errors ? `  errors ${load.errors}` : ''}`,
    ),
  );
  results.concurrent = load;

  // Plans: every statement of every search; the slowest EXPLAIN ANALYZEd.
  console.log('\nPlans of every statement of the mix (cache off):');
  let seqScans = 0;
  let slowest: { name: string; stmt: Traced; ms: number } | null = null;
  for (const p of prepared) {
    const trace: Traced[] = [];
    await executeSearch(run, p.spec, p.q, { ...baseTuning, cacheTtlMs: 0 }, null, trace);
    for (const stmt of trace) {
      const client = await pool.connect();
      const walk = stmt.name === 'walk';
      try {
        if (walk) await client.query(`BEGIN; ${WALK_SETTINGS.map((x) => `SET LOCAL ${x}`).join('; ')}`);
        const plan = (await client.query(`EXPLAIN ${stmt.sql.text}`, stmt.sql.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
        if (/Seq Scan on resumes\b/.test(plan)) {
          seqScans++;
          console.log(`  SEQ SCAN: ${p.name} / ${stmt.name}\n${plan}`);
        }
        const t = performance.now();
        await client.query(stmt.sql.text, stmt.sql.values);
        const took = performance.now() - t;
        if (!slowest || took > slowest.ms) slowest = { name: p.name, stmt, ms: took };
      } finally {
        if (walk) await client.query('COMMIT');
        client.release();
      }
    }
  }
  console.log(seqScans ? `  ${seqScans} statements scan resumes sequentially` : '  no plan contains «Seq Scan on resumes»');
  results.seqScans = seqScans;
  if (slowest) {
    const client = await pool.connect();
    const walk = slowest.stmt.name === 'walk';
    try {
      if (walk) await client.query(`BEGIN; ${WALK_SETTINGS.map((x) => `SET LOCAL ${x}`).join('; ')}`);
      const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${slowest.stmt.sql.text}`, slowest.stmt.sql.values)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      if (walk) await client.query('COMMIT');
      console.log(
        `\nSlowest statement: «${slowest.name}» / ${slowest.stmt.name} (${ms(slowest.ms)})\n${slowest.stmt.sql.text}\n-- values: ${JSON.stringify(slowest.stmt.sql.values)}\n\n${plan}`,
      );
    } finally {
      client.release();
    }
  }
  process.exitCode = seqScans ? 1 : 0;
} finally {
  await stopApi(server);
  agent.destroy();
  await pool.end();
  await database.close();
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}
