import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { AdmissionLine, OVERLOADED_MESSAGE, registerAdmission } from './admission.ts';

/** A route whose answers wait until the test lets them go, in the order they were started. */
function gatedApp(concurrency: number, queueLimit: number) {
  // The test's sockets closed with the server, not after undici's keep-alive.
  const app = Fastify({ forceCloseConnections: true });
  const started: string[] = [];
  const waiting: (() => void)[] = [];
  const line = registerAdmission(app, { concurrency, queueLimit }) as AdmissionLine;
  app.get('/slow/:name', async (request) => {
    const { name } = request.params as { name: string };
    started.push(name);
    await new Promise<void>((resolve) => waiting.push(resolve));
    return { name };
  });
  app.get('/fast', async () => ({ fast: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  // As @fastify/multipart: the handler reads the parts, nothing is read before it.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  app.post('/upload', { config: { admission: 'uploads' } }, async () => ({ uploaded: true }));
  app.post('/form', async () => ({ form: true }));
  app.post('/save', async (request) => ({ saved: request.body }));
  const letOneGo = () => waiting.shift()?.();
  return { app, started, line, letOneGo };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
/** Waits (up to 2 s) until `check` holds: requests over a real socket arrive when they arrive. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await tick();
}
let open: FastifyInstance | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe('one line for every request (plugins/admission.ts)', () => {
  it('handles a bounded number at once and the rest in arrival order, a cheap call waiting its turn too', async () => {
    const { app, started, line, letOneGo } = gatedApp(2, 10);
    open = app;
    const answers = ['a', 'b', 'c', 'd'].map((name) => app.inject({ url: `/slow/${name}` }));
    const fast = app.inject({ url: '/fast' });
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect([line.activeCount, line.waitingCount]).toEqual([2, 3]);
    letOneGo();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    for (let i = 0; i < 4; i++) {
      letOneGo();
      await tick();
    }
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect((await fast).json()).toEqual({ fast: true });
    expect((await Promise.all(answers)).map((r) => r.json().name)).toEqual(['a', 'b', 'c', 'd']);
    expect([line.activeCount, line.waitingCount]).toEqual([0, 0]);
  });

  it('answers 503 with Retry-After and a Russian message at once when the line is full; uploads pass', async () => {
    const { app, line, letOneGo } = gatedApp(1, 1);
    open = app;
    const first = app.inject({ url: '/slow/a' });
    const second = app.inject({ url: '/slow/b' });
    await tick();
    const refused = await app.inject({ url: '/fast' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ status: 'error', message: OVERLOADED_MESSAGE });
    // A browser's navigation gets a page in Russian that tries again by itself.
    const page = await app.inject({ url: '/fast', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect([page.statusCode, page.headers['content-type']]).toEqual([503, 'text/html; charset=utf-8']);
    expect(page.body).toContain('<h1 style="font-size:1.4rem">Сервер перегружен</h1>');
    expect(page.body).toContain('обновится сама');
    expect(page.body).toContain('lang="ru"');
    const upload = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(upload.json()).toEqual({ uploaded: true });
    // Only a route that takes uploads lets them pass; headers alone never skip the line.
    const form = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(form.statusCode).toBe(503);
    expect((await app.inject({ url: '/fast', headers: { upgrade: 'websocket', connection: 'upgrade' } })).statusCode).toBe(503);
    letOneGo();
    await tick();
    letOneGo();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect([line.activeCount, line.waitingCount]).toEqual([0, 0]);
  });

  it('serves a write with a body that waited its turn (its body read to the end is no caller gone)', async () => {
    const { app, line, letOneGo } = gatedApp(1, 5);
    await app.listen({ port: 0, host: '127.0.0.1' });
    open = app;
    const { port } = app.server.address() as { port: number };
    const slow = fetch(`http://127.0.0.1:${port}/slow/a`);
    await until(() => line.activeCount === 1);
    const write = fetch(`http://127.0.0.1:${port}/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'в очереди' }),
    });
    await until(() => line.waitingCount === 1);
    letOneGo();
    expect((await slow).status).toBe(200);
    const answer = await write;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ saved: { note: 'в очереди' } });
  });

  it('gives the turn back after an error and a 404', async () => {
    const { app, line } = gatedApp(1, 0);
    open = app;
    expect((await app.inject({ url: '/boom' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/nowhere' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/fast' })).statusCode).toBe(200);
    expect([line.activeCount, line.waitingCount]).toEqual([0, 0]);
  });

  it('keeps the turn of a caller who left until its handler ends, and serves nobody who left while waiting', async () => {
    const { app, line, started, letOneGo } = gatedApp(1, 5);
    await app.listen({ port: 0, host: '127.0.0.1' });
    open = app;
    const { port } = app.server.address() as { port: number };
    const url = (path: string) => `http://127.0.0.1:${port}${path}`;
    const first = new AbortController();
    const abandoned = fetch(url('/slow/a'), { signal: first.signal }).catch(() => null);
    await until(() => started.length === 1);
    const second = new AbortController();
    const leftInLine = fetch(url('/slow/b'), { signal: second.signal }).catch(() => null);
    await until(() => line.waitingCount === 1);
    first.abort();
    second.abort();
    await Promise.all([abandoned, leftInLine]);
    const next = fetch(url('/fast'));
    await until(() => line.waitingCount === 2);
    // a's handler still runs: it keeps its turn, the others wait.
    expect([line.activeCount, line.waitingCount]).toEqual([1, 2]);
    letOneGo();
    expect((await next).status).toBe(200);
    await until(() => line.activeCount === 0);
    expect(started).toEqual(['a']);
    expect([line.activeCount, line.waitingCount]).toEqual([0, 0]);
  });

  it('is on by default on PostgreSQL (16) and off on the embedded database, where PGlite keeps its own line', () => {
    // A secret of its own: no session-secret file written into ./data.
    const env = { SESSION_SECRET: 'a-test-secret-of-32-characters!!' };
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://x@127.0.0.1/x' }).httpConcurrency).toBe(16);
    expect(loadConfig(env).httpConcurrency).toBe(0);
    expect(loadConfig({ ...env, HTTP_CONCURRENCY: '40' }).httpConcurrency).toBe(40);
    expect(registerAdmission(Fastify(), { concurrency: 0, queueLimit: 10 })).toBeNull();
  });
});

describe('AdmissionLine', () => {
  it('keeps its count exact through many turns', async () => {
    const line = new AdmissionLine(3, 10_000);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 3000 }, async (_, i) => {
        const turn = line.enter();
        if (turn === 'full') throw new Error('full');
        if (turn !== 'now') await turn;
        order.push(i);
        running++;
        most = Math.max(most, running);
        await Promise.resolve();
        running--;
        line.leave();
      }),
    );
    expect(most).toBe(3);
    expect(order).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect([line.activeCount, line.waitingCount]).toEqual([0, 0]);
  });
});
