import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';

let plain: BuiltApp;
let proxied: BuiltApp;
const ports: Record<string, number> = {};

beforeAll(async () => {
  plain = await createTestApp();
  // Loopback peers are trusted here, so the forwarded header is really parsed.
  proxied = await createTestApp({ TRUST_PROXY: 'loopback' });
  for (const [name, built] of Object.entries({ plain, proxied })) {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    ports[name] = (built.app.server.address() as { port: number }).port;
  }
});

/** One raw HTTP/1.1 request, bytes exactly as given (latin1), so no client cleans the headers. */
function rawRequest(port: number, method: string, path: string, headers: [string, string][], body = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers.map(([k, v]) => `${k}: ${v}`)];
    if (method !== 'GET') lines.push(`Content-Length: ${Buffer.byteLength(body, 'latin1')}`);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString('latin1'))?.[1]);
      resolve(Number.isNaN(status) ? 0 : status);
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error(`timeout ${method} ${path}`)));
    socket.end(Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1'));
  });
}

describe('X-XSRF-TOKEN decoding', () => {
  it.each(['%E0%A4%A', '%', '%zz', '%C0%AF', '%ED%A0%80'])('answers 419 to the malformed token %s', async (token) => {
    const client = new TestClient(plain.app);
    await client.csrf();
    const res = await client.post('/api/auth/check', {}, { csrf: false, headers: { 'x-xsrf-token': token } });
    expect(res.status).toBe(419);
    expect(res.body).toEqual({ status: 'error', message: 'CSRF token mismatch.' });
  });
});

describe('header fuzzing over a few routes', () => {
  const odd = [
    '%E0%A4%A',
    '%',
    '%%%%',
    '\u00ff\u00fe\u0080\u00a0',
    'Ð¿Ñ\u0080Ð¸Ð²ÐµÑ\u0082',
    '\t  \t',
    '"quoted;"; a=b; =; ;;',
    'x'.repeat(8000),
    '1'.repeat(100),
    'A'.repeat(20_000), // past Node's header limit: 431 from the server itself
    '::ffff:1.2.3.4, 999.1.1.1, [::1]:80, unknown, ,,',
    '\\x00\\u0000',
  ];
  const headerValues: [string, string][] = [
    ...odd.map((v): [string, string] => ['Cookie', v]),
    ...odd.map((v): [string, string] => ['Cookie', `hr_session=${v}; XSRF-TOKEN=${v}`]),
    ...odd.map((v): [string, string] => ['X-XSRF-TOKEN', v]),
    ...odd.map((v): [string, string] => ['X-Forwarded-For', v]),
    ...odd.map((v): [string, string] => ['Content-Type', v]),
    ['Content-Type', 'application/json; charset=utf-999'],
    ['Content-Type', 'multipart/form-data'],
    ['Content-Type', 'multipart/form-data; boundary='],
    ['Content-Type', 'application/x-www-form-urlencoded'],
    ['Content-Type', 'text/plain'],
    ['Content-Type', 'application/json;;;'],
  ];
  const routes: [string, string, string][] = [
    ['GET', '/sanctum/csrf-cookie', ''],
    ['GET', '/api/user/main_info', ''],
    ['POST', '/login', '{"email":"a@b.ru","password":"x"}'],
    ['POST', '/api/auth/login/check', '{"email":"a@b.ru"}'],
    ['POST', '/api/auth/code', '{"code":1234}'],
    ['POST', '/api/auth/check', '{"_token":"%E0%A4%A"}'],
  ];

  it('never answers 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const name of ['plain', 'proxied'] as const) {
      for (const [method, path, body] of routes) {
        for (const [header, value] of headerValues) {
          const extra: [string, string][] = header === 'Content-Type' || method === 'GET' ? [] : [['Content-Type', 'application/json']];
          const status = await rawRequest(ports[name] as number, method, path, [...extra, [header, value]], body);
          sent++;
          if (status === 0 || status >= 500)
            failures.push(`${name} ${method} ${path} ${header}: ${JSON.stringify(value.slice(0, 40))} → ${status}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });
});
