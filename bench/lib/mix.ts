// The realistic mix of a signed-in member's calls, shared by `npm run bench:load` (two instances on
// PostgreSQL + Redis) and `npm run bench` (one instance on the embedded database): home search 30 %,
// resume page 20 %, main_info 20 %, notifications 15 %, dictionaries 10 %, adding a favourite 5 %
// (a write, each to a different resume). BENCH_ROUTES=resume,search keeps only those kinds (their
// weights kept), for a profile of one route. Prints figures; never fails on time.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { Pool } from 'undici';

export const SEARCHES = [
  'text=менеджер по продажам&search_city[]=1069',
  'text=бухгалтер&search_city[]=1070',
  'search_city[]=1069&searchOrderBy=publication_time',
  'text=водитель',
  '',
  'text=программист&field[]=title',
].map((qs) => `/api/resume/search?${new URLSearchParams(qs)}`);

/** Kind and weight (of 20). */
const WEIGHTS: [kind: string, weight: number][] = [
  ['search', 6],
  ['resume', 4],
  ['main_info', 4],
  ['notifications', 3],
  ['dictionary', 2],
  ['favourite (write)', 1],
];

export type Session = { cookie: string; xsrf: string };
export type Sample = { at: number; ms: number; status: number; kind: string };

/** Why requests got no answer (the first few of each kind), printed with the figures. */
const errorKinds = new Map<string, number>();
function noteError(error: Error): void {
  const key = `${error.name}: ${(error as Error & { code?: string }).code ?? ''} ${error.message}`.slice(0, 160);
  errorKinds.set(key, (errorKinds.get(key) ?? 0) + 1);
}

