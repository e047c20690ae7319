// `npm run bench:load`: two API instances on PostgreSQL + Redis under a realistic mix (bench/lib/mix.ts).
//
// 1. Makes sure the bench database (BENCH_LOAD_DATABASE_URL, default …/hr_load) exists, is
//    migrated and holds the demo users and BENCH_LOAD_RESUMES demo resumes (20,000).
// 2. Builds the server when its sources changed and starts two compiled instances (ports 3920,
//    3921; BENCH_SERVER=src runs the sources through tsx instead), signs in the demo member on each.
// 3. Keeps BENCH_CONNECTIONS (200) requests in flight for BENCH_WARMUP (10) seconds, reported apart,
//    then for the measured BENCH_SECONDS (60), alternating the instances; BENCH_ROUTES=resume keeps
//    one kind (a profile per route); BENCH_WINDOWS=5 prints p99 per 5 s.
// 4. Prints per-route requests/s and p50/p99, then the CPU per request of each instance, of
//    PostgreSQL, Redis and of this load generator (from /proc).
// 5. With `--restart`, restarts the machine's PostgreSQL at half time and reports the errors per
//    second around it; every favourite the API acknowledged is looked up afterwards.
// Env: BENCH_NODE_ARGS adds node flags to the instances (`--cpu-prof --cpu-prof-dir=/tmp/prof`,
// then `tsx bench/cpu-profile-summary.ts /tmp/prof`).
// Prints figures; never fails on time.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresCpu, processCpu, redisCpu, reportCpu, reportMix, runMix, signIn, waitFor200 } from './lib/mix.ts';

const root = path.resolve(import.meta.dirname, '..');
const DATABASE_URL = process.env.BENCH_LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hr_load';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESUMES = Number(process.env.BENCH_LOAD_RESUMES ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
// BENCH_WARMUP (10): seconds of the mix before the measured ones, reported apart (0: none, as before 2026-11-28 08:30).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
// BENCH_PORT: the first of the two instances' ports (3920), for two runs side by side.
const PORT = Number(process.env.BENCH_PORT ?? 3920);
const PORTS = [PORT, PORT + 1];
const restart = process.argv.includes('--restart');
const fromSources = process.env.BENCH_SERVER === 'src';

async function ensureDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const have = await client
    .query<{ n: string }>('select count(*)::text as n from resumes')
    .then((r) => Number(r.rows[0]?.n ?? 0))
    .catch(() => 0);
  await client.end();
  if (have >= RESUMES) return;
  console.log(`Seeding ${RESUMES} demo resumes into ${name} (once)…`);
  const seeded = spawnSync('npm', ['run', 'cli', '--silent', '--', 'seed', '--resumes', String(RESUMES - have), '--random-seed', '7'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL },
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
}

function startInstance(port: number): ChildProcess {
  // BENCH_NODE_ARGS: extra flags for the instances, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = fromSources ? ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')] : [path.join(root, 'apps/api/dist/server.js')];
  return spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATABASE_URL, REDIS_URL, LOG_LEVEL: 'error', DEMO_SEED: '0', NODE_ENV: 'production' },
  });
}


async function main() {
  await ensureDatabase();
  const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const hashes = (await db.query<{ hash: string }>('select hash from resumes order by id limit 20000')).rows.map((r) => r.hash);
  const memberId = (await db.query<{ id: number }>("select id from users where email = 'member@hr-club.demo'")).rows[0]?.id;
  if (!memberId) throw new Error('no demo member: run `DATABASE_URL=… npm run cli -- seed` first');
  await db.query('delete from favourites where user_id = $1', [memberId]);

  if (!fromSources) {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-part.mjs'), 'server'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the server build failed');
  }
  const servers = PORTS.map(startInstance);
  const stopAll = () => {
    for (const s of servers) if (s.pid) try { process.kill(-s.pid, 'SIGTERM'); } catch {}
  };
  process.on('exit', stopAll);
  const bases = PORTS.map((p) => `http://127.0.0.1:${p}`);
  await Promise.all(bases.map((b) => waitFor200(`${b}/api/dictionary?fields[]=experience`)));
  const sessions = await Promise.all(bases.map(signIn));

  const readCpu = () => ({ instances: servers.map((s) => processCpu(s.pid ?? 0)), pg: postgresCpu(), redis: redisCpu(), self: process.cpuUsage() });
  let cpuBefore = readCpu();
  let restartedAt: number | undefined;
  console.log(`\n${bases.length} instances (${fromSources ? 'sources through tsx' : 'compiled'}) on PostgreSQL + Redis, ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP} s of warm-up${restart ? ', PostgreSQL restarted at half time' : ''}${process.env.BENCH_ROUTES ? `, only ${process.env.BENCH_ROUTES}` : ''}\n`);
  const result = await runMix({
    bases,
    sessions,
    hashes,
    seconds: SECONDS,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP,
    onMeasureStart: () => {
      cpuBefore = readCpu();
    },
    onHalfTime: restart
      ? (at) => {
          restartedAt = at;
          const version = readdirSync('/etc/postgresql')[0];
          const r = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', String(version), 'main', 'restart'], { stdio: 'inherit' });
          console.log(`PostgreSQL restarted at ${(at / 1000).toFixed(1)} s (exit ${r.status})`);
        }
      : undefined,
  });
  const self = process.cpuUsage(cpuBefore.self);
  const cpu = [
    ...servers.map((s, i) => ({ name: `instance ${i + 1}`, seconds: processCpu(s.pid ?? 0) - (cpuBefore.instances[i] ?? 0) })),
    { name: 'PostgreSQL', seconds: postgresCpu() - cpuBefore.pg },
    { name: 'Redis', seconds: redisCpu() - cpuBefore.redis },
    { name: 'load generator (this)', seconds: (self.user + self.system) / 1e6 },
  ];
  reportMix(result);
  reportCpu(cpu, result.samples.length, result.elapsed, cpus().length);
  const { samples, acknowledged } = result;
  const failed = samples.filter((s) => s.status !== 200).sort((a, b) => a.at - b.at);
  if (failed.length) {
    const first = failed[0] as (typeof failed)[number];
    const last = failed[failed.length - 1] as (typeof failed)[number];
    console.log(`errors between ${(first.at / 1000).toFixed(1)} s and ${((last.at + last.ms) / 1000).toFixed(1)} s${restartedAt !== undefined ? ` (restart at ${(restartedAt / 1000).toFixed(1)} s)` : ''}`);
  }

  const stored = new Set(
    (await db.query<{ hash: string }>('select r.hash from favourites f join resumes r on r.id = f.resume_id where f.user_id = $1', [memberId])).rows.map((r) => r.hash),
  );
  const lost = acknowledged.filter((h) => !stored.has(h));
  console.log(`acknowledged favourite writes: ${acknowledged.length}, present afterwards: ${acknowledged.length - lost.length}, lost: ${lost.length}`);
  await db.end();
  stopAll();
}

await main();
process.exit(0);
