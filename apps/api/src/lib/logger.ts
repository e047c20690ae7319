import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * How the server logs: in a terminal one readable line per request (pino-pretty), elsewhere JSON
 * lines for a log collector. Fastify's own request lines are switched off (app.ts) for the one line at the end.
 */
export function loggerOptions(level: string, pretty = !!process.stdout.isTTY): FastifyServerOptions['logger'] {
  if (!pretty) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true, colorize: true },
    },
  };
}

/** One line per answered request: method, path, status and time. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime.toFixed(1);
    const line = `${request.method} ${request.url} → ${reply.statusCode} ${ms} ms`;
    if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
  });
}
