import { randomInt } from 'node:crypto';
import net from 'node:net';
import { consentVersion } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from '../../../test/factories.ts';
import { createTestApp, registeredMember, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { MULTIPART_MSG } from '../../lib/multipart.ts';

/**
 * Malformed requests of every kind get a 4xx with a Russian reason in the usual envelope, never a
 * 500: multipart without a boundary, a charset other than UTF-8, a JSON body on the multipart route
 * and a form on a JSON route, an empty JSON body, a form without its closing boundary, and — over
 * real TCP, where inject cannot send them — bodies shorter than their Content-Length.
 */

let built: BuiltApp;
/** Every status the server answered, whoever was still there to read it. */
const answered: number[] = [];
let base = '';
beforeAll(async () => {
  built = await createTestApp({ REPLY_LIMIT_PER_HOUR: '100000' });
  built.app.addHook('onSend', async (_request, reply) => {
    answered.push(reply.statusCode);
  });
  base = await built.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await built?.app.close();
});
const db = () => built.ctx.database;

const DESCRIPTION = `<p>${'Ищем опытного специалиста по подбору персонала в растущую команду. '.repeat(4)}</p>`;
async function publishedVacancy(): Promise<number> {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, ['has_vacancy']);
  const res = await m.client.post('/api/vacancy', { title: 'Рекрутер', city: '1069', description: DESCRIPTION, status: 'published' });
  return res.body.res.id as number;
}
const replyCount = async (vacancyId: number) =>
  Number((await db().rows<{ n: number }>(sql`select count(*)::int as n from vacancy_replies where vacancy_id = ${vacancyId}`))[0]?.n);
const fileCount = async () => Number((await db().rows<{ n: number }>(sql`select count(*)::int as n from reply_files`))[0]?.n);

const fields = () => ({
  fio: 'Петрова Анна',
  phone: uniquePhone(),
  email: uniqueEmail('cand'),
  consent: 'on',
  consent_version: consentVersion('reply'),
  resume_text: 'Пять лет в подборе.',
});
const formParts = (boundary: string, values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
const PDF_HEAD = '%PDF-1.4\n1 0 obj << >> endobj\n';

/** A raw request through the client's cookies (inject), the content type and body as given. */
async function raw(client: TestClient, url: string, contentType: string | undefined, payload: string | Buffer) {
  if (!client.xsrf) await client.csrf();
  return client.request('POST', url, payload, { headers: contentType === undefined ? {} : { 'content-type': contentType } });
}

const expectRefused = (res: { status: number; body: { status?: string; message?: string } }, label: string) => {
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.body.status, label).toBe('error');
  expect(res.body.message ?? '', label).toMatch(/[а-яё]/i);
};

describe('malformed requests through inject', () => {
  it('on the multipart reply route: each a 422 with its reason under errors.request, nothing stored', async () => {
    const id = await publishedVacancy();
    const url = `/api/vacancy/${id}/reply`;
    const c = new TestClient(built.app, `10.88.${randomInt(0, 255)}.${randomInt(1, 255)}`);
    const json = JSON.stringify(fields());
    const cases: [string, string | undefined, string | Buffer, string?][] = [
      ['multipart without a boundary', 'multipart/form-data', formParts('x', fields()), MULTIPART_MSG.noBoundary],
      ['multipart without a boundary, empty body', 'multipart/form-data', '', MULTIPART_MSG.noBoundary],
      ['an empty boundary', 'multipart/form-data; boundary=', 'x', MULTIPART_MSG.noBoundary],
      ['a boundary of 300 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'x', MULTIPART_MSG.badBoundary],
      ['an unknown charset', 'application/json; charset=bogus', json, MULTIPART_MSG.charset],
      ['UTF-16 declared', 'application/json; charset=utf-16', json, MULTIPART_MSG.charset],
      ['a form with an unknown charset', 'multipart/form-data; boundary=zz; charset=koi8-r', `${formParts('zz', fields())}--zz--\r\n`, MULTIPART_MSG.charset],
      ['JSON sent as multipart', 'multipart/form-data; boundary=zz', json, MULTIPART_MSG.unterminated],
      ['a form without its closing boundary', 'multipart/form-data; boundary=zz', formParts('zz', fields()), MULTIPART_MSG.unterminated],
      [
        'a file part cut short',
        'multipart/form-data; boundary=zz',
        `${formParts('zz', fields())}--zz\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF_HEAD}`,
        MULTIPART_MSG.unterminated,
      ],
      ['an empty JSON body', 'application/json', ''],
      ['broken JSON', 'application/json', '{"fio":'],
      ['a bare string', 'text/plain', 'Петрова Анна', MULTIPART_MSG.notAForm],
      ['a JSON list', 'application/json', '[1,2]', MULTIPART_MSG.notAForm],
      ['JSON null', 'application/json', 'null', MULTIPART_MSG.notAForm],
      ['XML', 'application/xml', '<a/>'],
    ];
    const before = await fileCount();
    for (const [label, type, payload, message] of cases) {
      const res = await raw(c, url, type, payload);
      expectRefused(res, label);
      expect(res.status, label).toBe(422);
      if (message) expect(res.body.errors, label).toEqual({ request: [message] });
    }
    expect(await replyCount(id)).toBe(0);
    expect(await fileCount()).toBe(before);
  });

  it('on JSON routes: a form, a form without a boundary, an empty body, a foreign charset', async () => {
    const c = new TestClient(built.app);
    for (const url of ['/api/error/send', '/api/review/request/AAAAAAAAAAAAAAAAAAAAAA/send', '/login']) {
      for (const [label, type, payload] of [
        ['a form on a JSON route', 'multipart/form-data; boundary=zz', `${formParts('zz', { a: '1' })}--zz--\r\n`],
        ['a form without a boundary', 'multipart/form-data', 'x'],
        ['an empty JSON body', 'application/json', ''],
        ['an unknown charset', 'application/json; charset=windows-1251', '{}'],
        ['a bare string', 'text/plain', 'привет'],
      ] as const) {
        const res = await raw(c, url, type, payload);
        expectRefused(res, `${url}: ${label}`);
        expect(res.status, `${url}: ${label}`).toBe(422);
      }
    }
  });
});

// ─── over TCP ─────────────────────────────────────────────────────────────────────────────────

/** XSRF cookie and header of a fresh visitor, fetched over TCP. */
async function tcpVisitor(): Promise<{ cookie: string; xsrf: string }> {
  const res = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] as string);
  const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '');
  return { cookie: cookies.join('; '), xsrf };
}

