// The benches' shared PostgreSQL database of a million resumes (bench:search, bench:autosearch,
// the «похожие резюме» figure): created when missing, migrated to the newest migration, seeded
// once with the demo generator, its resume indexes exactly as the migrations define them, vacuumed
// and analysed, and (unless BENCH_PREWARM=0) read into the OS cache.
//
// The seed takes many minutes and several benches may start it at once: it runs under
// `flock /tmp/hr-bench-seed.lock`, and whoever gets the lock second finds the resumes there and
// seeds nothing.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createIndexes, currentResumeIndexes, dropIndexes, migrationResumeIndexes } from '../apps/api/src/modules/resume/generator/indexes.ts';

const root = path.resolve(import.meta.dirname, '..');
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hr_bench';
export const BENCH_SEED_LOCK = '/tmp/hr-bench-seed.lock';

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Creates the database when the server does not have it. */
export async function ensureDatabase(url = BENCH_DATABASE_URL): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) {
      console.log(`Creating database ${name}…`);
      await admin.query(`create database "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await admin.end();
  }
}

/** The search's resumes (a vacancy's reply resumes are not in the search). */
export async function resumeCount(url = BENCH_DATABASE_URL): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query('select count(*)::int as n from resumes where vacancy_id is null');
    return r.rows[0].n as number;
  } finally {
    await client.end();
  }
}

/**
 * Seeds `want` demo resumes unless the database has them; under the seed lock, counting again once
 * it is held (another bench may have just seeded).
 */
function seedUnderLock(url: string, want: number): void {
  const seed = `npm run cli --silent -- seed --resumes ${want} --random-seed 1`;
  const script = `n=$(psql "$DATABASE_URL" -Atc "select count(*) from resumes where vacancy_id is null" 2>/dev/null || echo 0)
if [ "\${n:-0}" -lt ${want} ]; then echo "$n resumes; seeding ${want} with the demo generator (once)…"; exec ${seed}; fi
echo "$n resumes: seeded meanwhile by another run"`;
  const seeded = spawnSync('flock', [BENCH_SEED_LOCK, 'sh', '-c', script], { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
  if (seeded.status !== 0) throw new Error(`the seed did not finish (exit ${seeded.status})`);
}

export type PreparedDatabase = { rows: number };

/**
 * From an empty server to a database the benches can measure: the database, the app's migrations
 * (every run: a new migration lands on an old bench database too), the demo resumes once, the
 * resume indexes as the migrations define them, `vacuum (analyze) resumes`, the prewarm.
 */
export async function prepareBenchDatabase(opts: { url?: string; want?: number; prewarm?: boolean } = {}): Promise<PreparedDatabase> {
  const url = opts.url ?? BENCH_DATABASE_URL;
  const want = opts.want ?? Number(process.env.BENCH_RESUMES ?? 1_000_000);
  await ensureDatabase(url);
  if ((await resumeCount(url).catch(() => 0)) < want) {
    // The seed migrates first; waiting for another run's seed must come before our own migrate.
    seedUnderLock(url, want);
  }
  const migrated = await openDatabase({ databaseUrl: url });
  await migrated.migrate();
  await migrated.close();
  const n = await resumeCount(url);
  // The indexes exactly as the migrations define them: one the migrations do not define (an early
  // draft's, or one a later migration dropped) goes; every one they define is checked (the
  // generator drops them for a bulk load). Then statistics and the visibility map (index-only scans).
  const database = await openDatabase({ databaseUrl: url });
  const t0 = performance.now();
  const wanted = new Set(migrationResumeIndexes().map((i) => i.name));
  await dropIndexes(database, (await currentResumeIndexes(database)).filter((i) => !wanted.has(i.name)));
  await createIndexes(database, migrationResumeIndexes(), 2);
  console.log(`search indexes checked: ${ms(performance.now() - t0)}`);
  await database.close();
  const c2 = new pg.Client({ connectionString: url });
  await c2.connect();
  try {
    const t = performance.now();
    await c2.query('vacuum (analyze) resumes');
    console.log(`vacuum (analyze) resumes: ${ms(performance.now() - t)}`);
    // This kind of machine hands page cache that nobody read for a while back to the system (the
    // kernel's proactive reclaim), so after an idle spell half the heap comes from disk again. A
    // server that searches all day keeps it in memory: the table, its TOAST and its indexes are read
    // into the OS cache first (pg_prewarm, PostgreSQL's contrib), and the time that took is printed.
    if (opts.prewarm ?? process.env.BENCH_PREWARM !== '0') {
      const tw = performance.now();
      await c2.query('create extension if not exists pg_prewarm');
      const warmed = await c2.query(`select coalesce(sum(pg_prewarm(c.oid::regclass, 'read')), 0)::bigint as blocks from pg_class c
        where c.oid = 'resumes'::regclass or c.oid = (select reltoastrelid from pg_class where oid = 'resumes'::regclass)
           or c.oid in (select indexrelid from pg_index where indrelid = 'resumes'::regclass)`);
      const mb = (Number(warmed.rows[0].blocks) * 8) / 1024;
      console.log(`read into the OS cache (pg_prewarm; BENCH_PREWARM=0 skips it): ${mb.toFixed(0)} MB in ${ms(performance.now() - tw)}`);
    }
    const size =
      await c2.query(`select pg_size_pretty(pg_total_relation_size('resumes')) as total, pg_size_pretty(pg_relation_size('resumes')) as heap,
      (select setting from pg_settings where name = 'shared_buffers') as sb, version() as v`);
    console.log(
      `resumes: ${n} rows, ${size.rows[0].total} with indexes and TOAST (heap ${size.rows[0].heap}); shared_buffers ${(Number(size.rows[0].sb) * 8) / 1024} MB`,
    );
    console.log(String(size.rows[0].v).split(' on ')[0]);
  } finally {
    await c2.end();
  }
  return { rows: n };
}
