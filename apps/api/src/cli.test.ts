import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { createTestApp, TestClient, testConfig } from '../test/helpers.ts';

const cliPath = path.join(import.meta.dirname, 'cli.ts');

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliPath, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** The CLI works on the same database as the server: a DATA_DIR here, or TEST_DATABASE_URL. */
function cliEnv(): Record<string, string> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hr-cli-')) } : { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hr-cli-')) };
}

describe('ops CLI', () => {
  it('creates a user on a fresh data directory, sets flags and type', async () => {
    const env = cliEnv();
    const email = `cli-${Date.now()}@example.ru`;
    const created = await runCli(['user:create', '--email', email, '--password', 'secret123', '--fio', 'Соколов Иван', '--flags', 'open_contact,mass_search'], env);
    expect(created.out).toContain('Создан пользователь');
    expect(created.code).toBe(0);
    const flags = await runCli(['user:flags', '--email', email, '--set', 'spec_search', '--clear', 'mass_search'], env);
    expect(flags.code).toBe(0);
    expect(flags.out).toContain('open_contact, spec_search');
    const type = await runCli(['user:type', '--email', email, '--type', 'resident'], env);
    expect(type.out).toContain('Резидент клуба');
    const bad = await runCli(['user:flags', '--email', email, '--set', 'fly'], env);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('Неизвестные флаги: fly');
    const missing = await runCli(['user:type', '--email', 'nobody@example.ru', '--type', 'admin'], env);
    expect(missing.code).toBe(2);
  }, 90_000);

  it('posts an education announcement to every user', async () => {
    const env = cliEnv();
    await runCli(['user:create', '--email', `edu-${Date.now()}@example.ru`, '--password', 'secret123'], env);
    const res = await runCli(['education:create', '--title', 'Вебинар по адаптации', '--message', '<p>Приходите</p><script>x()</script>', '--education-id', '12'], env);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/Анонс #\d+ создан, уведомлено пользователей: [1-9]/);
    const bad = await runCli(['education:create', '--title', 'Без номера', '--message', 'текст', '--education-id', 'abc'], env);
    expect(bad.code).toBe(2);
  }, 90_000);

  it('refuses to open an embedded data directory a running server owns', async () => {
    if (process.env.TEST_DATABASE_URL) return;
    const dir = mkdtempSync(path.join(tmpdir(), 'hr-cli-'));
    writeFileSync(path.join(dir, 'owner.lock'), JSON.stringify({ pid: process.pid, owner: 'server' }));
    const res = await runCli(['user:create', '--email', 'x@example.ru', '--password', 'secret123'], { DATA_DIR: dir });
    expect(res.code).toBe(2);
    expect(res.out).toMatch(/Сервер \(pid \d+\) уже работает/);
  }, 30_000);

  it('makes users who can log in and are asked to complete the profile', async () => {
    const email = `cli-login-${Date.now()}@example.ru`;
    const env = cliEnv();
    const res = await runCli(['user:create', '--email', email, '--password', 'secret123'], env);
    expect(res.code).toBe(0);
    // The server opens the same database the CLI wrote to.
    const database = process.env.TEST_DATABASE_URL ? undefined : await openDatabase({ dataDir: env.DATA_DIR });
    const { app } = database
      ? await buildApp(testConfig(), { database, startWorker: false, logger: false })
      : await createTestApp();
    const client = new TestClient(app);
    expect((await client.post('/login', { email, password: 'secret123' })).status).toBe(200);
    const info = await client.get('/api/user/main_info');
    expect(info.body.res.profile_incomplete).toBe(true);
    await app.close();
    await database?.close();
  }, 60_000);
});
