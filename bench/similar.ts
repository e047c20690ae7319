// «Похожие резюме» at a million resumes: `similar_to={hash}` as the resume page asks it (page 1,
// the first 10 shown), timed from the parameters to the page's cards — the source resume read and
// weighed (resolveSearch), the gathering-and-scoring statement and the cards (executeSearch) on a
// search pool with the search's session settings — for ~200 random resumes, without and with a
// filter on the source's own city. Prints p50/p95/max and EXPLAIN (ANALYZE, BUFFERS) of the slowest.
//
// `measureSimilar(...)` is what bench:autosearch calls on its prepared database; run alone
// (`npx tsx bench/similar.ts`) it first prepares the bench database (bench-database.ts: seeded once).
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/hr_bench), BENCH_SIMILAR_SOURCES (200),
// BENCH_PREPARE=0 (alone: skip preparing the database).
import type {} from '@fastify/cookie'; // the request/reply cookie typings the API's session module uses
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { searchQueryInput } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { AppContext } from '../apps/api/src/context.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createSearchPool, poolRunner } from '../apps/api/src/modules/resume/search/search.db.ts';
import { executeSearch, resolveSearch, searchTuning, type Traced } from '../apps/api/src/modules/resume/search/search.service.ts';
import { BENCH_DATABASE_URL, prepareBenchDatabase } from './bench-database.ts';

export type SimilarStats = {
  n: number;
  p50: number;
  p95: number;
  max: number;
  meanResults: number;
  /**
   * CPU per request, mean: PostgreSQL's (its backends serving this measurement, from /proc when the
   * server is local; null otherwise) and this process's. The machine's load stretches wall times,
   * not these.
   */
  pgCpuMs: number | null;
  nodeCpuMs: number;
  /** Of which reading and weighing the source resume (resolveSearch). */
  resolveP50: number;
  resolveP95: number;
};
export type SimilarFigures = {
  sources: number;
  /** similar_to alone. */
  plain: SimilarStats;
  /** similar_to with search_city[] = the source's city. */
  city: SimilarStats;
  /** The slowest request of both runs: its parameters, time and the EXPLAIN of its similar statement. */
  slowest: { label: string; ms: number; explain: string };
};

export type MeasureSimilarOptions = {
  /** The database (default BENCH_DATABASE_URL); it must hold the resumes already. */
  url?: string;
  /** How many random source resumes (default BENCH_SIMILAR_SOURCES or 200). */
  sources?: number;
  /** The choice of sources (the same seed, the same resumes). */
  randomSeed?: number;
  /** Where the lines go (default console.log); null: silent. */
  log?: ((line: string) => void) | null;
};

const APP = 'bench-similar';
const withApp = (url: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', APP);
  return u.toString();
};

