// `npm run bench:lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone, simulated
// slow 4G and a 4× slower CPU) of the public pages — the home page and a published vacancy — on the
// built app, in Debian's Chromium.
//
// 1. Builds the client (`npm run build -w @hr/web`; BENCH_LIGHTHOUSE_BUILD=0 measures the build there is).
// 2. Starts the app (embedded PGlite with the demo data) on its own port and DATA_DIR, and publishes a
//    vacancy as the demo member, through the API as the editor would.
// 3. Runs Lighthouse BENCH_LIGHTHOUSE_RUNS times (3) per page after one unmeasured load of each, and
//    prints each run and the median: the performance score, FCP, LCP, TBT, CLS, Speed Index, the
//    best-practices and SEO scores and what the console reported. The goals: performance ≥ 0.9,
//    LCP ≤ 2.0 s, CLS ≤ 0.05, no console error. The machine's load average is printed beside them:
//    Lighthouse simulates the network but runs the page on this CPU.
//
// Env: BENCH_LIGHTHOUSE_RUNS (3), BENCH_LIGHTHOUSE_BUILD (1), CHROME_PATH (/usr/bin/chromium),
// BENCH_LIGHTHOUSE_REPORTS (a folder: each run's full report is written there as JSON, to see where
// the main thread's time goes — the audits `bootup-time` and `mainthread-work-breakdown`).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PORT = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEMO_MEMBER = { email: 'member@hr-club.demo', password: 'demo12345' };
/** Of the runs Lighthouse could measure (a failed run gives NaN). */
const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? 0;
};
const loadAverage = () => `${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${cpus().length} cores`;

if (process.env.BENCH_LIGHTHOUSE_BUILD !== '0') {
  console.log('Building the client…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@hr/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function startApp(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED: '1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hr-bench-lighthouse-')),
      WEB_DIST: path.join(root, 'apps/web/dist'),
    },
  });
}

/** The home page once it comes drawn by the server (a cold server gives up drawing after 3 s). */
async function waitForApp(timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await (await fetch(`${base}/`)).text()).includes('data-first-screen')) return;
    } catch {}
    if (Date.now() > deadline) throw new Error('the app did not start with its first screen');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A tiny cookie jar: the demo member's session for the calls that publish the vacancy. */
async function publishVacancy(): Promise<number> {
  const jar = new Map<string, string>();
  const call = async (method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = { Accept: 'application/json', Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    const xsrf = jar.get('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    if (body) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  await call('GET', '/sanctum/csrf-cookie');
  await call('POST', '/login', { ...DEMO_MEMBER, remember: false });
  const paragraph = 'Ищем рекрутера в команду подбора: закрытие вакансий ИТ и продаж, работа с hh.ru, собеседования, отчётность по воронке. ';
  const answer = await call('POST', '/api/vacancy', {
    title: 'Менеджер по подбору персонала (IT)',
    city: '1069',
    salary_from: 120000,
    salary_to: 180000,
    skills: ['Подбор персонала', 'Хантинг', 'Собеседования'],
    description: `<p>${paragraph.repeat(3)}</p><ul><li>Белая зарплата</li><li>Гибридный график</li></ul>`,
    status: 'published',
  });
  return Number(answer.res.id);
}

type Run = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; bp: number; seo: number; console: string[] };

const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
let reportNumber = 0;

async function audit(port: number, url: string): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'best-practices', 'seo'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) console.log(`  Lighthouse could not measure this run: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${++reportNumber}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`;
    writeFileSync(path.join(REPORTS, name), typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const items = (audits['errors-in-console']?.details as { items?: { description?: string; source?: string }[] } | undefined)?.items ?? [];
  return {
    score: categories.performance?.score ?? 0,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    bp: categories['best-practices']?.score ?? 0,
    seo: categories.seo?.score ?? 0,
    console: items.map((item) => `${item.source ?? ''}: ${item.description ?? ''}`.slice(0, 200)),
  };
}

const line = (r: Run) =>
  `performance ${r.score.toFixed(2)}, FCP ${(r.fcp / 1000).toFixed(1)} s, LCP ${(r.lcp / 1000).toFixed(1)} s, ` +
  `TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, Speed Index ${(r.si / 1000).toFixed(1)} s, ` +
  `best practices ${r.bp.toFixed(2)}, SEO ${r.seo.toFixed(2)}, console errors ${r.console.length}`;

console.log(`load average before: ${loadAverage()}`);
const app = startApp();
try {
  await waitForApp();
  const vacancy = await publishVacancy();
  const pages = [
    { name: 'home page', url: `${base}/` },
    { name: 'public vacancy', url: `${base}/vacancy/${vacancy}` },
  ];
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const summary: string[] = [];
    for (const page of pages) {
      console.log(`\n— ${page.name} (${page.url}) —`);
      await audit(chrome.port, page.url); // warms the server and its drawn pages; not counted
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await audit(chrome.port, page.url);
        runs.push(run);
        console.log(`run ${i + 1}: ${line(run)} (load ${loadavg()[0]?.toFixed(1)})`);
        for (const message of run.console) console.log(`  console: ${message}`);
      }
      const measured = runs.filter((r) => !Number.isNaN(r.lcp));
      const mid = (pick: (r: Run) => number) => median(measured.map(pick));
      summary.push(
        `${page.name.padEnd(15)} ${line({
          score: mid((r) => r.score),
          fcp: mid((r) => r.fcp),
          lcp: mid((r) => r.lcp),
          tbt: mid((r) => r.tbt),
          cls: mid((r) => r.cls),
          si: mid((r) => r.si),
          bp: mid((r) => r.bp),
          seo: mid((r) => r.seo),
          console: runs.at(-1)?.console ?? [],
        })}`,
      );
    }
    console.log(`\nMedians of the measured runs of ${RUNS} (mobile, simulated throttling):`);
    for (const s of summary) console.log(`  ${s}`);
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    chrome.kill();
  }
} finally {
  if (app.pid) process.kill(-app.pid, 'SIGTERM');
}
