import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../test/fake-telegram.ts';
import { createPrivateTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { educationMessages, educationStates, jobs, notifications, users } from '../../db/schema/index.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import { createEducationMessage, runEducationCreate } from './education.service.ts';

let fake: FakeTelegram;
let built: BuiltApp;

beforeAll(async () => {
  fake = await startFakeTelegram();
  // A database of its own: the file runs the queue, and on the shared PostgreSQL another file's
  // run could take its jobs (and send its mail through that file's settings).
  built = await createPrivateTestApp({
    APP_URL: 'http://club.test',
    EDUCATION_SITE_URL: 'https://edu.example/',
    TELEGRAM_API_ROOT: fake.apiRoot,
    TELEGRAM_BOT_TOKEN: '123:abc',
    TELEGRAM_BOT_NAME: 'hr_club_bot',
    TELEGRAM_WEBHOOK_SECRET: 's3cret',
  });
});
afterAll(() => fake.close());

const app = () => built.app;
const ctx = () => built.ctx;
const db = () => built.ctx.database.db;

async function member() {
  const m = await registeredMember(app());
  const [user] = await db().select().from(users).where(eq(users.email, m.email));
  if (!user) throw new Error('no user');
  return { ...m, user };
}

/** Everybody gets it unless `to` narrows it: on a shared PostgreSQL, a broadcast queues mail for every test user. */
const announce = (overrides: Partial<{ title: string; message: string; educationId: number }> = {}, to?: { user: { id: number } }[]) => {
  const input = { title: 'Курс «HR-аналитика»', message: 'Старт <b>1 марта</b>. Осталось 10 мест.', educationId: 42, ...overrides };
  return to ? createEducationMessage(ctx(), input, { onlyUserIds: to.map((m) => m.user.id) }) : runEducationCreate(ctx(), input);
};
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('creating an announcement', () => {
  it('notifies every user with the e_notify link, pushes in real time and queues the copies', async () => {
    const a = await member();
    const b = await member();
    const blocked = await member();
    await db().update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.user.id));
    await db().update(users).set({ notifyEmail: false }).where(eq(users.id, b.user.id));
    const chatId = String(randomInt(10_000_000, 2_000_000_000));
    await db().update(users).set({ telegramChatId: chatId, telegramBoundAt: new Date() }).where(eq(users.id, a.user.id));

    const pushes: RealtimeEvent[] = [];
    const stop = [a, b].map((m) => ctx().realtime.listen(`user.${m.user.id}`, (e) => pushes.push(e)));
    const { id, notified } = await announce();
    for (const s of stop) s();
    expect(id).toBeGreaterThan(0);
    expect(notified).toBeGreaterThanOrEqual(2);

    const rows = await db()
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, [a.user.id, b.user.id, blocked.user.id]), eq(notifications.url, `/?e_notify=${id}`)));
    expect(rows.map((r) => r.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(rows[0]).toMatchObject({ title: 'Курс «HR-аналитика»', message: 'Старт <b>1 марта</b>. Осталось 10 мест.', readAt: null });
    expect(pushes.filter((p) => p.event === 'notification')).toHaveLength(2);

    // The cabinet list shows it, with the link that opens the dialog.
    const list = await a.client.get('/api/notify/message');
    expect(list.body.res.data[0].data).toMatchObject({ title: 'Курс «HR-аналитика»', url: `/?e_notify=${id}` });

    // Copies by preference: e-mail for a (not for b, who turned it off), Telegram for a's chat.
    const mails = await db()
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'mail'),
          sql`${jobs.payload}->>'subject' = 'HR-клуб: Курс «HR-аналитика»'`,
          inArray(sql`${jobs.payload}->>'to'`, [a.email, b.email, blocked.email]),
        ),
      );
    expect(mails.map((m) => m.payload.to)).toEqual([a.email]);
    expect(mails[0]?.payload.text).toBe(`Курс «HR-аналитика»\n\nСтарт 1 марта. Осталось 10 мест.\n\nhttp://club.test/?e_notify=${id}`);
    await ctx().queue.runPending();
    expect(fake.sent(chatId).at(-1)?.text).toBe(
      `Курс «HR-аналитика»\n\nСтарт 1 марта. Осталось 10 мест.\n\nhttp://club.test/?e_notify=${id}`,
    );
  });

  it('works from the CLI (database and config only, no server)', async () => {
    const m = await member();
    const { id } = await runEducationCreate(
      { database: ctx().database, config: ctx().config },
      { title: 'Из консоли', message: 'Текст', educationId: 7 },
    );
    const [row] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.user.id), eq(notifications.url, `/?e_notify=${id}`)));
    expect(row?.title).toBe('Из консоли');
  });

  it('checks its input', async () => {
    await expect(announce({ title: '  ' })).rejects.toMatchObject({ status: 422, extra: { errors: { title: ['Укажите заголовок'] } } });
    await expect(announce({ message: '' })).rejects.toMatchObject({ extra: { errors: { message: ['Укажите текст'] } } });
    await expect(announce({ educationId: 0 })).rejects.toMatchObject({
      extra: { errors: { education_id: [expect.stringMatching(/номер обучения/)] } },
    });
    await expect(announce({ educationId: Number.NaN })).rejects.toMatchObject({ status: 422 });
  });

  it('handles thousands of users in a few set-based statements', async () => {
    const tag = randomUUID().slice(0, 8);
    const N = 3000;
    await db().execute(sql`
      insert into users (email, password_hash, name, notify_email)
      select 'bulk-' || ${tag} || '-' || g || '@example.ru', 'x', 'Bulk', false from generate_series(1, ${N}) g`);
    try {
      // On the embedded database: everybody, as in production; on a shared PostgreSQL: the bulk users.
      const bulk = onPostgres
        ? await ctx().database.rows<{ id: number }>(sql`select id from users where email like ${`bulk-${tag}-%`}`)
        : undefined;
      const started = performance.now();
      const { id, notified } = await createEducationMessage(
        ctx(),
        { title: 'Массовый анонс', message: 'Всем', educationId: 3 },
        { onlyUserIds: bulk?.map((b) => b.id) },
      );
      const ms = performance.now() - started;
      expect(notified).toBeGreaterThanOrEqual(N);
      const [count] = await ctx().database.rows<{ n: number }>(sql`
        select count(*)::int as n from notifications n join users u on u.id = n.user_id
        where u.email like ${`bulk-${tag}-%`} and n.url = ${`/?e_notify=${id}`}`);
      expect(count?.n).toBe(N);
      expect(ms).toBeLessThan(15_000);
    } finally {
      await db().execute(sql`delete from users where email like ${`bulk-${tag}-%`}`);
    }
  });
});

