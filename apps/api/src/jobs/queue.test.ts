import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember, TestClient, testConfig, uniqueEmail } from '../../test/helpers.ts';
import { privateDatabase } from '../../test/private-database.ts';
import { startSmtpCapture } from '../../test/smtp.ts';
import { buildApp, type BuiltApp } from '../app.ts';
import { SMTP_TIMEOUTS_MS } from '../lib/mailer.ts';
import { enqueueJob, enqueueRows, JOB_LEASE_SECONDS, MAX_ATTEMPTS, RETRY_BUDGET_SECONDS, retryDelaySeconds } from '../lib/queue.ts';
import { enqueueMail } from '../lib/mail.ts';
import { notify, notifyMany } from '../modules/notify/notify.service.ts';
import { sendLoginCodeToTelegram } from '../modules/telegram/telegram.service.ts';
import { PRIORITY } from './registry.ts';

// The worker runs over the whole jobs table and the cleanup deletes by age: a database of our own.
let priv: Awaited<ReturnType<typeof privateDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let built: BuiltApp;
let refusing = false;

beforeAll(async () => {
  priv = await privateDatabase();
  smtp = await startSmtpCapture({ refuse: () => refusing });
  built = await buildApp(testConfig({ SMTP_URL: smtp.url, APP_URL: 'http://club.test' }), {
    database: priv.database,
    startWorker: false,
    logger: false,
  });
}, 180_000); // a fresh database: migrations and dictionaries
afterAll(async () => {
  await built?.app.close();
  await smtp?.close();
  await priv?.dispose();
});

const ctx = () => built.ctx;
const rows = <T>(q: ReturnType<typeof sql>) => ctx().database.rows<T>(q);
type JobState = {
  id: number;
  attempts: number;
  done: boolean;
  failed: boolean;
  last_error: string | null;
  priority: number;
  payload: Record<string, unknown>;
  delay: number;
};
const jobState = async (id: number) =>
  (
    await rows<JobState>(sql`
      select id::int, attempts, done_at is not null as done, failed_at is not null as failed, last_error, priority, payload,
        round(extract(epoch from run_at - now()))::int as delay
      from jobs where id = ${id}`)
  )[0] as JobState;
const lastJobTo = async (to: string) =>
  Number(
    (await rows<{ id: number }>(sql`select id::int from jobs where kind = 'mail' and payload->>'to' = ${to} order by id desc limit 1`))[0]
      ?.id,
  );
const dueNow = (id: number) => ctx().database.db.execute(sql`update jobs set run_at = now() where id = ${id}`);
const mailTo = async (to: string, extra: { secret?: boolean } = {}) => {
  await ctx().database.db.transaction((tx) => enqueueMail(tx, { to, subject: 'Проверка', text: 'Текст письма', ...extra }));
  return lastJobTo(to);
};
const receivedBy = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

describe('the registry', () => {
  it('refuses an unknown kind or a bad payload on enqueue, loudly and without a row', async () => {
    const to = uniqueEmail('bad');
    await expect(ctx().database.db.transaction((tx) => enqueueJob(tx, 'no.such.kind' as never, {} as never))).rejects.toThrow(
      /unknown job kind "no.such.kind"/,
    );
    await expect(ctx().database.db.transaction((tx) => enqueueJob(tx, 'mail', { to, subject: '', text: 'x' }))).rejects.toThrow(
      /bad payload for job "mail"/,
    );
    expect(Number.isNaN(await lastJobTo(to))).toBe(true);
  });

  it('marks a stored job of an unknown kind or with a bad payload failed at once, never retried', async () => {
    const [unknown] = await rows<{ id: number }>(sql`insert into jobs (kind, payload) values ('no.such.kind', '{}') returning id::int`);
    const [bad] = await rows<{ id: number }>(
      sql`insert into jobs (kind, payload) values ('mail', '{"subject":"без адреса"}') returning id::int`,
    );
    await ctx().queue.runPending();
    for (const id of [unknown?.id, bad?.id] as number[]) {
      await dueNow(id);
      await ctx().queue.runPending();
      const job = await jobState(id);
      expect(job).toMatchObject({ attempts: 1, failed: true, done: false });
    }
    expect((await jobState(unknown?.id as number)).last_error).toMatch(/unknown job kind/);
    expect((await jobState(bad?.id as number)).last_error).toMatch(/bad payload/);
  });
});

