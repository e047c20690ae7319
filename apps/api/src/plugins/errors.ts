import { MSG } from '@hr/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { MULTIPART_MSG } from '../lib/multipart.ts';
import { Outage } from '../lib/outage.ts';
import { isConnectionError, isStatementTimeout } from '../lib/service-errors.ts';

/** What a client is told to wait before retrying during an outage. */
const RETRY_AFTER_SECONDS = 30;

type ValidationIssue = { instancePath?: string; message?: string };

/** Fastify's own refusals of a body, each with its reason (a 422 with errors.request, as any 400). */
const BAD_REQUEST: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Некорректный запрос: тело с типом application/json пустое',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Некорректный запрос: этот адрес не принимает такой Content-Type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MULTIPART_MSG.incomplete,
  FST_ERR_CTP_INVALID_JSON_BODY: 'Некорректный запрос: тело не является корректным JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Слишком большой запрос',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Некорректный запрос: ожидалась форма multipart/form-data',
};

/**
 * Fastify's refusals made before any route runs (its `frameworkErrors`, which skip the error
 * handler), in Russian: a path part longer than maxParamLength (414 FST_ERR_MAX_PARAM_LENGTH, e.g.
 * an over-long link token) names nothing there is — 404; a malformed address (FST_ERR_BAD_URL) — 422.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send({ status: 'error', message: MSG.notFound });
    return;
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    const message = 'Некорректный запрос: неверный адрес';
    void reply.code(422).send({ status: 'error', message, errors: { request: [message] } });
    return;
  }
  void reply.code(500).send({ status: 'error', message: MSG.somethingWrong });
}

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
        // A rule without a Russian text of its own (zod's English default) still answers in Russian;
        // at the root, the body itself was of the wrong kind (a string, a list, null).
        const fallback = field === 'request' ? MULTIPART_MSG.notAForm : MSG.fillError;
        const message = issue.message && /[а-яё]/i.test(issue.message) ? issue.message : fallback;
        if (!list.includes(message)) list.push(message);
      }
      const first = Object.values(errors)[0]?.[0] ?? MSG.validationFailed;
      return reply.code(422).send({ status: 'error', message: first, errors });
    }
    // A request body that broke off (the client went away: ECONNRESET «aborted») comes with Fastify's
    // 400: the client's connection, not the database's — no 503, no outage noted.
    const clientStatus = (err as FastifyError).statusCode;
    const clientFault = clientStatus !== undefined && clientStatus >= 400 && clientStatus < 500;
    if (!clientFault && (isConnectionError(err) || isStatementTimeout(err))) {
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
      const message =
        status === 413 ? 'Слишком большой запрос' : status === 404 ? MSG.notFound : (BAD_REQUEST[(err as FastifyError).code] ?? 'Некорректный запрос');
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
