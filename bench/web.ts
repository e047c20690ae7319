// `npm run bench:web`: what the home page costs a first-time visitor, and what a member's first
// screen does (drawn for the member from the start: no visitor's layout first, no shift).
//
// 1. Builds the client (`npm run build -w @hr/web`; BENCH_WEB_BUILD=0 skips it).
// 2. Starts the app (embedded PGlite with the demo data) on its own port and DATA_DIR.
// 3. Loads `/` cold in Chromium (a fresh browser context each time: no cache, no cookies; a member's
//    context is signed in as the demo member first), BENCH_WEB_RUNS times (5) for each case — a visitor
//    and a member, at 1280 and at 375 px — after one unmeasured load that warms the server.
// 4. Prints, per load and as medians: the bytes transferred before the first result card and in
//    all (as sent: brotli or gzip) with the number of requests, the JavaScript loaded before the
//    first result card gzipped (level 9, from the built files — the budget's unit, the same whatever
//    the server picks), the time to the first result card (in the document, and on the screen: the
//    card's `elementtiming`), the first and the largest contentful paint and the
//    layout shift until the page is idle (what loads after the first results must not move it;
//    the goal is ≤ 0.05 for both, at both widths).
//    The machine's load average is printed before and after: on a shared machine it decides much.
//
// Env: BENCH_WEB_RUNS (5), BENCH_WEB_BUILD (1), BENCH_WEB_DIST (the build to measure instead of
// apps/web/dist, not rebuilt), CHROMIUM (/usr/bin/chromium), FIRST_SCREEN (1; 0 measures the page
// without the server's first screen).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
// BENCH_WEB_DIST: another build to measure (say, an earlier commit's), served by this app.
const dist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(root, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const PORT = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? 0;
};

if (process.env.BENCH_WEB_BUILD !== '0' && !process.env.BENCH_WEB_DIST) {
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
      // NODE_ENV unset runs as production too (server.ts), and keeps the demo logins the member case uses.
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED: '1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hr-bench-web-')),
      WEB_DIST: dist,
      // FIRST_SCREEN=0: the page as the browser draws it alone (the server's first screen off), to compare.
      FIRST_SCREEN: process.env.FIRST_SCREEN ?? '1',
    },
  });
}

async function waitForApp(timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/resume/search`)).status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The first result card and the LCP, as the page itself sees them (ms since navigation start).
 * A string, not a function: the TypeScript loader would wrap a function with helpers the page lacks.
 */
const PAGE_PROBE = `
  window.__bench = {};
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    if (entries.length) window.__bench.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  window.__bench.cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__bench.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    if (window.__bench.card === undefined && document.querySelector('article.resume-card')) window.__bench.card = performance.now();
    if (document.querySelector('.app-header__auth-button, .hero__eyebrow')) window.__bench.visitorSeen = true;
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.identifier === 'result-card' && window.__bench.painted === undefined) window.__bench.painted = entry.renderTime || entry.loadTime;
  }).observe({ type: 'element', buffered: true });