describe('retries', () => {
  it('back off from 2 s doubling to a 15-minute cap, for at least a day', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([2, 4, 8, 16]);
    expect(retryDelaySeconds(10)).toBe(900);
    expect(retryDelaySeconds(60)).toBe(900);
    let waited = 0;
    for (let n = 1; n < MAX_ATTEMPTS; n++) waited += retryDelaySeconds(n);
    expect(waited).toBeGreaterThanOrEqual(RETRY_BUDGET_SECONDS);
    expect(waited - retryDelaySeconds(MAX_ATTEMPTS - 1)).toBeLessThan(RETRY_BUDGET_SECONDS);
  });

  it('keeps every SMTP timeout well inside the job lease', () => {
    const { connectionTimeout, greetingTimeout, socketTimeout, dnsTimeout } = SMTP_TIMEOUTS_MS;
    expect(JOB_LEASE_SECONDS).toBeGreaterThanOrEqual(120);
    expect(dnsTimeout + connectionTimeout + greetingTimeout + socketTimeout).toBeLessThan((JOB_LEASE_SECONDS * 1000) / 2);
  });

  it('delivers exactly once after the SMTP server refused recipients for an hour', async () => {
    const to = uniqueEmail('refused');
    refusing = true;
    const id = await mailTo(to);
    await ctx().queue.runPending();
    let job = await jobState(id);
    expect(job).toMatchObject({ attempts: 1, done: false, failed: false });
    expect(job.last_error).toMatch(/451|busy/i);
    expect(job.delay).toBeGreaterThanOrEqual(1);
    expect(job.delay).toBeLessThanOrEqual(2);
    await dueNow(id);
    await ctx().queue.runPending();
    expect((await jobState(id)).delay).toBeGreaterThanOrEqual(3);
    // An hour of refusals later: the backoff is capped at 15 minutes, the job still waits.
    await ctx().database.db.execute(sql`update jobs set attempts = 12, run_at = now() where id = ${id}`);
    await ctx().queue.runPending();
    job = await jobState(id);
    expect(job).toMatchObject({ attempts: 13, done: false, failed: false });
    expect(job.delay).toBeGreaterThan(890);
    expect(job.delay).toBeLessThanOrEqual(900);
    expect(receivedBy(to)).toBe(0);

    refusing = false;
    await dueNow(id);
    await ctx().queue.runPending();
    await dueNow(id);
    await ctx().queue.runPending();
    expect(receivedBy(to)).toBe(1);
    expect(await jobState(id)).toMatchObject({ done: true, attempts: 14 });
  });

  it('delivers exactly once after the SMTP server was down and came back on its port', async () => {
    const to = uniqueEmail('closed');
    const { port } = smtp;
    await smtp.close();
    const id = await mailTo(to);
    await ctx().queue.runPending();
    const job = await jobState(id);
    expect(job).toMatchObject({ attempts: 1, done: false, failed: false });
    expect(job.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpCapture({ port, refuse: () => refusing });
    await dueNow(id);
    await ctx().queue.runPending();
    await dueNow(id);
    await ctx().queue.runPending();
    expect(receivedBy(to)).toBe(1);
    expect(await jobState(id)).toMatchObject({ done: true, attempts: 2 });
  });

  it('gives up after the last try of the day; a secret is scrubbed even then', async () => {
    const to = uniqueEmail('given-up');
    refusing = true;
    try {
      const id = await mailTo(to, { secret: true });
      await ctx().database.db.execute(sql`update jobs set attempts = ${MAX_ATTEMPTS - 1} where id = ${id}`);
      await ctx().queue.runPending();
      const job = await jobState(id);
      expect(job).toMatchObject({ attempts: MAX_ATTEMPTS, failed: true, done: false, payload: {} });
      expect(job.last_error).toMatch(/451|busy/i);
    } finally {
      refusing = false;
    }
  });
});

