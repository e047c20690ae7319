/**
 * Which failures mean «a service we depend on is away» (answered 503) rather than a bug (500).
 * Drivers wrap errors (Drizzle's `cause`, Node's AggregateError for several addresses), so the
 * whole chain is read.
 */

// Socket codes of Node, and PostgreSQL SQLSTATEs: 08xxx connection exceptions, 57P01 admin_shutdown,
// 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

// What pg (pool and client connect timeouts) and ioredis say when a socket is gone or never came
// (they set no code).
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|^timeout expired$|Query read timeout|not queryable|Connection is closed|Stream isn't writeable|connect ETIMEDOUT|Command timed out/i;

/** PostgreSQL's query_canceled: a statement stopped by statement_timeout. */
const CANCELED = '57014';

function* chain(err: unknown, depth = 0): Generator<{ code?: unknown; message?: unknown }> {
  if (!err || typeof err !== 'object' || depth > 5) return;
  yield err as { code?: unknown; message?: unknown };
  const e = err as { cause?: unknown; errors?: unknown };
  yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

export function isConnectionError(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export function isStatementTimeout(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === CANCELED) return true;
  return false;
}
