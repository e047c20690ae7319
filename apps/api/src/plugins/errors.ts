import { MSG } from '@hr/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { Outage } from '../lib/outage.ts';
import { isConnectionError, isStatementTimeout } from '../lib/service-errors.ts';

/** What a client is told to wait before retrying during an outage. */
const RETRY_AFTER_SECONDS = 30;

type ValidationIssue = { instancePath?: string; message?: string };

/**
 * One handler turns every failure into `{status: 'error', message, errors?}` with its status; 5xx details go to the log only.
 * A lost database (or any service connection) is a 503 with Retry-After, noted once per outage in
 * `outage` (the database's, whose pool says when it is back).
 */
export function registerErrorHandling(app: FastifyInstance, opts: { outage?: Outage } = {}): void {
  const outage = opts.outage ?? new Outage('PostgreSQL', app.log);
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.extra.retryAfterSeconds) reply.header('Retry-After', String(err.extra.retryAfterSeconds));
      const body: Record<string, unknown> = { status: 'error', message: err.message };
      if (err.kind === 'forbidden') body.title = err.extra.title ?? MSG.forbiddenTitle;
      else if (err.extra.title) body.title = err.extra.title;
      if (err.extra.type) body.type = err.extra.type;
      if (err.extra.errors) body.errors = err.extra.errors;
      return reply.code(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err) || (err as FastifyError).validation) {
      const errors: Record<string, string[]> = {};
      for (const issue of ((err as FastifyError).validation ?? []) as ValidationIssue[]) {
        const field = (issue.instancePath ?? '').split('/').filter(Boolean)[0] ?? 'request';
        const list = errors[field] ?? [];
        errors[field] = list;
        const message = issue.message || MSG.fillError;
        if (!list.includes(message)) list.push(message);
      }
      const first = Object.values(errors)[0]?.[0] ?? MSG.validationFailed;
      return reply.code(422).send({ status: 'error', message: first, errors });
    }
    if (isConnectionError(err) || isStatementTimeout(err)) {
      const timeout = !isConnectionError(err);
      if (timeout) request.log.warn({ err }, 'statement timeout');
      else outage.failed(err);
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply.code(503).send({ status: 'error', message: timeout ? MSG.tooSlow : MSG.serviceUnavailable });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ status: 'error', message: MSG.tooManyAttempts(1) });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, a wrong content type: the client's fault, said plainly.
      const message = status === 413 ? 'Слишком большой запрос' : status === 404 ? MSG.notFound : 'Некорректный запрос';
      return reply.code(status === 415 || status === 400 ? 422 : status).send({
        status: 'error',
        message,
        ...(status === 400 || status === 415 ? { errors: { request: [message] } } : {}),
      });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ status: 'error', title: MSG.somethingWrong, message: MSG.serverError });
  });
}
