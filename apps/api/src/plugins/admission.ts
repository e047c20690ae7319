import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'skip': the route never waits in the line (the WebSocket route: its answer never reaches
     * onSend); 'uploads': a multipart request to it waits for none (the handler reads the body as a
     * stream, so a slow sender would hold a turn). Decided per route, never by a request's headers.
     */
    admission?: 'skip' | 'uploads';
  }
}

/** What a request is told when the line is full (503, with Retry-After). */
export const OVERLOADED_MESSAGE = 'Сервер перегружен. Повторите через несколько секунд.';

export type AdmissionOptions = {
  /** Requests handled at once; the rest wait in arrival order. 0: no limit, no line. */
  concurrency: number;
  /** Requests that may wait; one more is answered 503 at once instead of piling up. */
  queueLimit: number;
};

/**
 * One line for every request, first come first served (HTTP_CONCURRENCY, HTTP_QUEUE_LIMIT).
 *
 * Without it, under load a call that needs the database waits for one of the pool's connections
 * while a call that needs none (a cached session's main_info) passes every one of them: measured at
 * 200 connections, the resume page's p99 was 5 times main_info's, and a page, which waits for its
 * slowest call, waited for the pool's line. With a bounded number in hand the wait moves here, where
 * every kind of request takes its turn, and the pool's line stays short (docs/performance.md).
 *
 * A turn is taken once the body is read (preHandler) and given back when the answer is handed to
 * the socket (onSend), so a slow reader holds none; routes say whether their uploads or their
 * WebSocket skip the line (`config.admission`). A full line answers 503 with Retry-After at once, so
 * an overload sheds requests instead of holding them until they time out; a caller who left while
 * waiting is not served.
 */
export function registerAdmission(app: FastifyInstance, opts: AdmissionOptions): AdmissionLine | null {
  if (opts.concurrency <= 0) return null;
  const line = new AdmissionLine(opts.concurrency, opts.queueLimit);
  const admitted = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (admitted.delete(request)) line.leave();
  };
  app.addHook('preHandler', (request, reply, done) => {
    const rule = request.routeOptions.config?.admission;
    if (rule === 'skip' || (rule === 'uploads' && request.headers['content-type']?.toLowerCase().startsWith('multipart/'))) return done();
    const turn = line.enter();
    if (turn === 'full') return refuse(reply);
    admitted.add(request);
    if (turn === 'now') return done();
    turn.then(() => {
      // The caller left while waiting: nobody would read the answer, so the turn goes on at once
      // (the 503 goes nowhere; onSend gives the turn back).
      if (reply.sent) return release(request);
      // The socket, not the request stream: a body read to its end leaves the stream destroyed.
      if (request.raw.socket?.destroyed || reply.raw.destroyed) return refuse(reply);
      done();
    });
  });
  // The turn comes back once the answer is handed to the socket — also for a caller who left
  // while the handler ran (Fastify still sends), so the handler's work stays counted until it ends.
  app.addHook('onSend', (request, _reply, payload, done) => {
    release(request);
    done(null, payload);
  });
  // An answer that never went through onSend (a hijacked reply): the turn comes back here.
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  return line;
}

/** A page for a browser that asked for one (a navigation), the API's error envelope otherwise. */
const OVERLOADED_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="3"><title>HR-клуб: сервер перегружен</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">Сервер перегружен</h1><p>Слишком много запросов сразу. Страница обновится сама через несколько секунд.</p></body></html>`;

function refuse(reply: FastifyReply): void {
  reply.code(503).header('retry-after', '1').header('cache-control', 'no-store');
  if (reply.request.headers.accept?.includes('text/html')) {
    reply.type('text/html; charset=utf-8').send(OVERLOADED_PAGE);
    return;
  }
  reply.send({ status: 'error', message: OVERLOADED_MESSAGE });
}

/** A counting semaphore with a FIFO line of bounded length. */
export class AdmissionLine {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private head = 0;

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  /** 'now' (a slot is taken), a promise of a slot in arrival order, or 'full'. */
  enter(): 'now' | 'full' | Promise<void> {
    if (this.active < this.concurrency && this.waitingCount === 0) {
      this.active++;
      return 'now';
    }
    if (this.waitingCount >= this.queueLimit) return 'full';
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Gives the slot to the first in line, or frees it. */
  leave(): void {
    if (this.waitingCount > 0) {
      const next = this.waiting[this.head] as () => void;
      this.waiting[this.head++] = noop;
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      next();
      return;
    }
    this.active--;
  }

  get waitingCount(): number {
    return this.waiting.length - this.head;
  }

  get activeCount(): number {
    return this.active;
  }
}

const noop = () => {};