export async function waitFor200(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`no 200 from ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs in as the demo member with its remember-me session; the cookies a browser would send. */
export async function signIn(base: string): Promise<Session> {
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

/** Resume hashes the member can open, read through the search (works on either database). */
export async function hashesFromSearch(base: string, session: Session, want = 2000): Promise<string[]> {
  const out = new Set<string>();
  for (let page = 1; out.size < want && page <= 100; page++) {
    const res = await fetch(`${base}/api/resume/search?page=${page}`, { headers: { cookie: session.cookie, accept: 'application/json' } });
    const body = (await res.json()) as { res?: { data?: { hash: string }[] } };
    const items = body.res?.data ?? [];
    if (!items.length) break;
    for (const r of items) out.add(r.hash);
  }
  return [...out];
}

export type MixOptions = {
  bases: string[];
  sessions: Session[];
  hashes: string[];
  seconds: number;
  connections: number;
  /** Hashes for the favourite writes, each used once; defaults to `hashes`. */
  writeHashes?: string[];
  /** Seconds of the same mix before the measured ones (a fresh process's JIT, pools, caches): reported apart. */
  warmupSeconds?: number;
  /** Called when the measured seconds begin (after the warm-up), e.g. to read the CPU counters. */
  onMeasureStart?: () => void;
  onHalfTime?: (elapsedMs: number) => void;
};

/** `samples` and `elapsed` are the measured part; `warmup` what came before it; writes of both are acknowledged. */
export type MixResult = { samples: Sample[]; elapsed: number; acknowledged: string[]; warmup: Sample[] };

export async function runMix(opts: MixOptions): Promise<MixResult> {
  const only = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim()).filter(Boolean);
  const weights = WEIGHTS.filter(([kind]) => !only || only.some((o) => kind.startsWith(o)));
  if (!weights.length) throw new Error(`BENCH_ROUTES=${process.env.BENCH_ROUTES} names no kind of ${WEIGHTS.map((w) => w[0]).join(', ')}`);
  const wheel = weights.flatMap(([kind, w]) => Array.from({ length: w }, () => kind));
  if (!opts.hashes.length) throw new Error('no resume hashes to open');
  const writeHashes = opts.writeHashes ?? opts.hashes;
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  // BENCH_CLIENT=http: Node's own client (the figures before 2026-11-28); undici by default, whose
  // cost per request is lower, so more of the 2 cores go to what is measured.
  const pools =
    process.env.BENCH_CLIENT === 'http'
      ? null
      : opts.bases.map((b) => new Pool(b, { connections: Math.ceil(opts.connections / opts.bases.length), pipelining: 1, keepAliveTimeout: 60_000 }));
  const samples: Sample[] = [];
  const acknowledged: string[] = [];
  let nextHash = 0;
  let n = 0;
  const warmupMs = (opts.warmupSeconds ?? 0) * 1000;
  const warmup: Sample[] = [];
  // Times are counted from the end of the warm-up: a warm-up request has a negative start.
  const began = performance.now() + warmupMs;
  const deadline = began + opts.seconds * 1000;
  const measureTimer = setTimeout(() => opts.onMeasureStart?.(), warmupMs);

  const one = (instance: number) =>
    new Promise<void>((resolve) => {
      const base = opts.bases[instance] as string;
      const session = opts.sessions[instance] as Session;
      const kind = wheel[n++ % wheel.length] as string;
      let method = 'GET';
      let target: string;
      let body: string | undefined;
      let hash: string | undefined;
      if (kind === 'search') target = SEARCHES[n % SEARCHES.length] as string;
      else if (kind === 'resume') target = `/api/resume/${opts.hashes[n % opts.hashes.length]}`;
      else if (kind === 'main_info') target = '/api/user/main_info';
      else if (kind === 'notifications') target = '/api/notify/message?page=1';
      else if (kind === 'dictionary') target = '/api/dictionary?fields[]=experience&fields[]=schedule';
      else {
        hash = writeHashes[nextHash++ % writeHashes.length];
        [method, target, body] = ['POST', `/api/favourite/${hash}`, JSON.stringify({ note: 'нагрузка' })];
      }
      const started = performance.now();
      const done = (status: number) => {
        if (hash && status === 200) acknowledged.push(hash);
        const sample = { at: started - began, ms: performance.now() - started, status, kind };
        (sample.at < 0 ? warmup : samples).push(sample);
        resolve();
      };
      const headers = {
        cookie: session.cookie,
        'x-xsrf-token': session.xsrf,
        accept: 'application/json',
        'accept-encoding': 'br, gzip',
        ...(body ? { 'content-type': 'application/json' } : {}),
      };
      if (pools) {
        (pools[instance] as Pool)
          .request({ path: target, method: method as 'GET' | 'POST', headers, body, headersTimeout: 15_000, bodyTimeout: 15_000 })
          .then(
            async (res) => {
              await res.body.dump({ limit: Number.POSITIVE_INFINITY });
              done(res.statusCode);
            },
            (error: Error) => {
              noteError(error);
              done(0);
            },
          );
        return;
      }
      const req = http.request(`${base}${target}`, { method, agent, headers, timeout: 15_000 }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      });
      req.on('error', (error) => {
        noteError(error);
        done(0);
      });
      req.on('timeout', () => req.destroy());
      req.end(body);
    });

  const halfTimer = opts.onHalfTime ? setTimeout(() => opts.onHalfTime?.(performance.now() - began), warmupMs + (opts.seconds * 1000) / 2) : undefined;
  const worker = async (i: number) => {
    while (performance.now() < deadline) await one(i % opts.bases.length);
  };
  await Promise.all(Array.from({ length: opts.connections }, (_, i) => worker(i)));
  clearTimeout(halfTimer);
  clearTimeout(measureTimer);
  agent.destroy();
  await Promise.all((pools ?? []).map((p) => p.close()));
  return { samples, elapsed: (performance.now() - began) / 1000, acknowledged, warmup };
}

export function reportMix({ samples, elapsed, warmup }: MixResult): void {
  const report = (name: string, list: Sample[]) => {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
    const errors = list.filter((s) => s.status !== 200).length;
    console.log(
      `${name.padEnd(20)} ${String(list.length).padStart(7)} req ${(list.length / elapsed).toFixed(0).padStart(6)} req/s   p50 ${at(0.5).toFixed(1).padStart(7)} ms   p99 ${at(0.99).toFixed(1).padStart(7)} ms   errors ${errors}`,
    );
  };
  if (warmup.length) {
    const ms = warmup.map((s) => s.ms).sort((a, b) => a - b);
    const at = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(1);
    const seconds = -warmup.reduce((first, s) => Math.min(first, s.at), 0) / 1000;
    console.log(
      `warm-up (the first ${seconds.toFixed(0)} s, not counted below): ${warmup.length} req, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, errors ${warmup.filter((s) => s.status !== 200).length}\n`,
    );
  }
  report('all', samples);
  for (const kind of [...new Set(samples.map((s) => s.kind))]) report(kind, samples.filter((s) => s.kind === kind));
  const byStatus = new Map<number, number>();
  for (const s of samples) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  console.log(`\nstatuses: ${[...byStatus].map(([k, v]) => `${k || 'no answer'}: ${v}`).join(', ')}`);
  for (const [why, count] of errorKinds) console.log(`  no answer ×${count}: ${why}`);
  // BENCH_WINDOWS=5: requests/s and p99 per 5 s of the run, to tell a steady tail from a few bad moments.
  const windowSeconds = Number(process.env.BENCH_WINDOWS ?? 0);
  if (windowSeconds > 0) {
    console.log(`\nper ${windowSeconds} s (by the request's start):`);
    // Whole windows only: the last requests end after the deadline, in no window of their own.
    for (let from = 0; from + windowSeconds <= elapsed + 0.5; from += windowSeconds) {
      const ms = samples
        .filter((s) => s.at >= from * 1000 && s.at < (from + windowSeconds) * 1000)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      const p = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(0);
      console.log(`  ${String(from).padStart(4)} s  ${(ms.length / windowSeconds).toFixed(0).padStart(6)} req/s   p50 ${p(0.5).padStart(5)} ms   p99 ${p(0.99).padStart(5)} ms   max ${p(1).padStart(5)} ms`);
    }
  }
  const slow = samples.filter((s) => s.ms > 2000).map((s) => s.at / 1000);
  if (slow.length) console.log(`  ${slow.length} requests over 2 s, started between ${Math.min(...slow).toFixed(1)} s and ${Math.max(...slow).toFixed(1)} s`);
}

