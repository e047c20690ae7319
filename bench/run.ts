// `npm run bench`: cold start of `npm start`, then requests/s and p99 of the foundation's hot calls
// next to a bare Fastify route, all in one run. Prints figures; never fails on time.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, type LoadResult } from './load.ts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3900;
const BARE_PORT = 3901;
const base = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

async function waitFor200(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`no 200 from ${url}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
}

/** Signs in as the demo member and returns the Cookie header a browser would send. */
async function demoCookies(): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const [k = '', v = ''] = pair.split('=');
      jar.set(k, v);
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/sanctum/csrf-cookie`));
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' },
    body: JSON.stringify({ email: 'member@hr-club.demo', password: 'demo12345', remember: true }),
  });
  if (res.status !== 200) throw new Error(`demo login failed: ${res.status}`);
  keep(res);
  return header();
}

const row = (name: string, r: LoadResult) =>
  `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   ${r.errors ? `errors ${r.errors}` : ''}`;

console.log('Building the client (not part of the cold start)…');
spawnSync('npm', ['run', 'build', '-w', '@hr/web', '--silent'], { cwd: root, stdio: 'ignore' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-'));
const started = performance.now();
const server = spawn('npm', ['start'], {
  cwd: root,
  detached: true,
  stdio: 'ignore',
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
});
const bare = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-server.ts')], {
  detached: true,
  stdio: 'ignore',
  env: { ...process.env, PORT: String(BARE_PORT) },
});
try {
  await waitFor200(`${base}/`);
  const coldStart = performance.now() - started;
  await waitFor200(`http://127.0.0.1:${BARE_PORT}/bare`);
  const cookie = await demoCookies();

  console.log(`\nMachine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}; embedded PGlite; ${seconds} s per figure, 32 connections\n`);
  console.log(`cold start, npm start → first 200 on / (fresh data dir: migrations, dictionaries, demo users and 3000 demo resumes): ${(coldStart / 1000).toFixed(2)} s\n`);
  console.log(row('bare Fastify route', await load(`http://127.0.0.1:${BARE_PORT}/bare`, { seconds })));
  console.log(row('GET /api/user/main_info (member)', await load(`${base}/api/user/main_info`, { seconds, headers: { cookie } })));
  console.log(row('GET /api/dictionary?fields[]=…', await load(`${base}/api/dictionary?fields[]=experience&fields[]=schedule&fields[]=workingType`, { seconds })));
  console.log(row('GET /api/dictionary (all)', await load(`${base}/api/dictionary`, { seconds })));
} finally {
  stop(server);
  stop(bare);
}
