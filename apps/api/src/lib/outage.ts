/** The two calls of a pino logger that an outage needs (console stands in where there is no app). */
export type OutageLogger = {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
};

const consoleLogger: OutageLogger = {
  warn: (obj, msg) => console.warn(msg, obj),
  info: (obj, msg) => console.info(msg, obj),
};

const describe = (err: unknown) => {
  const e = err as { code?: string; message?: string } | undefined;
  return { code: e?.code, message: e?.message ?? String(err) };
};

/**
 * Says once that a service went away and once that it is back, however many requests fail in
 * between: an outage of PostgreSQL or Redis must not flood the log with one line per request.
 */
export class Outage {
  private since: number | null = null;
  private failures = 0;

  constructor(
    readonly service: string,
    private log: OutageLogger = consoleLogger,
  ) {}

  get isDown(): boolean {
    return this.since !== null;
  }

  failed(err: unknown): void {
    this.failures++;
    if (this.since !== null) return;
    this.since = Date.now();
    this.log.warn({ service: this.service, error: describe(err) }, `${this.service} unavailable`);
  }

  recovered(): void {
    if (this.since === null) return;
    const seconds = Math.round((Date.now() - this.since) / 100) / 10;
    this.log.info({ service: this.service, seconds, failures: this.failures }, `${this.service} available again`);
    this.since = null;
    this.failures = 0;
  }
}