`;

type Load = {
  card: number;
  /** When the first card's title was on the screen (Element Timing: the card's `elementtiming`). */
  painted: number;
  /** The requests finished before the card: when each finished (ms from the first request) and its path. */
  timeline: string[];
  lcp: number;
  fcp: number;
  cls: number;
  /** For a member: whether anything a visitor sees («Войти», the club's pitch) was ever on the screen. */
  sawVisitor: boolean;
  bytesBefore: number;
  bytesAll: number;
  requestsBefore: number;
  requestsAll: number;
  jsGzipBefore: number;
  jsFiles: string[];
};

const gzipOfBuilt = new Map<string, number>();
function builtGzip(pathname: string): number {
  let n = gzipOfBuilt.get(pathname);
  if (n === undefined) {
    n = gzipSync(readFileSync(path.join(dist, pathname)), { level: 9 }).length;
    gzipOfBuilt.set(pathname, n);
  }
  return n;
}

type Case = { name: string; member: boolean; width: number };
const CASES: Case[] = [
  { name: 'visitor, 1280 px', member: false, width: 1280 },
  { name: 'visitor, 375 px', member: false, width: 375 },
  { name: 'member, 1280 px', member: true, width: 1280 },
  { name: 'member, 375 px', member: true, width: 375 },
];
const DEMO_MEMBER = { email: 'member@hr-club.demo', password: 'demo12345' };
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

/** Signs the context in as the demo member, the way the login popup does (CSRF cookie, then POST /login). */
async function signIn(context: import('playwright-core').BrowserContext): Promise<void> {
  await context.request.get(`${base}/sanctum/csrf-cookie`);
  const token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await context.request.post(`${base}/login`, {
    data: { ...DEMO_MEMBER, remember: true },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
  });
  if (res.status() !== 200) throw new Error(`the demo member could not sign in: ${res.status()} ${await res.text()}`);
}

async function load(browser: import('playwright-core').Browser, which: Case): Promise<Load> {
  // 375 px is a phone: its user agent and touch, so the server draws the phone's layout for it.
  const phone = which.width < 600 ? { isMobile: true, hasTouch: true, userAgent: PHONE_UA } : {};
  const context = await browser.newContext({ viewport: { width: which.width, height: 800 }, ...phone });
  if (which.member) await signIn(context);
  const page = await context.newPage();
  await page.addInitScript({ content: PAGE_PROBE });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map<string, string>();
  const done: { url: string; at: number; bytes: number }[] = [];
  let startedAt = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    if (!startedAt) startedAt = e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e) => {
    done.push({ url: urls.get(e.requestId) ?? '', at: (e.timestamp - startedAt) * 1000, bytes: e.encodedDataLength });
  });
  await page.goto(`${base}/`, { waitUntil: 'load' });
  await page.waitForSelector('article.resume-card', { timeout: 30_000 });
  // A build from before the card carried `elementtiming` never reports it (BENCH_WEB_DIST): NaN then.
  await page
    .waitForFunction(() => (window as unknown as { __bench: { painted?: number } }).__bench.painted !== undefined, null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  const probe = await page.evaluate(
    () =>
      (window as unknown as { __bench: { card: number; painted: number; lcp: number; fcp: number; cls: number; visitorSeen?: boolean } })
        .__bench,
  );
  // Requests finished by the time the card showed (the CDP clock and the page's share the start).
  const before = done.filter((d) => d.at <= probe.card + 1);
  const js = before.filter((d) => new URL(d.url).pathname.endsWith('.js')).map((d) => new URL(d.url).pathname.slice(1));
  await context.close();
  return {
    card: probe.card,
    painted: probe.painted ?? Number.NaN,
    timeline: before.map((d) => `${d.at.toFixed(0).padStart(6)} ms  ${new URL(d.url).pathname}${new URL(d.url).search.slice(0, 40)}`),
    lcp: probe.lcp ?? 0,
    fcp: probe.fcp ?? 0,
    cls: probe.cls ?? 0,
    sawVisitor: probe.visitorSeen === true,
    bytesBefore: before.reduce((a, d) => a + d.bytes, 0),
    bytesAll: done.reduce((a, d) => a + d.bytes, 0),
    requestsBefore: before.length,
    requestsAll: done.length,
    jsGzipBefore: js.reduce((a, f) => a + builtGzip(f), 0),
    jsFiles: js,
  };
}

const loadAverage = () =>
  `${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;
console.log(`load average before: ${loadAverage()}`);
const app = startApp();
try {
  await waitForApp();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    await load(browser, CASES[0] as Case); // warms the server (its first search, the dictionaries); not measured
    await load(browser, CASES[2] as Case);
    const summary: string[] = [];
    for (const which of CASES) {
      console.log(`\n— ${which.name} —`);
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i++) {
        const l = await load(browser, which);
        loads.push(l);
        console.log(
          `load ${i + 1}: first result card ${l.card.toFixed(0)} ms (on the screen ${l.painted.toFixed(0)} ms), FCP ${l.fcp.toFixed(0)} ms, LCP ${l.lcp.toFixed(0)} ms, layout shift ${l.cls.toFixed(3)}, ` +
            `${which.member ? `visitor's layout seen: ${l.sawVisitor ? 'YES' : 'no'}, ` : ''}` +
            `transferred ${kb(l.bytesBefore)} in ${l.requestsBefore} requests before the card / ${kb(l.bytesAll)} in ${l.requestsAll} in all, ` +
            `JS before the card ${kb(l.jsGzipBefore)} gzipped`,
        );
      }
      if (which === CASES[0]) {
        const last = loads.at(-1) as Load;
        console.log(`\nThe last load's requests finished before its card (${last.card.toFixed(0)} ms):`);
        for (const t of last.timeline) console.log(`  ${t}`);
        console.log(`\nJavaScript before the first result card (${last.jsFiles.length} files, gzip -9 of the built files):`);
        for (const f of [...last.jsFiles].sort((a, b) => builtGzip(b) - builtGzip(a))) console.log(`  ${kb(builtGzip(f)).padStart(9)}  ${f}`);
      }
      const worstCls = Math.max(...loads.map((l) => l.cls));
      summary.push(
        `${which.name.padEnd(17)} first result card ${median(loads.map((l) => l.card)).toFixed(0)} ms ` +
          `(on the screen ${median(loads.map((l) => l.painted)).toFixed(0)} ms), ` +
          `FCP ${median(loads.map((l) => l.fcp)).toFixed(0)} ms, LCP ${median(loads.map((l) => l.lcp)).toFixed(0)} ms, ` +
          `layout shift ${median(loads.map((l) => l.cls)).toFixed(3)} (worst ${worstCls.toFixed(3)}${worstCls > 0.05 ? ', OVER 0.05' : ''}), ` +
          `${which.member ? `visitor's layout seen in ${loads.filter((l) => l.sawVisitor).length} of ${RUNS}, ` : ''}` +
          `JS before the card ${kb(median(loads.map((l) => l.jsGzipBefore)))} gzipped, ` +
          `transferred ${kb(median(loads.map((l) => l.bytesBefore)))} in ${median(loads.map((l) => l.requestsBefore))} requests before the card / ` +
          `${kb(median(loads.map((l) => l.bytesAll)))} in ${median(loads.map((l) => l.requestsAll))} in all`,
      );
    }
    console.log(`\nMedians of ${RUNS} cold loads of / for each case:`);
    for (const line of summary) console.log(`  ${line}`);
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await browser.close();
  }
} finally {
  if (app.pid) process.kill(-app.pid, 'SIGTERM');
}
