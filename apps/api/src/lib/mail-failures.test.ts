import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateTestApp, registeredMember, TestClient, uniqueEmail } from '../../test/helpers.ts';
import { startSmtpCapture } from '../../test/smtp.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import type { BuiltApp } from '../app.ts';
import { adminOf } from '../modules/admin/admin.fixtures.ts';
import { SMTP_TIMEOUTS_MS } from './mailer.ts';
import { enqueueJob } from './queue.ts';

/**
 * Mail that cannot go: a permanent refusal is not retried, a server that hangs does not hold up
 * login codes, and the back office sees every failure.
 */
let built: BuiltApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let admin: Awaited<ReturnType<typeof adminOf>>;
const db = () => built.ctx.database;

beforeAll(async () => {
  smtp = await startSmtpCapture({ reject: (to) => (to.startsWith('nobody') ? 550 : undefined) });
  // Between the app and the SMTP server: in blackhole mode a connection is accepted and never answered.
  proxy = await startTcpProxy({ host: '127.0.0.1', port: smtp.port });
  // A database of its own: the file runs the job queue.
  built = await createPrivateTestApp({ SMTP_URL: `smtp://127.0.0.1:${proxy.port}?ignoreTLS=true`, APP_URL: 'http://club.test' });
  admin = await adminOf(built.app, db());
});

afterAll(async () => {
  await built.ctx.queue.stop();
  await proxy?.stop();
  await smtp?.close();
});

type JobState = { attempts: number; failed_at: Date | null; done_at: Date | null; last_error: string | null; payload: Record<string, unknown> };
const mailJob = async (to: string) =>
  (
    await db().rows<JobState & { id: number }>(
      sql`select id, attempts, failed_at, done_at, last_error, payload from jobs where kind = 'mail' and (payload->>'to' = ${to} or payload->>'to_masked' = ${`${to.slice(0, 1)}***${to.slice(to.indexOf('@'))}`}) order by id desc limit 1`,
    )
  )[0];

const mailFailures = async () => (await admin.client.get('/api/admin/mail-failures?per_page=100')).body;

describe('a permanent refusal', () => {
  it('fails a 550 at once, after one attempt, and shows it in the back office with the address masked', async () => {
    const to = uniqueEmail('nobody');
    await enqueueJob(db().db, 'mail', { to, subject: 'Новый отклик на вакансию', text: 'Здравствуйте' });
    await built.ctx.queue.runPending();
    const job = await mailJob(to);
    expect(job).toMatchObject({ attempts: 1, done_at: null });
    expect(job?.failed_at).toBeTruthy();
    expect(job?.last_error).toMatch(/^Почтовый сервер окончательно отказал \(RCPT TO, код 550\)/);
    // Nothing is left to retry: another run takes nothing.
    expect(await built.ctx.queue.runPending()).toBe(0);

    const list = await mailFailures();
    expect(list.status).toBe('success');
    const item = list.res.data.find((m: { id: number }) => m.id === Number(job?.id));
    expect(item).toMatchObject({
      to: `n***${to.slice(to.indexOf('@'))}`,
      subject: 'Новый отклик на вакансию',
      status: 'failed',
      status_title: 'Не отправлено',
      attempts: 1,
      next_try_at: null,
    });
    expect(item.reason).toContain('550');
    expect(JSON.stringify(list)).not.toContain(to);
  });

  it('keeps neither the code nor the address of a refused login-code letter, and still lists it', async () => {
    const to = uniqueEmail('nobody-code');
    await enqueueJob(db().db, 'mail', { to, subject: 'Код для входа в HR-клуб: 4321', text: 'Ваш код: 4321', secret: true });
    await built.ctx.queue.runPending();
    const job = await mailJob(to);
    expect(job?.failed_at).toBeTruthy();
    expect(JSON.stringify(job?.payload)).not.toMatch(/4321|nobody-code/);
    const item = (await mailFailures()).res.data.find((m: { id: number }) => m.id === Number(job?.id));
    expect(item).toMatchObject({ to: `n***${to.slice(to.indexOf('@'))}`, subject: null, status: 'failed' });
  });

  it('is for admins only', async () => {
    expect((await new TestClient(built.app).get('/api/admin/mail-failures')).status).toBe(401);
    const member = await registeredMember(built.app);
    expect((await member.client.get('/api/admin/mail-failures')).status).toBe(403);
  });
});

describe('a server that accepts the connection and never answers', () => {
  it('does not hold up a login code: the code goes out within seconds, the stuck letter times out and is retried', async () => {
    const member = await registeredMember(built.app);
    const stuckTo = uniqueEmail('stuck');
    proxy.blackhole = true;
    await enqueueJob(db().db, 'mail', { to: stuckTo, subject: 'Подборка резюме', text: 'Новые резюме' });
    built.ctx.queue.start(50);
    // The ordinary lane has taken the letter and sits on a connection that never answers.
    for (let i = 0; i < 100 && !(await mailJob(stuckTo))?.attempts; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await mailJob(stuckTo))?.attempts).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    proxy.blackhole = false;

    const started = Date.now();
    const client = new TestClient(built.app);
    expect((await client.post('/api/auth/login/check', { email: member.email })).status).toBe(200);
    const mail = await smtp.waitFor(member.email, 4000);
    expect(mail.subject).toMatch(/^Код для входа в HR-клуб: \d{4}$/);
    expect(Date.now() - started).toBeLessThan(4000);

    // The stuck letter gives up at the greeting timeout and waits for its next try, visibly.
    for (let i = 0; i < 100 && !(await mailJob(stuckTo))?.last_error; i++) await new Promise((r) => setTimeout(r, 100));
    const stuck = await mailJob(stuckTo);
    expect(stuck).toMatchObject({ failed_at: null });
    expect(stuck?.last_error).toMatch(/^Почтовый сервер не ответил вовремя/);
    expect(Date.now() - started).toBeLessThan(SMTP_TIMEOUTS_MS.greetingTimeout + 3000);
    const item = (await mailFailures()).res.data.find((m: { id: number }) => m.id === Number(stuck?.id));
    expect(item).toMatchObject({ status: 'retrying', status_title: 'Повторная попытка', subject: 'Подборка резюме' });
    expect(item.next_try_at).toBeTruthy();
    await built.ctx.queue.stop();
  });
});
