import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { BASE_URL, E2E_PORT } from './playwright.config.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const APP_START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 300_000);

/** What global-teardown.ts needs; kept on globalThis (setup and teardown share the runner process). */
export type E2EState = { smtp?: SMTPServer; app?: ChildProcess; tmpDir?: string; appLog?: string; database?: { adminUrl: string; name: string } };
const holder = globalThis as { __hrE2E?: E2EState };
holder.__hrE2E = holder.__hrE2E ?? {};
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
    const smtpPort = await startSmtp(mailboxFile);
    process.env.E2E_SMTP_PORT = String(smtpPort);
    await startApp({ tmpDir, smtpPort, services });
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
  return { DATABASE_URL: url.toString(), REDIS_URL: redisUrl };
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
async function startApp({ tmpDir, smtpPort, services }: { tmpDir: string; smtpPort: number; services: Record<string, string> }): Promise<void> {
  const dataDir = path.join(tmpDir, 'data');
  const appLog = path.join(tmpDir, 'app.log');
  state.appLog = appLog;
  const logFd = openSync(appLog, 'a');
  // `npm start` as the README says; E2E_START_COMMAND overrides it (debugging only).
  const command = process.env.E2E_START_COMMAND ?? 'npm start';
  const child = spawn('sh', ['-c', command], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      // Unset, as on a developer's machine: `npm start` runs the server as production anyway, and an
      // explicit NODE_ENV=production would keep the demo accounts (DEMO_SEED=1) from being made.
      NODE_ENV: undefined,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      REGISTER_LIMIT_PER_HOUR: '10000',
      DEMO_SEED: '1',
      LOG_LEVEL: 'warn',
      ...services,
    },
  });
  closeSync(logFd);
  state.app = child;
  process.env.E2E_APP_PID = String(child.pid);
  process.env.E2E_APP_LOG = appLog;

  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? code}`;
  });

  const deadline = Date.now() + APP_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`«${command}» ${exited} before answering.\n${tail(appLog)}`);
    try {
      const res = await fetch(`${BASE_URL}/sanctum/csrf-cookie`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 204 || res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`«${command}» did not answer GET ${BASE_URL}/sanctum/csrf-cookie within ${APP_START_TIMEOUT_MS} ms.\n${tail(appLog)}`);
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Kills the app's whole process group, closes SMTP, removes the temp dir (kept with E2E_KEEP_TMP=1). */
export async function stopAll(): Promise<void> {
  const child = state.app;
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(child.pid, 'SIGTERM');
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 8000));
    if ((await Promise.race([gone, timer])) === 'timeout') killGroup(child.pid, 'SIGKILL');
  }
  // Stragglers of the group (the server under npm) even when npm itself is already gone.
  if (child?.pid) killGroup(child.pid, 'SIGKILL');
  state.app = undefined;
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

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

// The runner may die without teardown (Ctrl+C): never leave the server behind.
process.once('exit', () => {
  if (state.app?.pid) killGroup(state.app.pid, 'SIGKILL');
});
