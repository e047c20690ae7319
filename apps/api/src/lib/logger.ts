import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * What the log may hold of a request: its method, its path with secrets replaced, status and time.
 * Never a body, a token, an e-mail, a phone number, a review-request link id or a search text.
 *
 * Query strings: every value is replaced by REDACTED except those of LOGGED_QUERY_PARAMS (harmless
 * paging and popup switches); the names stay, so a line still says what was asked.
 */
export const LOGGED_QUERY_PARAMS: ReadonlySet<string> = new Set(['page', 'per_page', 'show']);

export const REDACTED = '[скрыто]';

/** Path segments that are secrets by position: the id after `review/request/` is a link's only key. */
const SECRET_AFTER = [/^(\/api)?\/review\/request\/[^/]+/];

/** A segment that looks like a token (20+ URL-safe characters with a digit) or holds an e-mail. */
const TOKEN_SEGMENT = /^(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}$/;
const isSecretSegment = (segment: string) => TOKEN_SEGMENT.test(segment) || /@|%40/i.test(segment);

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  for (const rule of SECRET_AFTER) {
    path = path.replace(rule, (m) => `${m.slice(0, m.lastIndexOf('/') + 1)}${REDACTED}`);
  }
  path = path
    .split('/')
    .map((segment) => (segment !== REDACTED && isSecretSegment(segment) ? REDACTED : segment))
    .join('/');
  if (q === -1) return path;
  const kept = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {}
      if (isSecretSegment(decoded) || decoded.length > 40) return REDACTED;
      return LOGGED_QUERY_PARAMS.has(decoded) && /^[\w.-]{0,20}$/.test(pair.slice(eq + 1)) ? pair : `${name}=${REDACTED}`;
    });
  return `${path}?${kept.join('&')}`;
}

const EMAIL = /[^\s@<>()[\]"',;:=]+@[^\s@<>()[\]"',;:=]+\.[^\s@<>()[\]"',;:=]+/g;
/** +7 (999) 123-45-67, 89991234567, 79991234567: ten digits or more, with the usual separators. */
const PHONE = /\+?\d[\d\s()-]{8,}\d/g;
const TOKEN = /(?<![\w/.-])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{24,}(?![\w/.-])/g;

/** Removes e-mails, phone numbers, tokens and a failed query's parameters from a message or a stack. */
export function scrubText(text: string): string {
  return text
    .replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`)
    .replace(EMAIL, REDACTED)
    .replace(PHONE, REDACTED)
    .replace(TOKEN, REDACTED);
}

type LoggedError = { type: string; message: string; stack: string; code?: string | number; statusCode?: number; cause?: LoggedError };

/**
 * An error as the log keeps it: its kind, code and scrubbed message and stack. Nothing else of it:
 * a database error's `detail`, `parameters` or a failed query's `params` carry the row's values.
 */
export function logError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: scrubText(String(err)), stack: '' };
  const out: LoggedError = { type: err.constructor?.name || 'Error', message: scrubText(err.message), stack: scrubText(err.stack ?? '') };
  const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  if (typeof statusCode === 'number') out.statusCode = statusCode;
  if (err.cause !== undefined && depth < 3) out.cause = logError(err.cause, depth + 1);
  return out;
}

type RequestLike = { method?: string; url?: string; id?: string };

/** The serializers of every logger of the app (Fastify's own `req` one would print the whole URL). */
export const logSerializers = {
  err: (err: unknown) => logError(err),
  error: (err: unknown) => (err instanceof Error ? logError(err) : err),
  req: (req: RequestLike) => ({ method: req.method, url: redactUrl(req.url ?? '') }),
};

/**
 * How the server logs: in a terminal one readable line per request (pino-pretty), elsewhere JSON
 * lines for a log collector (or `stream`). Fastify's own request lines are switched off (app.ts) for
 * the one line at the end. The serializers keep secrets out of both.
 */
export function loggerOptions(level: string, pretty = !!process.stdout.isTTY, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (stream) return { level, serializers: logSerializers, stream } as FastifyServerOptions['logger'];
  if (!pretty) return { level, serializers: logSerializers };
  return {
    level,
    serializers: logSerializers,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true, colorize: true },
    },
  };
}

/** Whether a logger writes a level (Fastify's logger of `logger: false` has no isLevelEnabled and writes nothing). */
const writes = (log: object, level: string) =>
  (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) ?? false;

/**
 * One line per answered request: method, path (redactUrl), status and time. Built only when the
 * level is written (production logs errors only: the line is not made for every answer).
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const failed = reply.statusCode >= 500;
    if (writes(request.log, failed ? 'error' : 'info')) {
      const line = `${request.method} ${redactUrl(request.url)} → ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
      if (failed) request.log.error(line);
      else request.log.info(line);
    }
    done();
  });
}
