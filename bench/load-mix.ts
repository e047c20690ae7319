// `npm run bench:load`: two API instances on PostgreSQL + Redis under a realistic mix.
//
// 1. Makes sure the bench database (BENCH_LOAD_DATABASE_URL, default …/hr_load) exists, is
//    migrated and holds the demo users and BENCH_LOAD_RESUMES demo resumes (20,000).
// 2. Starts two instances (ports 3920, 3921) with DATABASE_URL and REDIS_URL, signs in the demo
//    member on each.
// 3. Keeps BENCH_CONNECTIONS (200) requests in flight for BENCH_SECONDS (60), alternating the
//    instances: home search 30 %, resume page 20 %, main_info 20 %, notifications 15 %,
//    dictionaries 10 %, adding a favourite 5 % (a write, each to a different resume).
// 4. With `--restart`, restarts the machine's PostgreSQL at half time and reports the errors per
//    second around it; every favourite the API acknowledged is looked up afterwards.
// Env: BENCH_NODE_ARGS adds node flags to the instances (profiling).
// Prints figures; never fails on time.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const DATABASE_URL = process.env.BENCH_LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hr_load';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESUMES = Number(process.env.BENCH_LOAD_RESUMES ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const PORTS = [3920, 3921];
const restart = process.argv.includes('--restart');

const SEARCHES = [
  'text=менеджер по продажам&search_city[]=1069',
  'text=бухгалтер&search_city[]=1070',
  'search_city[]=1069&searchOrderBy=publication_time',
  'text=водитель',
  '',
  'text=программист&field[]=title',
].map((qs) => `/api/resume/search?${new URLSearchParams(qs)}`);

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
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATABASE_URL, REDIS_URL, LOG_LEVEL: 'error', DEMO_SEED: '0', NODE_ENV: 'production' },
  });
}

async function waitFor200(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`no 200 from ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Session = { cookie: string; xsrf: string };
async function signIn(base: string): Promise<Session> {
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
    body: JSON.stringify({ email: 'member@hr-club.demo', password: 'demo12345', remember: true }),
  });
  if (res.status !== 200) throw new Error(`demo login failed on ${base}: ${res.status} ${await res.text()}`);
  keep(res);
  return { cookie: header(), xsrf: decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') };
}

type Sample = { at: number; ms: number; status: number; kind: string };

async function main() {
  await ensureDatabase();
  const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const hashes = (await db.query<{ hash: string }>('select hash from resumes order by id limit 20000')).rows.map((r) => r.hash);
  const memberId = (await db.query<{ id: number }>("select id from users where email = 'member@hr-club.demo'")).rows[0]?.id;
  if (!memberId) throw new Error('no demo member: run `DATABASE_URL=… npm run cli -- seed` first');
  await db.query('delete from favourites where user_id = $1', [memberId]);

  const servers = PORTS.map(startInstance);
  const stopAll = () => {
    for (const s of servers) if (s.pid) try { process.kill(-s.pid, 'SIGTERM'); } catch {}
  };
  process.on('exit', stopAll);
  const bases = PORTS.map((p) => `http://127.0.0.1:${p}`);
  await Promise.all(bases.map((b) => waitFor200(`${b}/api/dictionary?fields[]=experience`)));
  const sessions = await Promise.all(bases.map(signIn));

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const samples: Sample[] = [];
  const acknowledged: string[] = [];
  let nextHash = 0;
  let n = 0;
  const began = performance.now();
  const deadline = began + SECONDS * 1000;

  const one = (instance: number) =>
    new Promise<void>((resolve) => {
      const base = bases[instance] as string;
      const session = sessions[instance] as Session;
      const roll = n++ % 20;
      let kind: string;
      let method = 'GET';
      let target: string;
      let body: string | undefined;
      let hash: string | undefined;
      if (roll < 6) [kind, target] = ['search', SEARCHES[n % SEARCHES.length] as string];
      else if (roll < 10) [kind, target] = ['resume', `/api/resume/${hashes[n % hashes.length]}`];
      else if (roll < 14) [kind, target] = ['main_info', '/api/user/main_info'];
      else if (roll < 17) [kind, target] = ['notifications', '/api/notify/message?page=1'];
      else if (roll < 19) [kind, target] = ['dictionary', '/api/dictionary?fields[]=experience&fields[]=schedule'];
      else {
        hash = hashes[nextHash++ % hashes.length];
        [kind, method, target, body] = ['favourite (write)', 'POST', `/api/favourite/${hash}`, JSON.stringify({ note: 'нагрузка' })];
      }
      const started = performance.now();
      const req = http.request(
        `${base}${target}`,
        {
          method,
          agent,
          headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
          timeout: 15_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (hash && status === 200) acknowledged.push(hash);
            samples.push({ at: started - began, ms: performance.now() - started, status, kind });
            resolve();
          });
        },
      );
      req.on('error', () => {
        samples.push({ at: started - began, ms: performance.now() - started, status: 0, kind });
        resolve();
      });
      req.on('timeout', () => req.destroy());
      req.end(body);
    });

  let restartedAt: number | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  if (restart) {
    restartTimer = setTimeout(() => {
      restartedAt = performance.now() - began;
      const version = readdirSync('/etc/postgresql')[0];
      const r = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', String(version), 'main', 'restart'], { stdio: 'inherit' });
      console.log(`PostgreSQL restarted at ${(restartedAt / 1000).toFixed(1)} s (took ${((performance.now() - began - restartedAt) / 1000).toFixed(1)} s, exit ${r.status})`);
    }, (SECONDS * 1000) / 2);
  }

  const worker = async (i: number) => {
    while (performance.now() < deadline) await one(i % bases.length);
  };
  console.log(`\n${bases.length} instances on PostgreSQL + Redis, ${CONNECTIONS} connections, ${SECONDS} s${restart ? ', PostgreSQL restarted at half time' : ''}\n`);
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => worker(i)));
  const elapsed = (performance.now() - began) / 1000;
  clearTimeout(restartTimer);
  agent.destroy();

  const report = (name: string, list: Sample[]) => {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
    const errors = list.filter((s) => s.status !== 200).length;
    console.log(
      `${name.padEnd(20)} ${String(list.length).padStart(7)} req ${(list.length / elapsed).toFixed(0).padStart(6)} req/s   p50 ${at(0.5).toFixed(1).padStart(7)} ms   p99 ${at(0.99).toFixed(1).padStart(7)} ms   errors ${errors}`,
    );
  };
  report('all', samples);
  for (const kind of [...new Set(samples.map((s) => s.kind))]) report(kind, samples.filter((s) => s.kind === kind));
  const byStatus = new Map<number, number>();
  for (const s of samples) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  console.log(`\nstatuses: ${[...byStatus].map(([k, v]) => `${k || 'no answer'}: ${v}`).join(', ')}`);

  const failed = samples.filter((s) => s.status !== 200).sort((a, b) => a.at - b.at);
  if (failed.length) {
    const first = failed[0] as Sample;
    const last = failed[failed.length - 1] as Sample;
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