describe('the education calls', () => {
  it('GET /api/user/education/message/{id} answers the announcement and its external link', async () => {
    const m = await member();
    const { client } = m;
    const { id, notified } = await announce({ educationId: 1234 }, [m]);
    expect(notified).toBe(1); // a narrowed audience
    const res = await client.get(`/api/user/education/message/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.res).toMatchObject({
      id,
      title: 'Курс «HR-аналитика»',
      message: 'Старт <b>1 марта</b>. Осталось 10 мест.',
      education_id: 1234,
      url: 'https://edu.example/education/1234',
    });
    expect((await client.get('/api/user/education/message/999999999')).status).toBe(404);
    const bad = await client.get('/api/user/education/message/abc');
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('Анонс не найден');
    expect((await new TestClient(app()).get(`/api/user/education/message/${id}`)).status).toBe(401);
  });

  it('POST /api/user/education/message/{id} confirms once; the announcement is no longer pending', async () => {
    const m = await member();
    const { client, user } = m;
    const { id } = await announce({}, [m]);
    expect((await client.get('/api/user/education/pending')).body.res?.id).toBe(id);
    const first = await client.post(`/api/user/education/message/${id}`);
    expect(first.status).toBe(200);
    expect(first.body.res.confirmed_at).toEqual(expect.any(String));
    const again = await client.post(`/api/user/education/message/${id}`);
    expect(again.body.res.confirmed_at).toBe(first.body.res.confirmed_at);
    const [state] = await db()
      .select()
      .from(educationStates)
      .where(and(eq(educationStates.messageId, id), eq(educationStates.userId, user.id)));
    expect(state?.confirmedAt).toBeInstanceOf(Date);
    expect((await client.get('/api/user/education/pending')).body.res?.id).not.toBe(id);
    expect((await client.post('/api/user/education/message/999999999')).status).toBe(404);
    expect((await client.post(`/api/user/education/message/${id}`, undefined, { csrf: false })).status).toBe(419);
  });

  it('«Напомнить позже» hides it until the next day, then it is pending again', async () => {
    const m = await member();
    const { client, user } = m;
    const { id } = await announce({}, [m]);
    const res = await client.post(`/api/user/education/message/${id}/remind`);
    expect(res.status).toBe(200);
    const remindAt = new Date(res.body.res.remind_at).getTime();
    expect(remindAt - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(remindAt - Date.now()).toBeLessThan(24.1 * 3600_000);
    expect((await client.get('/api/user/education/pending')).body.res?.id).not.toBe(id);

    // The next day:
    await db()
      .update(educationStates)
      .set({ remindAt: sql`now() - interval '1 minute'` })
      .where(and(eq(educationStates.messageId, id), eq(educationStates.userId, user.id)));
    const pending = await client.get('/api/user/education/pending');
    expect(pending.body.res).toMatchObject({ id, education_id: 42, url: 'https://edu.example/education/42' });
    // Confirming ends it for good.
    await client.post(`/api/user/education/message/${id}`);
    expect((await client.get('/api/user/education/pending')).body.res?.id).not.toBe(id);
  });

  it('pending: the newest first, null when nothing is due, and nothing published before the user joined', async () => {
    const { id: older } = await announce({ title: 'Старый' }, []);
    const m = await member();
    const { client } = m;
    const fresh = await client.get('/api/user/education/pending');
    expect(fresh.status).toBe(200);
    // On a shared PostgreSQL another file may publish one meanwhile; the embedded database is ours.
    if (onPostgres) expect(fresh.body.res?.id).not.toBe(older);
    else expect(fresh.body.res).toBeNull();
    const { id: first } = await announce({ title: 'Первый' }, [m]);
    const { id: second } = await announce({ title: 'Второй' }, [m]);
    expect((await client.get('/api/user/education/pending')).body.res?.id).toBe(second);
    await client.post(`/api/user/education/message/${second}/remind`);
    expect((await client.get('/api/user/education/pending')).body.res?.id).toBe(first);
    await client.post(`/api/user/education/message/${first}`);
    const none = await client.get('/api/user/education/pending');
    if (onPostgres) expect([first, second, older]).not.toContain(none.body.res?.id);
    else expect(none.body.res).toBeNull();
    expect(older).toBeLessThan(first);
    expect((await new TestClient(app()).get('/api/user/education/pending')).status).toBe(401);
  });
});

describe('announcement text', () => {
  it('is cleaned on the server before anyone reads it', async () => {
    const { id } = await announce({ message: '<p>Курс <b>по найму</b></p><script>alert(1)</script><img src=x onerror=alert(2)>' }, []);
    const [row] = await db().select().from(educationMessages).where(eq(educationMessages.id, id));
    expect(row?.message).toBe('<p>Курс <b>по найму</b></p>');
    await expect(announce({ message: '<script>только скрипт</script>' }, [])).rejects.toThrow();
  });
});