/** CPU seconds used so far by the server's backends of this measurement (null when they are not on this machine). */
async function backendsCpu(database: { rows<T>(q: ReturnType<typeof sql>): Promise<T[]> }): Promise<number | null> {
  const pids = await database.rows<{ pid: number }>(sql`select pid from pg_stat_activity where application_name = ${APP}`);
  let ticks = 0;
  try {
    for (const { pid } of pids) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name.
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return ticks / 100;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * p50/p95 of «похожие резюме» for random resumes of the database at `url`, one request at a time
 * (after a warm-up of 20 not counted), and the EXPLAIN of the slowest. Never asserts: prints figures.
 */
export async function measureSimilar(opts: MeasureSimilarOptions = {}): Promise<SimilarFigures> {
  const url = opts.url ?? BENCH_DATABASE_URL;
  const want = opts.sources ?? Number(process.env.BENCH_SIMILAR_SOURCES ?? 200);
  const log = opts.log === null ? () => {} : (opts.log ?? ((s: string) => console.log(s)));
  const database = await openDatabase({ databaseUrl: withApp(url) });
  const pool: pg.Pool = createSearchPool({ connectionString: withApp(url) });
  const run = poolRunner(pool);
  const ctx = { database, config: { isTest: false } } as unknown as AppContext;
  const tuning = searchTuning(ctx, {});
  try {
    // Random resumes of the search (not replies), by random ids between the first and the last.
    const [range] = await database.rows<{ lo: string; hi: string }>(
      sql`select min(id)::text as lo, max(id)::text as hi from resumes where vacancy_id is null`,
    );
    const lo = Number(range?.lo ?? 0);
    const hi = Number(range?.hi ?? 0);
    const rnd = prng(opts.randomSeed ?? 1);
    const ids = Array.from({ length: want * 3 + 20 }, () => lo + Math.floor(rnd() * (hi - lo + 1)));
    const picked = await database.rows<{ hash: string; city_id: number | null }>(
      sql`select hash, city_id from resumes where id = any(${`{${ids.join(',')}}`}::bigint[]) and vacancy_id is null`,
    );
    const warm = picked.slice(0, 20);
    const sources = picked.slice(20, 20 + want);
    const once = async (params: Record<string, string>) => {
      const trace: Traced[] = [];
      const t0 = performance.now();
      const q = searchQueryInput.parse(params);
      const spec = await resolveSearch(ctx, q, null);
      const t1 = performance.now();
      const { rows, stats } = await executeSearch(run, spec, q, tuning, null, trace);
      const t2 = performance.now();
      return { ms: t2 - t0, resolveMs: t1 - t0, shown: Math.min(rows.length, 10), total: stats.total, trace };
    };
    for (const s of warm) {
      await once({ similar_to: s.hash });
      if (s.city_id) await once({ similar_to: s.hash, 'search_city[]': String(s.city_id) }).catch(() => null);
    }
    let slowest: { label: string; ms: number; trace: Traced[] } = { label: '', ms: -1, trace: [] };
    const measure = async (withCity: boolean): Promise<SimilarStats> => {
      const times: number[] = [];
      const resolving: number[] = [];
      let results = 0;
      const pg0 = await backendsCpu(database);
      const node0 = process.cpuUsage();
      for (const s of sources) {
        if (withCity && !s.city_id) continue;
        const params: Record<string, string> = { similar_to: s.hash };
        if (withCity) params['search_city[]'] = String(s.city_id);
        // A city the dictionary does not list is a 422 for the search too: not a request the page makes.
        const r = await once(params).catch(() => null);
        if (!r) continue;
        times.push(r.ms);
        resolving.push(r.resolveMs);
        results += r.total;
        if (r.ms > slowest.ms) slowest = { label: new URLSearchParams(params).toString(), ms: r.ms, trace: r.trace };
      }
      const node1 = process.cpuUsage(node0);
      const pg1 = await backendsCpu(database);
      const per = (x: number) => x / Math.max(1, times.length);
      const sorted = [...times].sort((a, b) => a - b);
      const resolved = [...resolving].sort((a, b) => a - b);
      return {
        pgCpuMs: pg0 !== null && pg1 !== null ? per((pg1 - pg0) * 1000) : null,
        nodeCpuMs: per((node1.user + node1.system) / 1000),
        resolveP50: pct(resolved, 0.5),
        resolveP95: pct(resolved, 0.95),
        n: sorted.length,
        p50: pct(sorted, 0.5),
        p95: pct(sorted, 0.95),
        max: sorted.at(-1) ?? 0,
        meanResults: results / Math.max(1, sorted.length),
      };
    };
    const line = (label: string, s: SimilarStats) =>
      `${label.padEnd(34)} n=${String(s.n).padStart(4)}  p50 ${ms(s.p50).padStart(8)}  p95 ${ms(s.p95).padStart(8)}  max ${ms(s.max).padStart(8)}  similar found: ${s.meanResults.toFixed(0)} on average; of it the source read: p50 ${ms(s.resolveP50)}, p95 ${ms(s.resolveP95)}\n${''.padEnd(36)}CPU a request: PostgreSQL ${s.pgCpuMs === null ? 'n/a' : ms(s.pgCpuMs)}, this process ${ms(s.nodeCpuMs)}`;
    const load = (await import('node:os'))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
    log(`\n«Похожие резюме» (similar_to, page 1), ${sources.length} random resumes, one request at a time (load average ${load}):`);
    const plain = await measure(false);
    log(line('  similar_to', plain));
    const city = await measure(true);
    log(line('  similar_to + the source’s city', city));
    const statement = slowest.trace.find((t) => t.name === 'similar')?.sql;
    let explain = '';
    if (statement) {
      const client = await pool.connect();
      try {
        const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
        explain = r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n');
      } finally {
        client.release();
      }
    }
    log(`\n  the slowest (${ms(slowest.ms)}): ?${slowest.label}\n  its similar statement, run again:\n${explain.replace(/^/gm, '    ')}`);
    return { sources: sources.length, plain, city, slowest: { label: slowest.label, ms: slowest.ms, explain } };
  } finally {
    await pool.end();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // BENCH_PREPARE=0: the database is ready (a rerun minutes later): skip the vacuum and prewarm.
  if (process.env.BENCH_PREPARE !== '0') await prepareBenchDatabase({ url: BENCH_DATABASE_URL });
  await measureSimilar();
}
