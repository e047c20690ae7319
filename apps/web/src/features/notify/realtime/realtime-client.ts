import { type ChannelToken, SOCKET_CLIENT_EVENT, SOCKET_CONTROL_EVENT, type SocketMessage } from '@hr/contract/realtime';

/** What the server pushes: `{event, channel, data}` (REALTIME_EVENT in the contract). */
export type RealtimeEvent = SocketMessage;

export type RealtimeOptions = {
  /** `ws(s)://host/ws` */
  url: string;
  /** A fresh token for every (re)subscription: tokens live a few minutes only. */
  getToken: () => Promise<ChannelToken>;
  onEvent: (event: RealtimeEvent) => void;
  /** After every subscription but the first: pushes may have been missed while the socket was down. */
  onResubscribed?: () => void;
  minDelayMs?: number;
  maxDelayMs?: number;
  pingEveryMs?: number;
  /** Subscribe again with a fresh token this often, before the server ends the subscription (tokens live 5 minutes). */
  renewEveryMs?: number;
  createSocket?: (url: string) => WebSocket;
};

export type RealtimeConnection = { stop: () => void };

/** Same origin, ws:// or wss:// by the page's protocol. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** 1 s, 2 s, 4 s … up to 30 s. */
export function backoffDelay(attempt: number, min = 1000, max = 30_000): number {
  return Math.min(max, min * 2 ** Math.max(0, attempt));
}

/**
 * One WebSocket to the private channel `user.{id}`: subscribes with a token of
 * POST /api/user/csrf-token, reconnects with backoff (1 s → 30 s) and subscribes again with a fresh
 * token after every reconnect. The server ends a subscription when its token expires and closes the
 * socket when the user's sessions end, so the token is renewed every 4 minutes on the open socket.
 * `stop()` closes it for good (logout).
 */
export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const {
    url,
    getToken,
    onEvent,
    onResubscribed,
    minDelayMs = 1000,
    maxDelayMs = 30_000,
    pingEveryMs = 25_000,
    renewEveryMs = 240_000,
  } = options;
  const createSocket = options.createSocket ?? ((target: string) => new WebSocket(target));
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let subscribedOnce = false;
  let reconnectTimer: number | undefined;
  let pingTimer: number | undefined;
  let renewTimer: number | undefined;
  /** A renewal on a live subscription: its `subscribed` is no reason to reload. */
  let renewing = false;

  const scheduleReconnect = () => {
    if (stopped || reconnectTimer !== undefined) return;
    const delay = backoffDelay(attempt, minDelayMs, maxDelayMs);
    attempt += 1;
    reconnectTimer = window.setTimeout(() => {
      reconnectTimer = undefined;
      open();
    }, delay);
  };

  const subscribe = async (ws: WebSocket) => {
    try {
      const { token, channel } = await getToken();
      if (stopped || socket !== ws || ws.readyState !== WebSocket.OPEN) return;
      ws.send(JSON.stringify({ event: SOCKET_CLIENT_EVENT.subscribe, channel, auth: token }));
    } catch {
      // No token (network, session gone): try again later with a new socket.
      if (socket === ws) ws.close();
    }
  };

  const onMessage = (raw: MessageEvent) => {
    let message: RealtimeEvent;
    try {
      message = JSON.parse(String(raw.data)) as RealtimeEvent;
    } catch {
      return;
    }
    if (!message || typeof message.event !== 'string' || message.event === SOCKET_CONTROL_EVENT.pong) return;
    if (message.event === SOCKET_CONTROL_EVENT.subscribed) {
      attempt = 0;
      if (subscribedOnce && !renewing) onResubscribed?.();
      renewing = false;
      subscribedOnce = true;
      return;
    }
    if (message.event === SOCKET_CONTROL_EVENT.subscriptionExpired) {
      // Pushes may have been missed since the expiry: the next `subscribed` reloads.
      renewing = false;
      if (socket) void subscribe(socket);
      return;
    }
    if (message.event === SOCKET_CONTROL_EVENT.subscriptionError) {
      socket?.close();
      return;
    }
    onEvent(message);
  };

  function open() {
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = createSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.addEventListener('open', () => {
      void subscribe(ws);
      window.clearInterval(pingTimer);
      pingTimer = window.setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ event: SOCKET_CLIENT_EVENT.ping }));
      }, pingEveryMs);
      window.clearInterval(renewTimer);
      renewTimer = window.setInterval(() => {
        if (socket !== ws || ws.readyState !== WebSocket.OPEN) return;
        renewing = true;
        void subscribe(ws);
      }, renewEveryMs);
    });
    ws.addEventListener('message', onMessage);
    ws.addEventListener('close', () => {
      if (socket !== ws) return;
      socket = null;
      window.clearInterval(pingTimer);
      window.clearInterval(renewTimer);
      renewing = false;
      scheduleReconnect();
    });
  }

  // Back online: do not wait for the rest of the backoff.
  const onOnline = () => {
    if (stopped || socket) return;
    window.clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    attempt = 0;
    open();
  };
  window.addEventListener('online', onOnline);

  open();

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      window.removeEventListener('online', onOnline);
      window.clearTimeout(reconnectTimer);
      window.clearInterval(pingTimer);
      window.clearInterval(renewTimer);
      const ws = socket;
      socket = null;
      if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) ws.close(1000, 'logout');
    },
  };
}
