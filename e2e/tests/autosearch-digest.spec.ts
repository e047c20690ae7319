import type { APIRequestContext } from '@playwright/test';
import { type FakeTelegram, startFakeTelegram, textUpdate } from '../../apps/api/test/fake-telegram.ts';
import { DEMO_ADMIN } from '../fixtures/admin.ts';
import { fetchXsrf, uniqueSuffix } from '../fixtures/api.ts';
import { okRes, registerAt, signInApi } from '../fixtures/cabinet.ts';
import { type OwnServer, startOwnServer } from '../fixtures/own-server.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Автопоиск digests end to end: a member's saved instant search, resumes an operator imports, and
 * the digest reaching the member — the letter in the test SMTP mailbox with its one-click
 * unsubscribe link, and (on a server of its own with a bot) the message in the Telegram fake.
 * The servers run the digest pass every 2 s (AUTOSEARCH_PASS_SECONDS).
 */

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
/** A word no demo resume has: the saved search finds only what the journey imports. */
const uniqueWord = () => `дайджестолог${uniqueSuffix().replace(/[^a-z]/g, '').slice(0, 6)}`;

/** hh.ru's JSON Lines, as an operator uploads it: `count` resumes with the word in the title. */
function importLines(word: string, count: number): Buffer {
  const suffix = uniqueSuffix();
  const lines = Array.from({ length: count }, (_, i) => ({
    id: `digest-${suffix}-${i}`,
    title: `Ведущий ${word} ${i + 1}`,
    first_name: 'Дарья',
    last_name: `Письмова${i}`,
    area: { name: 'Москва' },
    skill_set: [word],
  }));
  return Buffer.from(`${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

/** The demo administrator uploads the file in the back office (its API) and waits until the import is done. */
async function importAsOperator(base: string, word: string, count: number): Promise<void> {
  const admin = await signInApi(DEMO_ADMIN, base);
  try {
    const token = await fetchXsrf(admin.ctx);
    const upload = await admin.ctx.post('/api/admin/imports', {
      multipart: { file: { name: `digest-${uniqueSuffix()}.jsonl`, mimeType: 'application/x-ndjson', buffer: importLines(word, count) } },
      headers: { 'X-XSRF-TOKEN': token, Accept: 'application/json' },
      failOnStatusCode: false,
    });
    const job = await okRes<{ id: number }>(upload, 'POST /api/admin/imports');
    await expect
      .poll(async () => (await admin.get<{ status: string }>(`/api/admin/imports/${job.id}`)).status, { timeout: 60_000 })
      .toBe('done');
  } finally {
    await admin.dispose();
  }
}

async function saveInstantSearch(ctx: APIRequestContext, name: string, word: string, channels: { email: boolean; telegram: boolean }) {
  const token = await fetchXsrf(ctx);
  const res = await ctx.post('/api/autosearch', {
    data: { name, query: `text=${encodeURIComponent(word)}`, frequency: 'instant', channels },
    headers: { 'X-XSRF-TOKEN': token, Accept: 'application/json' },
    failOnStatusCode: false,
  });
  return okRes<{ id: number; frequency: string }>(res, 'POST /api/autosearch');
}

test('a saved instant search: the imported resumes arrive in a digest letter whose unsubscribe link works without a login', async ({
  page,
  mailbox,
  registerUser,
}) => {
  test.slow(); // an import and a digest pass on a shared machine
  const word = uniqueWord();
  const member = await registerUser();
  const api = await signInApi(member);
  const name = `Дайджест ${word}`;
  let searchId: number;
  try {
    searchId = (await saveInstantSearch(api.ctx, name, word, { email: true, telegram: false })).id;
  } finally {
    await api.dispose();
  }

  await importAsOperator(baseUrl(), word, 2);

  const mail = await mailbox.waitForMessage(member.email, { subject: `Автопоиск «${name}»: 2 новых резюме`, timeoutMs: 60_000 });
  expect(mail.text).toContain(`Ведущий ${word} 1`);
  expect(mail.text).toContain(`Ведущий ${word} 2`);
  // A member without open_contact: the candidates' names stay out of the letter.
  expect(mail.text).not.toContain('Письмова');
  expect(mail.text).toContain(`/autosearch/${searchId}`);
  const link = /https?:\/\/\S+\/autosearch\/unsubscribe\/[A-Za-z0-9._-]+/.exec(mail.text)?.[0];
  expect(link, 'the letter has an unsubscribe link').toBeTruthy();

  // Opened in a browser that is not signed in: the digest is switched off.
  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Рассылка по автопоиску «${name}» отключена`);
  const again = await signInApi(member);
  try {
    const list = await again.get<{ id: number; frequency: string }[]>('/api/autosearch');
    expect(list.find((s) => s.id === searchId)?.frequency).toBe('off');
  } finally {
    await again.dispose();
  }

  // A forged link is refused in Russian.
  await page.goto(`${new URL(link as string).pathname.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ссылка для отписки недействительна или устарела');
});

test.describe('Telegram', () => {
  const SECRET = 's3cret';
  let fake: FakeTelegram;
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    fake = await startFakeTelegram({ token: '123:abc', username: 'hr_club_bot' });
    server = await startOwnServer({
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_BOT_NAME: 'hr_club_bot',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      AUTOSEARCH_PASS_SECONDS: '2',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test('the digest of a search with the Telegram channel reaches the member’s bound chat', async () => {
    test.slow();
    const base = (server as OwnServer).base;
    const member = await registerAt(base);
    const api = await signInApi(member, base);
    const word = uniqueWord();
    const name = `В Telegram ${word}`;
    const chatId = 900_000 + Math.floor(Math.random() * 90_000);
    let searchId: number;
    try {
      // The member binds the bot as Telegram would: Start in the deep link's chat.
      const { telegram_auth_url: deepLink } = await api.get<{ telegram_auth_url: string }>('/api/user/telegram');
      const bind = await fetch(`${base}/api/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
        body: JSON.stringify(textUpdate(chatId, `/start ${deepLink.split('start=')[1] ?? ''}`)),
      });
      expect(bind.status).toBe(200);
      await expect.poll(() => fake.sent(chatId).length, { timeout: 15_000 }).toBeGreaterThan(0);
      searchId = (await saveInstantSearch(api.ctx, name, word, { email: false, telegram: true })).id;
    } finally {
      await api.dispose();
    }

    await importAsOperator(base, word, 3);

    const expected = `Автопоиск «${name}»: 3 новых резюме\n${base}/autosearch/${searchId}`;
    await expect.poll(() => fake.sent(chatId).map((m) => m.text), { timeout: 60_000 }).toContain(expected);
  });
});
