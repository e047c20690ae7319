import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

export const MULTIPART_MSG = {
  noBoundary: 'Некорректный запрос: в заголовке Content-Type нет границы (boundary) для multipart/form-data',
  badBoundary: 'Некорректный запрос: граница (boundary) multipart/form-data длиннее 70 символов или содержит недопустимые символы',
  malformed: 'Некорректный запрос: данные формы (multipart/form-data) повреждены',
  incomplete: 'Запрос получен не полностью: отправьте форму ещё раз',
  unterminated: 'Некорректный запрос: форма multipart/form-data оборвана или повреждена (нет закрывающей границы)',
  charset: 'Неподдерживаемая кодировка запроса: отправляйте данные в UTF-8',
  notAForm: 'Отправьте форму как JSON-объект или multipart/form-data',
} as const;

/** A malformed request: 422 with the reason under `errors.request`, as plugins/errors.ts answers any 400. */
export const malformedRequest = (message: string) => new AppError('validation', message, { errors: { request: [message] } });

/** The body stopped before its end (the client went away, or sent less than its Content-Length). */
export const bodyIncomplete = (request: FastifyRequest) => request.raw.aborted === true;

export type MultipartLimits = NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'];

/**
 * A failure while reading a multipart body, as the client's fault when it is one: the parser's own
 * errors (no boundary, a part cut short, broken part headers) and any failure of a body that never
 * arrived whole are a 422 with a Russian reason instead of a 500. Errors that already carry a 4xx
 * (limits, AppError) and errors of our own (the database) pass through.
 */
export function multipartFailure(err: unknown, request: FastifyRequest): unknown {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) return err;
  if (bodyIncomplete(request)) return malformedRequest(MULTIPART_MSG.incomplete);
  const message = String((err as Error | undefined)?.message ?? '');
  if (/boundary not found/i.test(message)) return malformedRequest(MULTIPART_MSG.noBoundary);
  // The request itself arrived whole (checked above): the form inside it ended early.
  if (/terminated early|unexpected end|premature close|aborted/i.test(message)) return malformedRequest(MULTIPART_MSG.unterminated);
  if (/multipart|malformed|part header|needle/i.test(message)) return malformedRequest(MULTIPART_MSG.malformed);
  return err;
}

/** The longest part header block looked at; a part's headers are a few lines. */
const PART_HEADER_MAX = 16 * 1024;

/**
 * Watches the raw body go by: for the closing delimiter `--boundary--` (the parser ends quietly
 * without it), and for a part whose headers lack `Content-Disposition: form-data`. The parser skips
 * such a part but stalls on one larger than its buffer (16 KB) and never answers, so the form is
 * refused as soon as its headers are read.
 */
function watchBody(request: FastifyRequest): { closed: () => boolean; refused: Promise<never>; refusal: AppError } {
  const refusal = malformedRequest(MULTIPART_MSG.malformed);
  let refuse: (err: unknown) => void = () => undefined;
  const refused = new Promise<never>((_, reject) => {
    refuse = reject;
  });
  refused.catch(() => undefined);
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return { closed: () => false, refused, refusal };
  const closing = Buffer.from(`--${boundary}--`);
  const opening = Buffer.from(`--${boundary}\r\n`);
  const headersEnd = Buffer.from('\r\n\r\n');
  let carry = Buffer.alloc(0);
  let seen = false;
  let done = false;
  const onData = (chunk: Buffer) => {
    if (done) return;
    const joint = Buffer.concat([carry, chunk]);
    seen = seen || joint.includes(closing);
    // Every part that starts in what arrived: its header block, once whole.
    let keepFrom = Math.max(0, joint.length - (opening.length - 1));
    for (let at = joint.indexOf(opening); at !== -1; at = joint.indexOf(opening, at + opening.length)) {
      const start = at + opening.length;
      const end = joint.indexOf(headersEnd, start - 2);
      if (end === -1) {
        // Not whole yet: kept for the next chunk, unless it is already too long to be headers.
        if (joint.length - start > PART_HEADER_MAX) break;
        keepFrom = Math.min(keepFrom, at);
        break;
      }
      const headers = joint.subarray(start, end).toString('latin1');
      if (!/^content-disposition:[ \t]*form-data/im.test(headers)) {
        done = true;
        refuse(refusal);
        return;
      }
    }
    carry = Buffer.from(joint.subarray(keepFrom));
  };
  request.raw.on('data', onData);
  return {
    closed: () => {
      request.raw.off('data', onData);
      return seen;
    },
    refused,
    refusal,
  };
}

/**
 * The parts of a multipart request (`request.parts({limits})`), ending with a 422 when the body was
 * cut short: the parser ends quietly at a missing closing boundary or an aborted upload, and what
 * arrived until then must not be taken for the whole form.
 */
export async function* multipartParts(request: FastifyRequest, limits: MultipartLimits): AsyncGenerator<Multipart> {
  const iterator = request.parts({ limits })[Symbol.asyncIterator]();
  // The first next() pipes the request into the parser synchronously; the watcher joins in the same tick.
  let next = iterator.next();
  const body = watchBody(request);
  let whole = false;
  let stalled = false;
  try {
    for (let step = await Promise.race([next, body.refused]); !step.done; step = await Promise.race([next, body.refused])) {
      yield step.value;
      next = iterator.next();
    }
  } catch (err) {
    stalled = err === body.refusal;
    throw multipartFailure(err, request);
  } finally {
    whole = body.closed() && !bodyIncomplete(request);
    if (stalled) {
      // The parser will not move again: the rest of the body is read and dropped, the answer goes.
      request.raw.unpipe();
      request.raw.resume();
    } else {
      // The consumer stopped early (its own error): let the parser drain and close.
      await iterator.return?.(undefined).catch(() => undefined);
    }
  }
  if (!whole) throw malformedRequest(bodyIncomplete(request) ? MULTIPART_MSG.incomplete : MULTIPART_MSG.unterminated);
}
