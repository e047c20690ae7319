import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeCall = { token: string; method: string; payload: Record<string, unknown>; at: number };
type ApiError = { error_code: number; description: string; parameters?: Record<string, unknown> };

/**
 * A local stand-in for the Telegram Bot API (`POST {root}/bot<token>/<method>`), answering
 * `{ok: true, result}` / `{ok: false, error_code, description}` as Telegram does, and recording
 * every call. Point TELEGRAM_API_ROOT at `apiRoot`.
 */
export async function startFakeTelegram(opts: { token?: string; username?: string } = {}) {
  const token = opts.token ?? '123:abc';
  const username = opts.username ?? 'hr_club_bot';
  const botId = Number(token.split(':')[0]) || 123;
  const calls: FakeCall[] = [];
  const failures = new Map<string, ApiError[]>();
  let messageId = 0;

  const me = {
    id: botId,
    is_bot: true,
    first_name: 'HR-клуб',
    username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
  };

  const methods: Record<string, (p: Record<string, unknown>) => unknown> = {
    getMe: () => me,
    sendMessage: (p) => {
      if (p.chat_id === undefined || typeof p.text !== 'string' || !p.text) throw apiError(400, 'Bad Request: message text is empty');
      return {
        message_id: ++messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(p.chat_id), type: 'private' },
        from: { id: botId, is_bot: true, first_name: me.first_name, username },
        text: p.text,
      };
    },
    setWebhook: (p) => {
      if (typeof p.url !== 'string' || !p.url.startsWith('https://'))
        throw apiError(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
      return true;
    },
    deleteWebhook: () => true,
    answerCallbackQuery: (p) => {
      if (typeof p.callback_query_id !== 'string') throw apiError(400, 'Bad Request: query is too old or query ID is invalid');
      return true;
    },
    getWebhookInfo: () => ({ url: '', has_custom_certificate: false, pending_update_count: 0 }),
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, callToken = '', method = ''] = match;
    let payload: Record<string, unknown> = {};
    const raw = Buffer.concat(chunks).toString('utf8');
    if (raw) {
      try {
        payload = JSON.parse(raw);
      } catch {
        return send(400, { ok: false, error_code: 400, description: 'Bad Request: cannot parse JSON' });
      }
    }
    calls.push({ token: callToken, method, payload, at: Date.now() });
    if (callToken !== token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const planned = failures.get(method)?.shift();
    if (planned) return send(planned.error_code, { ok: false, ...planned });
    const handler = methods[method];
    if (!handler) return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    try {
      send(200, { ok: true, result: handler(payload) });
    } catch (err) {
      const e = err as ApiError;
      send(e.error_code ?? 500, { ok: false, error_code: e.error_code ?? 500, description: e.description ?? 'Internal Server Error' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    username,
    calls,
    /** The texts sent to a chat (or to all chats), in order. */
    sent(chatId?: string | number): { chatId: string; text: string }[] {
      return calls
        .filter((c) => c.method === 'sendMessage' && (chatId === undefined || String(c.payload.chat_id) === String(chatId)))
        .map((c) => ({ chatId: String(c.payload.chat_id), text: String(c.payload.text) }));
    },
    /** The next call of `method` fails with this Telegram error (e.g. 403 «bot was blocked by the user»). */
    failNext(method: string, error: ApiError) {
      const list = failures.get(method) ?? [];
      list.push(error);
      failures.set(method, list);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

function apiError(error_code: number, description: string): ApiError {
  return { error_code, description };
}

let updateId = 100_000;

/** The Update Telegram posts to the webhook for a private text message (commands carry their entity). */
export function textUpdate(chatId: number, text: string, from: { first_name?: string; username?: string } = {}) {
  const command = /^\/[A-Za-z0-9_]+(@\w+)?/.exec(text);
  return {
    update_id: ++updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      from: { id: chatId, is_bot: false, first_name: from.first_name ?? 'Мария', username: from.username, language_code: 'ru' },
      chat: { id: chatId, type: 'private', first_name: from.first_name ?? 'Мария', username: from.username },
      text,
      ...(command ? { entities: [{ offset: 0, length: command[0].length, type: 'bot_command' }] } : {}),
    },
  };
}

/** A group message (binding is refused there). */
export function groupUpdate(chatId: number, fromId: number, text: string) {
  const u = textUpdate(fromId, text);
  return { ...u, message: { ...u.message, chat: { id: chatId, type: 'group', title: 'HR-чат' } } };
}

/** What Telegram sends when the user blocks the bot. */
export function blockedUpdate(chatId: number) {
  const user = { id: chatId, is_bot: false, first_name: 'Мария' };
  const bot = { id: 123, is_bot: true, first_name: 'HR-клуб', username: 'hr_club_bot' };
  return {
    update_id: ++updateId,
    my_chat_member: {
      chat: { id: chatId, type: 'private', first_name: 'Мария' },
      from: user,
      date: Math.floor(Date.now() / 1000),
      old_chat_member: { user: bot, status: 'member' },
      new_chat_member: { user: bot, status: 'kicked', until_date: 0 },
    },
  };
}

/** What Telegram sends when an inline button under a bot message is pressed. */
export function callbackUpdate(chatId: number, data: string, chatType: 'private' | 'group' = 'private') {
  const from = { id: chatId, is_bot: false, first_name: 'Мария' };
  return {
    update_id: ++updateId,
    callback_query: {
      id: String(updateId),
      from,
      chat_instance: String(chatId),
      data,
      message: {
        message_id: updateId,
        date: Math.floor(Date.now() / 1000),
        chat: chatType === 'private' ? { id: chatId, type: 'private', first_name: 'Мария' } : { id: -chatId, type: 'group', title: 'HR-чат' },
        text: 'Новый отклик на вакансию',
      },
    },
  };
}