describe('priorities and secrets', () => {
  it('sends a login code within 10 s while 2,000 bulk copies wait, with the worker running', async () => {
    const { email } = await registeredMember(built.app);
    await ctx().queue.runPending(); // the welcome mail
    const bulkDomain = `bulk-${randomUUID().slice(0, 6)}.example`;
    await ctx().database.db.transaction((tx) =>
      enqueueRows(
        tx,
        sql`select 'mail' as kind, jsonb_build_object('to', 'user' || n || ${`@${bulkDomain}`}::text, 'subject', 'Анонс', 'text', 'Текст анонса') as payload
            from generate_series(1, 2000) as n`,
        'bulk',
      ),
    );
    const bulkSent = () => smtp.received.filter((m) => m.to[0]?.endsWith(bulkDomain)).length;
    ctx().queue.start(200);
    try {
      // The worker is busy with the copies when the code is asked for.
      const deadline = Date.now() + 10_000;
      while (bulkSent() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(bulkSent()).toBeGreaterThan(0);

      const asked = Date.now();
      const check = await new TestClient(built.app).post('/api/auth/login/check', { email });
      expect(check.status).toBe(200);
      const mail = await smtp.waitFor(email, 10_000);
      const took = Date.now() - asked;
      expect(mail.subject).toContain('Код для входа');
      expect(took).toBeLessThan(10_000);
      expect(bulkSent()).toBeLessThan(2000); // it overtook the copies
      console.log(`login code delivered in ${took} ms with ${2000 - bulkSent()} bulk copies still waiting`);
    } finally {
      await ctx().queue.stop();
      // The rest of the copies are of no interest to the tests below.
      await ctx().database.db.execute(sql`delete from jobs where payload->>'to' like ${`%@${bulkDomain}`}`);
    }
  });

  it('runs codes and reset links first and empties their payload once sent', async () => {
    const { email } = await registeredMember(built.app);
    await ctx().queue.runPending();
    const client = new TestClient(built.app);
    await client.post('/api/auth/login/check', { email });
    // One job: the worker's lookup, which enqueues the code's mail.
    let ran = 0;
    await ctx().queue.runPending(() => ran++ < 1);
    const code = await lastJobTo(email);
    await client.post('/password/email', { email });
    const reset = await lastJobTo(email);
    expect(reset).toBeGreaterThan(code);
    const ordinary = await mailTo(email);
    for (const id of [code, reset]) expect((await jobState(id)).priority).toBe(PRIORITY.urgent);
    expect((await jobState(ordinary)).priority).toBe(PRIORITY.normal);

    await ctx().queue.runPending();
    expect(await jobState(code)).toMatchObject({ done: true, payload: {} });
    expect(await jobState(reset)).toMatchObject({ done: true, payload: {} });
    expect((await jobState(ordinary)).payload).toMatchObject({ to: email, subject: 'Проверка' });
    const texts = smtp.received.filter((m) => m.to.includes(email)).map((m) => m.subject);
    expect(texts.some((s) => s.includes('Код для входа'))).toBe(true);
    expect(texts).toContain('Восстановление доступа к HR-клубу');

    // A code through Telegram is a secret too (sent first, scrubbed; here no bot: dropped, still scrubbed).
    await ctx().database.db.transaction((tx) => sendLoginCodeToTelegram(tx, '123456789', 4821));
    const [tg] = await rows<{ id: number }>(sql`select id::int from jobs where kind = 'telegram.message' order by id desc limit 1`);
    expect((await jobState(tg?.id as number)).priority).toBe(PRIORITY.urgent);
    await ctx().queue.runPending();
    expect(await jobState(tg?.id as number)).toMatchObject({ done: true, payload: {} });
  });

  it('queues notification copies at the bulk priority, one by one and set-based', async () => {
    const a = await registeredMember(built.app);
    const b = await registeredMember(built.app);
    const blocked = await registeredMember(built.app);
    const idOf = async (email: string) => Number((await rows<{ id: number }>(sql`select id from users where email = ${email}`))[0]?.id);
    const [aId, bId, blockedId] = [await idOf(a.email), await idOf(b.email), await idOf(blocked.email)];
    await ctx().database.db.execute(sql`update users set blocked_at = now() where id = ${blockedId}`);
    await ctx().queue.runPending();

    await notify(ctx(), aId, { title: 'Одному', message: 'Текст' });
    expect((await jobState(await lastJobTo(a.email))).priority).toBe(PRIORITY.bulk);

    const { notified } = await notifyMany(
      ctx(),
      { userIds: [aId, bId, blockedId] },
      { title: 'Многим', message: '<b>Текст</b>', url: '/x' },
    );
    expect(notified).toBe(2);
    const copies = await rows<{ to: string; priority: number; text: string }>(
      sql`select payload->>'to' as to, priority, payload->>'text' as text from jobs where payload->>'subject' = 'HR-клуб: Многим' order by id`,
    );
    expect(copies.map((c) => c.to)).toEqual([a.email, b.email]);
    expect(copies.every((c) => c.priority === PRIORITY.bulk)).toBe(true);
    expect(copies[0]?.text).toBe('Многим\n\nТекст\n\nhttp://club.test/x');
    const stored = await rows<{ user_id: number }>(sql`select user_id from notifications where title = 'Многим' order by user_id`);
    expect(stored.map((r) => Number(r.user_id))).toEqual([aId, bId].sort((x, y) => x - y));
  });
});

describe('retention cleanup', () => {
  it('runs hourly through the queue, one instance at a time, and deletes only what is old', async () => {
    const { email } = await registeredMember(built.app);
    const [user] = await rows<{ id: number }>(sql`select id from users where email = ${email}`);
    const uid = Number(user?.id);
    const tag = randomUUID().slice(0, 8);
    const db = ctx().database.db;
    const job = async (state: string) =>
      Number(
        (
          await rows<{ id: number }>(sql`insert into jobs (kind, payload, created_at, run_at, done_at, failed_at)
          values ('mail', ${JSON.stringify({ tag })}::jsonb, now() - interval '60 days', now() - interval '60 days',
            ${state.startsWith('done') ? sql`now() - ${state.slice(5)}::interval` : sql`null`},
            ${state.startsWith('failed') ? sql`now() - ${state.slice(7)}::interval` : sql`null`})
          returning id::int`)
        )[0]?.id,
      );
    const jobs = {
      doneOld: await job('done 8 days'),
      doneRecent: await job('done 6 days'),
      failedOld: await job('failed 31 days'),
      failedRecent: await job('failed 29 days'),
    };
    // An old pending job is work, not history: it stays (pushed into the future so nothing runs it).
    const [pendingOld] = await rows<{ id: number }>(
      sql`insert into jobs (kind, payload, created_at, run_at) values ('mail', ${JSON.stringify({ tag })}::jsonb, now() - interval '60 days', now() + interval '1 day') returning id::int`,
    );
    await db.execute(sql`insert into sessions (id, user_id, expires_at) values
      (${`old-${tag}`}, ${uid}, now() - interval '1 minute'), (${`live-${tag}`}, ${uid}, now() + interval '1 day')`);
    await db.execute(sql`insert into rate_limits (key, count, reset_at) values
      (${`old-${tag}`}, 3, now() - interval '1 minute'), (${`live-${tag}`}, 3, now() + interval '1 minute')`);
    await db.execute(sql`insert into client_errors (error, info, host, path, created_at) values
      (${`old-${tag}`}, '', 'h', '/', now() - interval '31 days'), (${`live-${tag}`}, '', 'h', '/', now() - interval '29 days')`);
    await db.execute(sql`insert into password_resets (user_id, token_hash, expires_at) values
      (${uid}, ${`old-${tag}`}, now() - interval '2 days'), (${uid}, ${`live-${tag}`}, now() - interval '1 hour')`);

    // The queue keeps exactly one pending cleanup, however often it is asked to schedule it.
    await ctx().queue.schedulePeriodic();
    await ctx().queue.schedulePeriodic();
    const pending = () =>
      rows<{ id: number; in_minutes: number }>(
        sql`select id::int, round(extract(epoch from run_at - now()) / 60)::int as in_minutes from jobs
            where kind = 'maintenance.cleanup' and done_at is null and failed_at is null`,
      );
    expect(await pending()).toHaveLength(1);
    // The worker started above already ran one: its successor is due in an hour. An hour passes.
    await db.execute(sql`update jobs set run_at = now() where kind = 'maintenance.cleanup' and done_at is null`);
    await ctx().queue.runPending();

    const ids = await rows<{ id: number }>(sql`select id::int from jobs where payload->>'tag' = ${tag} order by id`);
    expect(ids.map((r) => r.id)).toEqual([jobs.doneRecent, jobs.failedRecent, pendingOld?.id].sort((x, y) => Number(x) - Number(y)));
    const left = async (table: string, column: string) =>
      (
        await rows<{ v: string }>(
          sql`select ${sql.identifier(column)} as v from ${sql.identifier(table)} where ${sql.identifier(column)} like ${`%-${tag}`} order by 1`,
        )
      ).map((r) => r.v);
    expect(await left('sessions', 'id')).toEqual([`live-${tag}`]);
    expect(await left('rate_limits', 'key')).toEqual([`live-${tag}`]);
    expect(await left('client_errors', 'error')).toEqual([`live-${tag}`]);
    expect(await left('password_resets', 'token_hash')).toEqual([`live-${tag}`]);

    // The next run is an hour away, still the only one.
    const next = await pending();
    expect(next).toHaveLength(1);
    expect(next[0]?.in_minutes).toBeGreaterThanOrEqual(59);
    expect(next[0]?.in_minutes).toBeLessThanOrEqual(60);
  });
});
