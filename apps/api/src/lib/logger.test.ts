import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, testConfig, testDatabase } from '../../test/helpers.ts';
import { type BuiltApp, buildApp } from '../app.ts';
import { loggerOptions, redactUrl, scrubText } from './logger.ts';

/** Everything the app's logger writes, as the server would print it (JSON lines). */
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

const EMAIL = 'tajna.ivanova@example.ru';
const PHONE = '+7 (916) 555-12-34';
const RESET_TOKEN = 'Q7r2vX9kLmN4pT8sW1yZ3aB6cD0eF5gH';
const LINK_ID = 'Ab3dEfGhIjKlMnOpQrStUv';
const SEARCH = 'секретный запрос рекрутера';

let built: BuiltApp;
beforeAll(async () => {
  built = await buildApp(testConfig(), { database: await testDatabase(), startWorker: false, logger: loggerOptions('info', false, sink) });
  // A failure as a query error reports it: the row's values in the message, the detail and the parameters.
  built.app.post('/api/test-log/boom', async () => {
    const err = Object.assign(new Error(`Failed query: insert into users (email, phone) values ($1, $2)\nparams: ${EMAIL},${PHONE}`), {
      code: '23505',
      detail: `Key (email)=(${EMAIL}) already exists.`,
      parameters: [EMAIL, PHONE],
    });
    throw new Error(`write failed for ${EMAIL}, phone ${PHONE}, token ${RESET_TOKEN}`, { cause: err });
  });
});
afterAll(() => built?.app.close());

describe('the access and error log', () => {
  it('holds no token, e-mail, phone, link id, search text or body, whatever the request', async () => {
    const client = new TestClient(built.app);
    await client.get(`/?email=${encodeURIComponent(EMAIL)}&pass_reset_token=${RESET_TOKEN}`);
    await client.get(`/review/request/${LINK_ID}`);
    await client.get(`/api/review/request/${LINK_ID}`);
    await client.post(`/api/review/request/${LINK_ID}/send`, { text: SEARCH });
    await client.get(`/api/resume/search?text=${encodeURIComponent(SEARCH)}&page=2&per_page=20`);
    await client.get(`/search?text=${encodeURIComponent(SEARCH)}&city=${encodeURIComponent('Москва')}`);
    await client.post('/login', { email: EMAIL, password: 'my-secret-password', phone: PHONE });
    await client.post('/api/auth/login/check', { email: EMAIL });
    await client.get(`/api/user/${encodeURIComponent(EMAIL)}`);
    const boom = await client.post('/api/test-log/boom', { email: EMAIL });
    expect(boom.status).toBe(500);
    await new Promise((r) => setTimeout(r, 50));

    const all = lines.join('\n');
    const requestLines = lines.filter((l) => / → \d{3} /.test(l));
    expect(requestLines.length).toBeGreaterThanOrEqual(10);
    for (const secret of [
      EMAIL,
      encodeURIComponent(EMAIL),
      'tajna',
      RESET_TOKEN,
      LINK_ID,
      SEARCH,
      encodeURIComponent(SEARCH),
      'секретный',
      encodeURIComponent('Москва'),
      'my-secret-password',
      '555-12-34',
      '(916)',
      '9165551234',
    ]) {
      expect(all, `the log holds «${secret}»`).not.toContain(secret);
    }
    // Still useful: paths, the names of the query's parameters, harmless paging values, the error's kind.
    expect(all).toContain('GET /review/request/[скрыто] → ');
    expect(all).toContain('POST /api/review/request/[скрыто]/send → ');
    expect(all).toContain('/api/resume/search?text=[скрыто]&page=2&per_page=20 → ');
    expect(all).toContain('GET /?email=[скрыто]&pass_reset_token=[скрыто] → ');
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failure?.err?.message).toMatch(/^write failed for \[скрыто\]/);
    expect(failure?.err?.cause?.code).toBe('23505');
    expect(failure?.err?.cause?.detail).toBeUndefined();
  });
});

describe('the request line at the error level (production)', () => {
  it('is written for a failure only', async () => {
    const written: string[] = [];
    const errorsOnly = new Writable({
      write(chunk, _encoding, done) {
        written.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const quiet = await buildApp(testConfig(), { database: await testDatabase(), startWorker: false, logger: loggerOptions('error', false, errorsOnly) });
    quiet.app.get('/api/test-log/fail', async () => {
      throw new Error('broken');
    });
    try {
      expect((await quiet.app.inject({ method: 'GET', url: '/api/dictionary?fields[]=experience' })).statusCode).toBe(200);
      expect((await quiet.app.inject({ method: 'GET', url: '/api/test-log/fail' })).statusCode).toBe(500);
      await new Promise((r) => setTimeout(r, 50));
      const requestLines = written.map((l) => JSON.parse(l).msg as string).filter((m) => / → \d{3} /.test(m));
      expect(requestLines).toEqual([expect.stringMatching(/^GET \/api\/test-log\/fail → 500 /)]);
    } finally {
      await quiet.app.close();
    }
  });
});

describe('redaction rules', () => {
  it('keeps only harmless query values and hides token-like path segments', () => {
    expect(redactUrl('/api/vacancy?status=closed&page=3')).toBe('/api/vacancy?status=[скрыто]&page=3');
    expect(redactUrl('/?show=login_form&redirect=%2Fprofile')).toBe('/?show=login_form&redirect=[скрыто]');
    expect(redactUrl('/api/resume/a1b2c3d4e5f6a7b8c9d0e1f2')).toBe('/api/resume/[скрыто]');
    expect(redactUrl('/api/vacancy/15/reply/7')).toBe('/api/vacancy/15/reply/7');
    expect(redactUrl('/api/review/request')).toBe('/api/review/request');
    expect(redactUrl('/api/review/request?per_page=7')).toBe('/api/review/request?per_page=7');
  });
  it('scrubs e-mails, phones and tokens from messages', () => {
    expect(scrubText(`нет ${EMAIL}, тел. 8 916 555 12 34, ключ ${RESET_TOKEN}`)).toBe('нет [скрыто], тел. [скрыто], ключ [скрыто]');
    expect(scrubText('at handler (/work/main/apps/api/src/app.ts:120:15)')).toBe('at handler (/work/main/apps/api/src/app.ts:120:15)');
  });
});

describe('a letter kept without SMTP', () => {
  it('is printed whole only on a private site; elsewhere the log holds no address, code or link', async () => {
    const { createMailer } = await import('./mailer.ts');
    const { pino } = await import('pino');
    const printed: string[] = [];
    const log = pino(
      new Writable({
        write(chunk, _encoding, done) {
          printed.push(String(chunk));
          done();
        },
      }),
    );
    const letter = { to: EMAIL, subject: 'Код входа', text: `Ваш код: 4821. Ссылка: http://club.test/reset?token=${RESET_TOKEN}` };
    const database = await testDatabase();
    await createMailer({ from: 'club@test', database, log, logContents: false }).send(letter);
    expect(printed.join('')).toContain('mail kept in mail_outbox');
    for (const secret of [EMAIL, '4821', RESET_TOKEN]) expect(printed.join('')).not.toContain(secret);
    await createMailer({ from: 'club@test', database, log, logContents: true }).send(letter);
    expect(printed.join('')).toContain('4821');
  });
});
