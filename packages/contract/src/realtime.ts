import { z } from 'zod';

/**
 * The WebSocket at `/ws` (PRODUCT 7). The client sends `{event: 'subscribe', channel, auth}` with
 * the token of `POST /api/user/csrf-token` and pings; the server answers with the control events
 * below and pushes `{event, channel, data}` on the member's private channel `user.{id}`.
 */

/** What a client sends. */
export const SOCKET_CLIENT_EVENT = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  ping: 'ping',
} as const;

/** The server's answers about the socket itself. */
export const SOCKET_CONTROL_EVENT = {
  pong: 'pong',
  subscribed: 'subscribed',
  /** The token ran out: subscribe again with a fresh one. */
  subscriptionExpired: 'subscription_expired',
  /** A token that does not open the channel (`data.status` 403). */
  subscriptionError: 'subscription_error',
  error: 'error',
} as const;

/** What is pushed on `user.{id}`, and its `data`. */
export const REALTIME_EVENT = {
  /** A new notification: `{id}`. */
  notification: 'notification',
  /** Notifications marked read (another tab): `{ids}`. */
  notificationRead: 'notification.read',
  /** The Telegram binding changed: `{bound}`. */
  telegramBound: 'telegram.bound',
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENT)[keyof typeof REALTIME_EVENT];

/** `POST /api/user/csrf-token`: a token for the member's private channel, good for a few minutes. */
export const channelTokenAnswer = z.object({ token: z.string(), channel: z.string() });
export type ChannelToken = z.infer<typeof channelTokenAnswer>;

/** A member's private channel. */
export const userChannel = (userId: number) => `user.${userId}`;

/** The close code a socket gets when its member's sessions ended (logout, password reset). */
export const SOCKET_REVOKED = 4001;
/** The text of the `error` event for a message that is not JSON. */
export const SOCKET_BAD_MESSAGE = 'Некорректное сообщение';

/** Any message on the socket: `{event, channel?, data?}`. */
export type SocketMessage = { event: string; channel?: string; data?: unknown };
