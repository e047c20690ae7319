// `npm run bench`: cold start of `npm start` on the embedded database (PGlite, one instance), a bare
// Fastify route for scale, then the realistic mix of bench/lib/mix.ts (the one `npm run bench:load`
// runs on PostgreSQL) with the CPU per request, and the dictionaries alone. Prints figures; never
// fails on time. Env: BENCH_SECONDS (5 per single figure), BENCH_MIX_SECONDS (30),
// BENCH_CONNECTIONS (200 in the mix), BENCH_WARMUP (10 s of the mix before the measured ones).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, type LoadResult } from './load.ts';
import { hashesFromSearch, processCpu, reportCpu, reportMix, runMix, signIn, waitFor200 } from './lib/mix.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3900;
const BARE_PORT = 3901;
const base = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const mixSeconds = Number(process.env.BENCH_MIX_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);

/** The compiled server `npm start` runs for this bench (found by its PORT), for its CPU time. */
function serverPid(): number {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/server.js')) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${PORT}`)) return Number(pid);
    } catch {}
  }
  return 0;
}

function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
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
  const session = await signIn(base);
  const { cookie } = session;

  console.log(`\nMachine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}; embedded PGlite; ${seconds} s per figure, 32 connections\n`);
  console.log(`cold start, npm start → first 200 on / (fresh data dir: migrations, dictionaries, demo users and 3000 demo resumes): ${(coldStart / 1000).toFixed(2)} s\n`);
  console.log(row('bare Fastify route', await load(`http://127.0.0.1:${BARE_PORT}/bare`, { seconds })));
  console.log(row('GET /api/user/main_info (member)', await load(`${base}/api/user/main_info`, { seconds, headers: { cookie } })));

  const hashes = await hashesFromSearch(base, session);
  const pid = serverPid();
  const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 10);
  let before = { server: processCpu(pid), self: process.cpuUsage() };
  console.log(`\nThe mix (bench/lib/mix.ts): one instance on PGlite, ${connections} connections, ${mixSeconds} s after ${warmupSeconds} s of warm-up, ${hashes.length} resumes opened in turn\n`);
  const mix = await runMix({
    bases: [base],
    sessions: [session],
    hashes,
    seconds: mixSeconds,
    connections,
    warmupSeconds,
    onMeasureStart: () => {
      before = { server: processCpu(pid), self: process.cpuUsage() };
    },
  });
  const self = process.cpuUsage(before.self);
  reportMix(mix);
  reportCpu(
    [
      { name: 'server (with PGlite)', seconds: processCpu(pid) - before.server },
      { name: 'load generator (this)', seconds: (self.user + self.system) / 1e6 },
    ],
    mix.samples.length,
    mix.elapsed,
    cpus().length,
  );
  console.log('');
  console.log(row('GET /api/dictionary?fields[]=…', await load(`${base}/api/dictionary?fields[]=experience&fields[]=schedule&fields[]=workingType`, { seconds })));
  console.log(row('GET /api/dictionary (all)', await load(`${base}/api/dictionary`, { seconds })));
} finally {
  stop(server);
  stop(bare);
}
