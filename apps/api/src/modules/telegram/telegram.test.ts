import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedUpdate, type FakeTelegram, groupUpdate, startFakeTelegram, textUpdate } from '../../../test/fake-telegram.ts';
import { createPrivateTestApp, createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { telegramBindTokens, users } from '../../db/schema/index.ts';
import { notify } from '../notify/notify.service.ts';
import {
  isTelegramConfigured,
  registerTelegramWebhook,
  sendLoginCodeToTelegram,
  telegramAuthUrl,
  unbind,
  webhookSecret,
} from './telegram.service.ts';

let fake: FakeTelegram;
let built: BuiltApp;

const SECRET = 's3cret';
const env = () => ({
  TELEGRAM_API_ROOT: fake.apiRoot,
  TELEGRAM_BOT_TOKEN: '123:abc',
  TELEGRAM_BOT_NAME: 'hr_club_bot',
  TELEGRAM_WEBHOOK_SECRET: SECRET,
  APP_URL: 'http://club.test',
});

beforeAll(async () => {
  fake = await startFakeTelegram();
  // A database of its own: the file runs the queue (runPending), and on the shared PostgreSQL
  // another file's run could take its Telegram jobs and send them to that file's fake instead.
  built = await createPrivateTestApp(env());
});
afterAll(() => fake.close());

const app = () => built.app;
const ctx = () => built.ctx;
const newChatId = () => randomInt(10_000_000, 2_000_000_000);

/** Posts an update as Telegram does: JSON, with the secret header, no cookies, no CSRF token. */
function deliver(update: unknown, secret: string | null = SECRET, target = app()) {
  return new TestClient(target).request('POST', '/api/telegram/webhook', update, {
    csrf: false,
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
  });
}

async function member() {
  const m = await registeredMember(app());
  const [user] = await ctx().database.db.select().from(users).where(eq(users.email, m.email));
  if (!user) throw new Error('no user');
  return { ...m, user };
}

const userRow = async (id: number) => (await ctx().database.db.select().from(users).where(eq(users.id, id)))[0];
const tokenOf = (url: string | null) => new URL(url ?? '').searchParams.get('start') ?? '';
const lastText = (chatId: number) => fake.sent(chatId).at(-1)?.text;

describe('telegram_auth_url', () => {
  it('is the bot deep link with a one-time token, stable while unused, stored only as a hash', async () => {
    const { user } = await member();
    const url = await telegramAuthUrl(ctx(), user);
    expect(url).toMatch(/^https:\/\/t\.me\/hr_club_bot\?start=[A-Za-z0-9_-]{20,64}$/);
    expect(await telegramAuthUrl(ctx(), user)).toBe(url);
    const rows = await ctx().database.db.select().from(telegramBindTokens).where(eq(telegramBindTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(tokenOf(url));
  });

  it('is offered by GET /api/user/telegram and the profile', async () => {
    const { client } = await member();
    const res = await client.get('/api/user/telegram');
    expect(res.status).toBe(200);
    expect(res.body.res).toMatchObject({ configured: true, bound: false, bot_name: 'hr_club_bot' });
    expect(res.body.res.telegram_auth_url).toMatch(/^https:\/\/t\.me\/hr_club_bot\?start=/);
    const profile = await client.get('/api/user/profile');
    expect(profile.body.res.telegram_auth_url).toBe(res.body.res.telegram_auth_url);
    expect((await new TestClient(app()).get('/api/user/telegram')).status).toBe(401);
  });
});

describe('binding through /start', () => {
  it('binds the chat, answers in Russian, and the link becomes empty', async () => {
    const { user, client } = await member();
    const token = tokenOf(await telegramAuthUrl(ctx(), user));
    const chatId = newChatId();
    const res = await deliver(textUpdate(chatId, `/start ${token}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(lastText(chatId)).toMatch(/^Готово! Аккаунт HR-клуба привязан/);

    const row = await userRow(user.id);
    expect(row?.telegramChatId).toBe(String(chatId));
    expect(row?.telegramBoundAt).toBeInstanceOf(Date);
    expect(await telegramAuthUrl(ctx(), row!)).toBe('');
    const state = await client.get('/api/user/telegram');
    expect(state.body.res).toMatchObject({ configured: true, bound: true, telegram_auth_url: '' });
    // «Проверить» re-reads the profile: bound now.
    expect((await client.get('/api/user/profile')).body.res.telegram_auth_url).toBe('');
  });

  it('answers a used token clearly, and a repeated update from the same chat as already bound', async () => {
    const { user } = await member();
    const token = tokenOf(await telegramAuthUrl(ctx(), user));
    const chatId = newChatId();
    const update = textUpdate(chatId, `/start ${token}`);
    await deliver(update);
    // Telegram redelivers the very same update: no harm, a calm answer.
    await deliver(update);
    expect(lastText(chatId)).toMatch(/уже привязан к вашему аккаунту/);
    // Someone else uses the same link.
    const other = newChatId();
    await deliver(textUpdate(other, `/start ${token}`));
    expect(lastText(other)).toMatch(/^Эта ссылка уже использована/);
    expect((await userRow(user.id))?.telegramChatId).toBe(String(chatId));
  });

  it('answers an unknown token, a bare /start, other text and a group', async () => {
    const chatId = newChatId();
    await deliver(textUpdate(chatId, '/start not-a-real-token'));
    expect(lastText(chatId)).toMatch(/^Ссылка для привязки не найдена или недействительна/);
    await deliver(textUpdate(chatId, '/start'));
    expect(lastText(chatId)).toMatch(/^Здравствуйте! Это бот HR-клуба/);
    expect(lastText(chatId)).toContain('личный кабинет');
    await deliver(textUpdate(chatId, 'привет'));
    expect(lastText(chatId)).toMatch(/^Я присылаю уведомления HR-клуба/);

    const { user } = await member();
    const token = tokenOf(await telegramAuthUrl(ctx(), user));
    const group = -newChatId();
    await deliver(groupUpdate(group, chatId, `/start ${token}`));
    expect(lastText(group)).toBe('Привязать аккаунт HR-клуба можно только в личном чате с ботом.');
    expect((await userRow(user.id))?.telegramChatId).toBeNull();
  });

  it('refuses an expired token', async () => {
    const { user } = await member();
    const token = tokenOf(await telegramAuthUrl(ctx(), user));
    await ctx()
      .database.db.update(telegramBindTokens)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(telegramBindTokens.userId, user.id));
    const chatId = newChatId();
    await deliver(textUpdate(chatId, `/start ${token}`));
    expect(lastText(chatId)).toMatch(/^Срок действия ссылки истёк/);
    expect((await userRow(user.id))?.telegramChatId).toBeNull();
    // A fresh link is made instead of the stale one.
    expect(tokenOf(await telegramAuthUrl(ctx(), user))).not.toBe(token);
  });

  it('moves a chat bound to another account (one chat, one account)', async () => {
    const a = await member();
    const b = await member();
    const chatId = newChatId();
    await deliver(textUpdate(chatId, `/start ${tokenOf(await telegramAuthUrl(ctx(), a.user))}`));
    await deliver(textUpdate(chatId, `/start ${tokenOf(await telegramAuthUrl(ctx(), b.user))}`));
    expect((await userRow(a.user.id))?.telegramChatId).toBeNull();
    expect((await userRow(b.user.id))?.telegramChatId).toBe(String(chatId));
  });
});

describe('the webhook secret', () => {
  it('refuses a wrong or missing secret with 401 JSON and binds nothing', async () => {
    const { user } = await member();
    const token = tokenOf(await telegramAuthUrl(ctx(), user));
    const chatId = newChatId();
    for (const secret of ['wrong', null, `${SECRET}x`]) {
      const res = await deliver(textUpdate(chatId, `/start ${token}`), secret);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'error', message: 'Неверный секретный токен Telegram' });
    }
    expect(fake.sent(chatId)).toHaveLength(0);
    expect((await userRow(user.id))?.telegramChatId).toBeNull();
    // The token is still good for the real Telegram.
    await deliver(textUpdate(chatId, `/start ${token}`));
    expect((await userRow(user.id))?.telegramChatId).toBe(String(chatId));
  });

  it('needs no CSRF token or session (Telegram has neither) but a well-formed update', async () => {
    const res = await deliver({ nothing: true });
    expect(res.status).toBe(422);
  });

  it('derives a secret from the session secret when TELEGRAM_WEBHOOK_SECRET is not set', async () => {
    const other = await createTestApp({ ...env(), TELEGRAM_WEBHOOK_SECRET: '' });
    const derived = webhookSecret(other.ctx);
    expect(derived).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const chatId = newChatId();
    expect((await deliver(textUpdate(chatId, '/start'), null, other.app)).status).toBe(401);
    expect((await deliver(textUpdate(chatId, '/start'), '', other.app)).status).toBe(401);
    expect((await deliver(textUpdate(chatId, '/start'), derived, other.app)).status).toBe(200);
  });
});

describe('messages to the chat', () => {
  async function boundMember() {
    const m = await member();
    const chatId = newChatId();
    await deliver(textUpdate(chatId, `/start ${tokenOf(await telegramAuthUrl(ctx(), m.user))}`));
    return { ...m, chatId };
  }

  it('copies a notification to a bound user through the queue', async () => {
    const { user, chatId } = await boundMember();
    const before = fake.sent(chatId).length;
    await notify(ctx(), user.id, { title: 'Новый отклик', message: 'На вакансию <b>HR BP</b> откликнулись', url: '/vacancy/5' });
    expect(fake.sent(chatId)).toHaveLength(before); // only after the worker runs
    await ctx().queue.runPending();
    const text = lastText(chatId);
    expect(text).toContain('Новый отклик');
    expect(text).toContain('На вакансию HR BP откликнулись');
    expect(text).toContain('http://club.test/vacancy/5');
  });

  it('respects notify_telegram = false', async () => {
    const { user, chatId } = await boundMember();
    await ctx().database.db.update(users).set({ notifyTelegram: false }).where(eq(users.id, user.id));
    const before = fake.sent(chatId).length;
    await notify(ctx(), user.id, { title: 'Тихо', message: 'без Telegram' });
    await ctx().queue.runPending();
    expect(fake.sent(chatId)).toHaveLength(before);
  });

  it('sends a login code', async () => {
    const { chatId } = await boundMember();
    await ctx().database.db.transaction((tx) => sendLoginCodeToTelegram(tx, String(chatId), 4821));
    await ctx().queue.runPending();
    expect(lastText(chatId)).toMatch(/^Код для входа в HR-клуб: 4821/);
  });

  it('unbinds a chat that blocked the bot (403) without retrying, and on my_chat_member «kicked»', async () => {
    const a = await boundMember();
    fake.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await notify(ctx(), a.user.id, { title: 'Снова вы', message: 'текст' });
    await ctx().queue.runPending();
    expect((await userRow(a.user.id))?.telegramChatId).toBeNull();
    const [job] = await ctx().database.rows<{ done: boolean }>(
      sql`select done_at is not null as done from jobs where kind = 'telegram.message' and payload->>'chatId' = ${String(a.chatId)} order by id desc limit 1`,
    );
    expect(job?.done).toBe(true);

    const b = await boundMember();
    expect((await deliver(blockedUpdate(b.chatId))).status).toBe(200);
    expect((await userRow(b.user.id))?.telegramChatId).toBeNull();
  });

  it('retries a failed send later (Telegram busy)', async () => {
    const { chatId } = await boundMember();
    fake.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } });
    await ctx().database.db.transaction((tx) => sendLoginCodeToTelegram(tx, String(chatId), 1111));
    await ctx().queue.runPending();
    const [job] = await ctx().database.rows<{ attempts: number; done: boolean; last_error: string | null }>(
      sql`select attempts, done_at is not null as done, last_error from jobs where kind = 'telegram.message' and payload->>'chatId' = ${String(chatId)} order by id desc limit 1`,
    );
    expect(job).toMatchObject({ attempts: 1, done: false });
    expect(job?.last_error).toMatch(/429/);
  });
});

describe('unbinding', () => {
  it('POST /api/user/telegram/unbind clears the chat, tells the chat, and offers a new link', async () => {
    const { user, client } = await member();
    const oldToken = tokenOf(await telegramAuthUrl(ctx(), user));
    const chatId = newChatId();
    await deliver(textUpdate(chatId, `/start ${oldToken}`));
    expect((await new TestClient(app()).post('/api/user/telegram/unbind')).status).toBe(401);

    const res = await client.post('/api/user/telegram/unbind');
    expect(res.status).toBe(200);
    expect(res.body.res).toMatchObject({ was_bound: true, bound: false, configured: true });
    expect(tokenOf(res.body.res.telegram_auth_url)).not.toBe(oldToken);
    const row = await userRow(user.id);
    expect(row?.telegramChatId).toBeNull();
    expect(row?.telegramBoundAt).toBeNull();
    await ctx().queue.runPending();
    expect(lastText(chatId)).toMatch(/^Аккаунт HR-клуба отвязан от этого чата/);

    // The old link stays spent; the new one binds again.
    await deliver(textUpdate(chatId, `/start ${oldToken}`));
    expect(lastText(chatId)).toMatch(/^Эта ссылка уже использована/);
    await deliver(textUpdate(chatId, `/start ${tokenOf(res.body.res.telegram_auth_url)}`));
    expect((await userRow(user.id))?.telegramChatId).toBe(String(chatId));
    // The service call the profile edit uses.
    expect(await unbind(ctx(), user.id)).toBe(true);
    expect(await unbind(ctx(), user.id)).toBe(false);
  });
});

describe('setWebhook', () => {
  it('registers the webhook with the secret when APP_URL is https', async () => {
    const https = await createTestApp({ ...env(), APP_URL: 'https://hr-club.example' });
    await https.app.ready();
    fake.calls.length = 0;
    expect(await registerTelegramWebhook(https.ctx)).toBe(true);
    const call = fake.calls.find((c) => c.method === 'setWebhook');
    expect(call?.payload).toMatchObject({ url: 'https://hr-club.example/api/telegram/webhook', secret_token: SECRET });
    expect(await registerTelegramWebhook(ctx())).toBe(false); // http://club.test
  });
});

describe('without a bot token', () => {
  it('says the bot is not configured instead of failing', async () => {
    const bare = await createTestApp({ APP_URL: 'http://club.test' });
    expect(isTelegramConfigured(bare.ctx)).toBe(false);
    const m = await registeredMember(bare.app);
    const [user] = await bare.ctx.database.db.select().from(users).where(eq(users.email, m.email));
    expect(await telegramAuthUrl(bare.ctx, user!)).toBeNull();
    const state = await m.client.get('/api/user/telegram');
    expect(state.body.res).toEqual({ configured: false, bound: false, bot_name: null, telegram_auth_url: null });
    const res = await deliver(textUpdate(newChatId(), '/start x'), SECRET, bare.app);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'error', message: 'Telegram-бот не настроен' });
    expect((await m.client.post('/api/user/telegram/unbind')).body.res).toMatchObject({ was_bound: false, configured: false });
  });

  it('is not configured with a token but no bot name (no deep link possible)', async () => {
    const half = await createTestApp({ ...env(), TELEGRAM_BOT_NAME: '' });
    expect(isTelegramConfigured(half.ctx)).toBe(false);
  });
});
