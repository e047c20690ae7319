import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { BASE_URL, E2E_PORT } from './playwright.config.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const APP_START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 300_000);
/**
 * The journeys' demo resumes: enough for several pages of a search with a city and an experience
 * filter, few enough to be seeded in seconds (the server seeds 3000 on a first start of its own).
 */
const E2E_RESUMES = Number(process.env.E2E_RESUMES ?? 600);
/** Where prepared embedded databases are kept between runs (keyed by what makes them). */
const SNAPSHOT_ROOT = path.join(REPO_ROOT, '.tmp/e2e-snapshot');

/** What global-teardown.ts needs; kept on globalThis (setup and teardown share the runner process). */
export type E2EState = {
  smtp?: SMTPServer;
  apps: ChildProcess[];
  tmpDir?: string;
  database?: { adminUrl: string; name: string };
};
const holder = globalThis as { __hrE2E?: E2EState };
holder.__hrE2E = holder.__hrE2E ?? { apps: [] };
const state: E2EState = holder.__hrE2E;

export default async function globalSetup(_config: FullConfig): Promise<void> {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'hr-e2e-'));
  state.tmpDir = tmpDir;
  const mailboxFile = path.join(tmpDir, 'mailbox.jsonl');
  writeFileSync(mailboxFile, '');
  process.env.E2E_MAILBOX_FILE = mailboxFile;
  process.env.E2E_BASE_URL = BASE_URL;

  try {
    await assertPortFree(E2E_PORT);
    const services = await backendEnv();
    const dataDir = path.join(tmpDir, 'data');
    await prepareDatabase(services, dataDir);
    const smtpPort = await startSmtp(mailboxFile);
    process.env.E2E_SMTP_PORT = String(smtpPort);
    await startApp({ name: 'app', port: E2E_PORT, tmpDir, dataDir, smtpPort, services });
    await warmUp(BASE_URL);
    // PostgreSQL + Redis: a second instance on the same database and Redis, so a journey can act on one
    // instance and watch the page of the other (live notifications, through Redis). Started after the
    // first: a stale build is then rebuilt once, by the first `npm start`.
    if (services.DATABASE_URL) {
      const port = E2E_PORT + 1;
      await assertPortFree(port);
      await startApp({ name: 'app2', port, tmpDir, dataDir: path.join(tmpDir, 'data2'), smtpPort, services });
      process.env.E2E_SECOND_BASE_URL = `http://127.0.0.1:${port}`;
      await warmUp(process.env.E2E_SECOND_BASE_URL);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} on 127.0.0.1 is taken: stop what listens there or set E2E_PORT to a free port.`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * E2E_BACKEND=postgres: the app runs on a fresh PostgreSQL database (made here on the server of
 * TEST_DATABASE_URL, dropped by teardown) and on the Redis of TEST_REDIS_URL. Otherwise embedded PGlite.
 */
async function backendEnv(): Promise<Record<string, string>> {
  if (process.env.E2E_BACKEND !== 'postgres') return { DATABASE_URL: '', REDIS_URL: '' };
  const adminUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!adminUrl || !redisUrl) throw new Error('E2E_BACKEND=postgres needs TEST_DATABASE_URL and TEST_REDIS_URL.');
  const name = `hr_e2e_${Date.now()}_${process.pid}`;
  await adminQuery(adminUrl, `create database ${name}`);
  state.database = { adminUrl, name };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(`e2e: PostgreSQL database ${name}, Redis ${redisUrl}`);
  // Two instances sign sessions and channel tokens with one secret, as an operator's would.
  return { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, SESSION_SECRET: randomBytes(32).toString('base64url') };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The journeys' database before the app starts: migrated, with the dictionaries, the demo accounts and
 * E2E_RESUMES demo resumes, made by the CLI (`npm run cli -- seed`) as an operator would. Embedded: the
 * seeded PGlite directory is kept in .tmp/e2e-snapshot under a key of the API's sources, migrations and
 * the count, and each run starts on a copy of it (a clean clone makes it once, in well under a minute).
 * PostgreSQL: the fresh database is seeded the same way. The app then starts with DEMO_SEED=0.
 */
async function prepareDatabase(services: Record<string, string>, dataDir: string): Promise<void> {
  const started = Date.now();
  if (services.DATABASE_URL) {
    await seedWithCli({ DATABASE_URL: services.DATABASE_URL, DATA_DIR: dataDir });
    console.log(`e2e: PostgreSQL database seeded with ${E2E_RESUMES} resumes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return;
  }
  const snapshot = embeddedSnapshot();
  let made = false;
  if (!existsSync(path.join(snapshot, 'ready'))) {
    const building = `${snapshot}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    await seedWithCli({ DATABASE_URL: '', DATA_DIR: path.join(building, 'data') });
    writeFileSync(path.join(building, 'ready'), new Date().toISOString());
    if (existsSync(path.join(snapshot, 'ready'))) {
      // Another run made it meanwhile: theirs is used, a snapshot in use is never replaced.
      rmSync(building, { recursive: true, force: true });
    } else {
      rmSync(snapshot, { recursive: true, force: true }); // a half-made one of a run that died
      renameSync(building, snapshot);
      made = true;
    }
    // Older snapshots (other sources, other counts) are of no use any more.
    for (const entry of readdirSync(SNAPSHOT_ROOT)) {
      const full = path.join(SNAPSHOT_ROOT, entry);
      if (made && full !== snapshot && !entry.includes('.building-')) rmSync(full, { recursive: true, force: true });
    }
  }
  // A copy of its own for the run's later servers (the Telegram journey's): the shared snapshot may be
  // replaced meanwhile by a run on newer sources.
  const template = path.join(path.dirname(dataDir), 'snapshot-data');
  const withoutLock = { recursive: true, filter: (src: string) => path.basename(src) !== 'owner.lock' };
  cpSync(path.join(snapshot, 'data'), template, withoutLock);
  cpSync(template, dataDir, withoutLock);
  process.env.E2E_SNAPSHOT_DATA_DIR = template;
  console.log(
    `e2e: embedded database ${made ? 'seeded' : 'copied from the snapshot'} (${E2E_RESUMES} resumes) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** .tmp/e2e-snapshot/<key>: the key hashes the API's sources (the seed, the generator, the migrations…) and the count. */
function embeddedSnapshot(): string {
  const hash = createHash('sha256').update(`resumes=${E2E_RESUMES}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.test.ts') && statSync(full).isFile()) hash.update(`${path.relative(REPO_ROOT, full)}\n`).update(readFileSync(full));
    }
  };
  for (const dir of ['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']) walk(path.join(REPO_ROOT, dir));
  hash.update(readFileSync(path.join(REPO_ROOT, 'package-lock.json')));
  return path.join(SNAPSHOT_ROOT, `embedded-${hash.digest('hex').slice(0, 16)}`);
}

/** `npm run cli -- seed --resumes N` on a private site (the demo accounts are made only there). */
async function seedWithCli(env: Record<string, string>): Promise<void> {
  const log: Buffer[] = [];
  const child = spawn('npm', ['run', 'cli', '--silent', '--', 'seed', '--resumes', String(E2E_RESUMES)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: undefined, TRUST_PROXY: undefined, APP_URL: undefined, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  child.stdout.on('data', (chunk: Buffer) => log.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => log.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  const output = Buffer.concat(log).toString('utf8');
  if (code !== 0) throw new Error(`«npm run cli -- seed» exited with ${code}:\n${output.slice(-3000)}`);
  if (!output.includes('member@hr-club.demo')) throw new Error(`«npm run cli -- seed» made no demo accounts:\n${output.slice(-3000)}`);
}

/** A real SMTP server on loopback; every message lands as one JSON line {to, from, raw, receivedAt}. */
async function startSmtp(mailboxFile: string): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const line = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        };
        appendFileSync(mailboxFile, `${JSON.stringify(line)}\n`);
        callback();
      });
    },
  });
  state.smtp = server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return address.port;
}

/** `npm start` at the repo root, in its own process group, until /sanctum/csrf-cookie answers. */
async function startApp({
  name,
  port,
  tmpDir,
  dataDir,
  smtpPort,
  services,
}: { name: string; port: number; tmpDir: string; dataDir: string; smtpPort: number; services: Record<string, string> }): Promise<void> {
  const appLog = path.join(tmpDir, `${name}.log`);
  const base = `http://127.0.0.1:${port}`;
  const logFd = openSync(appLog, 'a');
  // `npm start` as the README says; E2E_START_COMMAND overrides it (debugging only).
  const command = process.env.E2E_START_COMMAND ?? 'npm start';
  const child = spawn('sh', ['-c', command], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      // Unset, as on a developer's machine: `npm start` runs the server as production anyway.
      NODE_ENV: undefined,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      REGISTER_LIMIT_PER_HOUR: '10000',
      // Every journey signs in from 127.0.0.1: the suite makes more than a person's 100 logins in 15 minutes.
      LOGIN_LIMIT_PER_IP: '100000',
      // …and the pipeline journeys post many public replies from it: a person's 20 an hour would refuse the later ones (the limit has API tests).
      REPLY_LIMIT_PER_HOUR: '100000',
      // Автопоиск digests every 2 s instead of 5 minutes: a journey waits for its letter, not the clock.
      AUTOSEARCH_PASS_SECONDS: '2',
      // Seeded already (prepareDatabase): the app adds nothing at start.
      DEMO_SEED: '0',
      LOG_LEVEL: 'warn',
      ...services,
    },
  });
  closeSync(logFd);
  state.apps.push(child);

  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? code}`;
  });

  const deadline = Date.now() + APP_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`«${command}» (${name}) ${exited} before answering.\n${tail(appLog)}`);
    try {
      const res = await fetch(`${base}/sanctum/csrf-cookie`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 204 || res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`«${command}» (${name}) did not answer GET ${base}/sanctum/csrf-cookie within ${APP_START_TIMEOUT_MS} ms.\n${tail(appLog)}`);
}

/**
 * A visitor's home page until it comes with its first screen drawn (a few seconds at most): a cold
 * server loads its drawing module beside the start and gives up drawing after 3 s, so the first pages
 * of a fresh instance on a busy machine go without it, by design. The journeys start on a warm one.
 */
async function warmUp(base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) });
      if ((await res.text()).includes('data-first-screen')) return;
    } catch {
      // slow to answer: asked again
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`e2e: ${base}/ came without its first screen for a minute; the first-screen journeys will say why`);
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Kills the apps' whole process groups, closes SMTP, removes the temp dir (kept with E2E_KEEP_TMP=1). */
export async function stopAll(): Promise<void> {
  await Promise.all(state.apps.map(stopApp));
  state.apps = [];
  if (state.smtp) {
    const smtp = state.smtp;
    state.smtp = undefined;
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
  if (state.database) {
    const { adminUrl, name } = state.database;
    state.database = undefined;
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`).catch((err) =>
      console.error(`e2e: could not drop database ${name}: ${err.message}`),
    );
  }
  if (state.tmpDir && process.env.E2E_KEEP_TMP !== '1') {
    rmSync(state.tmpDir, { recursive: true, force: true });
    state.tmpDir = undefined;
  } else if (state.tmpDir) {
    console.log(`e2e: temp dir kept at ${state.tmpDir}`);
  }
}

async function stopApp(child: ChildProcess): Promise<void> {
  if (child.pid && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(child.pid, 'SIGTERM');
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 8000));
    if ((await Promise.race([gone, timer])) === 'timeout') killGroup(child.pid, 'SIGKILL');
  }
  // Stragglers of the group (the server under npm) even when npm itself is already gone.
  if (child.pid) killGroup(child.pid, 'SIGKILL');
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

// The runner may die without teardown (Ctrl+C): never leave the server behind.
process.once('exit', () => {
  for (const app of state.apps) if (app.pid) killGroup(app.pid, 'SIGKILL');
});