/**
 * Sends the head with `declared` as Content-Length and only `body`, then closes its side (`end`) or
 * tears the connection down (`destroy`). Resolves with what came back (maybe nothing).
 */
async function truncated(path: string, type: string, body: Buffer, declared: number, how: 'end' | 'destroy'): Promise<string> {
  const { cookie, xsrf } = await tcpVisitor();
  const { port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let got = '';
    socket.on('data', (d) => {
      got += d.toString('latin1');
    });
    socket.on('error', () => resolve(got));
    socket.on('close', () => resolve(got));
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nContent-Type: ${type}\r\n` +
          `Content-Length: ${declared}\r\nCookie: ${cookie}\r\nX-XSRF-TOKEN: ${xsrf}\r\nX-Forwarded-For: 10.99.${randomInt(0, 255)}.${randomInt(1, 255)}\r\n\r\n`,
      );
      socket.write(body, () => {
        setTimeout(() => (how === 'end' ? socket.end() : socket.destroy()), 50);
      });
    });
    setTimeout(() => {
      socket.destroy();
      resolve(got);
    }, 5000);
  });
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('truncated bodies over TCP', () => {
  it('a JSON body shorter than its Content-Length: a 4xx or no answer, never a 5xx; nothing stored', async () => {
    const id = await publishedVacancy();
    const body = Buffer.from(JSON.stringify(fields()));
    for (const how of ['end', 'destroy'] as const) {
      const from = answered.length;
      const got = await truncated(`/api/vacancy/${id}/reply`, 'application/json', body.subarray(0, 40), body.length + 100, how);
      await settle();
      if (got) expect(got).toMatch(/^HTTP\/1\.1 4\d\d/);
      expect(answered.slice(from).filter((s) => s >= 500), how).toEqual([]);
    }
    expect(await replyCount(id)).toBe(0);
  });

  it('an aborted multipart upload: fields complete, the file cut off — never a 5xx, nothing stored, no file left', async () => {
    const id = await publishedVacancy();
    const before = await fileCount();
    const boundary = 'tcpBoundary42';
    const head = Buffer.from(
      `${formParts(boundary, fields())}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF_HEAD}`,
    );
    const body = Buffer.concat([head, Buffer.alloc(200_000, 0x20)]);
    for (const how of ['end', 'destroy'] as const) {
      const from = answered.length;
      const got = await truncated(`/api/vacancy/${id}/reply`, `multipart/form-data; boundary=${boundary}`, body, body.length + 500_000, how);
      await settle();
      if (got) expect(got).toMatch(/^HTTP\/1\.1 4\d\d/);
      expect(answered.slice(from).filter((s) => s >= 500), how).toEqual([]);
    }
    // Fields only, cut before the closing boundary.
    const fieldsOnly = Buffer.from(formParts(boundary, fields()));
    const from = answered.length;
    await truncated(`/api/vacancy/${id}/reply`, `multipart/form-data; boundary=${boundary}`, fieldsOnly, fieldsOnly.length + 64, 'end');
    await settle();
    expect(answered.slice(from).filter((s) => s >= 500)).toEqual([]);
    expect(await replyCount(id)).toBe(0);
    expect(await fileCount()).toBe(before);
  });

  it('a JSON route cut short: a 4xx or no answer', async () => {
    const from = answered.length;
    const got = await truncated('/api/error/send', 'application/json', Buffer.from('{"error":"Type'), 500, 'end');
    await settle();
    if (got) expect(got).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(answered.slice(from).filter((s) => s >= 500)).toEqual([]);
  });

  it('the same app still answers a whole reply over TCP', async () => {
    const id = await publishedVacancy();
    const { cookie, xsrf } = await tcpVisitor();
    const res = await fetch(`${base}/api/vacancy/${id}/reply`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(fields()),
    });
    expect(res.status).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries(fields())) form.append(k, v);
    form.append('file', new Blob([PDF_HEAD, '%%EOF\n'], { type: 'application/pdf' }), 'cv.pdf');
    const sent = await fetch(`${base}/api/vacancy/${id}/reply`, { method: 'POST', headers: { cookie, 'x-xsrf-token': xsrf, accept: 'application/json' }, body: form });
    expect(sent.status).toBe(200);
    expect(await replyCount(id)).toBe(2);
  });
});