// CPU accounting from /proc (Linux): seconds of user + system time.
const TICK = 100; // USER_HZ on Linux

/** utime + stime (+ the reaped children's, with `children`) of a process, in seconds. */
export function processCpu(pid: number, children = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the name: state(0) … utime(11) stime(12) cutime(13) cstime(14).
    const own = Number(f[11]) + Number(f[12]);
    return (children ? own + Number(f[13]) + Number(f[14]) : own) / TICK;
  } catch {
    return 0;
  }
}

const commOf = (pid: string) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};
const parentOf = (pid: string) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
};

/** All PostgreSQL's CPU: the postmaster with its ended backends, plus every live backend. */
export function postgresCpu(): number {
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p) && /^postgres/.test(commOf(p)));
  const set = new Set(pids.map(Number));
  let total = 0;
  for (const pid of pids) {
    const root = !set.has(parentOf(pid));
    total += processCpu(Number(pid), root);
  }
  return total;
}

export function redisCpu(): number {
  const pid = readdirSync('/proc').find((p) => /^\d+$/.test(p) && commOf(p) === 'redis-server');
  return pid ? processCpu(Number(pid)) : 0;
}

/** Milliseconds of CPU per request of each part, and the share of the machine's cores they used. */
export function reportCpu(parts: { name: string; seconds: number }[], requests: number, elapsed: number, cores: number): void {
  console.log(`\nCPU per request (${requests} requests in ${elapsed.toFixed(1)} s, ${cores} cores):`);
  let sum = 0;
  for (const { name, seconds } of parts) {
    sum += seconds;
    console.log(`  ${name.padEnd(26)} ${((seconds * 1000) / requests).toFixed(3).padStart(7)} ms   ${((100 * seconds) / elapsed).toFixed(0).padStart(4)} % of a core`);
  }
  console.log(`  ${'all measured'.padEnd(26)} ${((sum * 1000) / requests).toFixed(3).padStart(7)} ms   ${((100 * sum) / (elapsed * cores)).toFixed(0).padStart(4)} % of the machine`);
}
