import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { Outage, type OutageLogger } from '../lib/outage.ts';

/** The channel migration 0030's triggers notify on: user ids, comma-separated, or `*` for all. */
export const AUTH_CHANNEL = 'auth_changed';

/** How often the listening connection proves it is alive; a silent one turns the cache off. */
const HEARTBEAT_MS = 5000;
const HEARTBEAT_TIMEOUT_MS = 3000;
const RETRY_MS = 1000;
/** Start-up waits at most this long for the first LISTEN (the cache stays off until it is done). */
const READY_WAIT_MS = 3000;

/** The user ids of a notice, or null for "everyone". */
export function parseAuthNotice(payload: string): number[] | null {
  if (payload === '*') return null;
  const ids = payload.split(',').map(Number);
  return ids.every(Number.isInteger) ? ids : null;
}

export type AuthChangeHandlers = {
  /** Users whose signed-in lookup may have changed; null: anyone's. */
  changed(ids: number[] | null): void;
  /** true once every change will be heard; false while notices may be missed. */
  live(on: boolean): void;
};

type Verify = (client: pg.PoolClient, done: (err?: Error) => void) => void;

export type AuthChangeWatch = { ready: Promise<void>; stop(): Promise<void> };

/**
 * Hears the database's notices of changes to users, sessions and teams (migration 0030).
 *
 * PGlite runs in this process and calls back before the changing statement returns. On PostgreSQL
 * a connection of its own LISTENs for the other instances' changes (a few milliseconds away), and
 * every connection of the pool LISTENs too: PostgreSQL hands a session its own notices before the
 * statement's (or COMMIT's) answer, so a change made here is heard before the request that made it
 * goes on. While the listening connection is down or silent the cache is off.
 */
export function watchAuthChanges(database: Database, handlers: AuthChangeHandlers, log?: OutageLogger): AuthChangeWatch {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') return watchPglite(client as PGlite, handlers);
  return watchPostgres(client as pg.Pool, handlers, new Outage('PostgreSQL (session revocation)', log));
}

function watchPglite(client: PGlite, handlers: AuthChangeHandlers): AuthChangeWatch {
  let stopped = false;
  const listening = client.listen(AUTH_CHANNEL, (payload) => handlers.changed(parseAuthNotice(payload)));
  const ready = listening.then(
    () => {
      if (!stopped) handlers.live(true);
    },
    () => handlers.live(false),
  );
  return {
    ready,
    async stop() {
      stopped = true;
      handlers.live(false);
      const unlisten = await listening.catch(() => null);
      if (unlisten && !client.closed) await unlisten().catch(() => {});
    },
  };
}

function watchPostgres(pool: pg.Pool, handlers: AuthChangeHandlers, outage: Outage): AuthChangeWatch {
  const onNotice = (msg: pg.Notification) => {
    if (msg.channel === AUTH_CHANNEL) handlers.changed(parseAuthNotice(msg.payload ?? '*'));
  };

  // Every pool connection listens from its first use on, before the caller's first query: a new
  // one in the pool's `verify` step (it runs before the connection is handed out), one opened
  // before this watch began when it is next taken from the pool (idle, so the LISTEN goes first).
  const pooled = new Set<pg.PoolClient>();
  const listenOn = (c: pg.PoolClient) => {
    pooled.add(c);
    c.on('notification', onNotice);
    c.once('end', () => pooled.delete(c));
    return c.query(`LISTEN ${AUTH_CHANNEL}`).then(
      () => {},
      () => {},
    );
  };
  const options = pool.options as pg.PoolConfig & { verify?: Verify };
  const verifyBefore = options.verify;
  options.verify = (c, done) => {
    listenOn(c).then(() => (verifyBefore ? verifyBefore(c, done) : done()));
  };
  const fresh = new WeakSet<pg.PoolClient>();
  const onConnect = (c: pg.PoolClient) => fresh.add(c);
  const onAcquire = (c: pg.PoolClient) => {
    if (!pooled.has(c) && !fresh.has(c)) void listenOn(c);
  };
  pool.on('connect', onConnect);
  pool.on('acquire', onAcquire);

  let stopped = false;
  let listener: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let markReady = () => {};
  const firstTry = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const down = (c: pg.Client, err: unknown) => {
    if (listener !== c) return;
    listener = null;
    clearInterval(heartbeat);
    handlers.live(false);
    if (!stopped) outage.failed(err);
    c.end().catch(() => {});
    if (!stopped) retry = setTimeout(connect, RETRY_MS).unref();
  };

  async function connect() {
    if (stopped) return;
    const c = new pg.Client({
      ...pool.options,
      application_name: 'hr-session-revocation',
      statement_timeout: undefined,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    listener = c;
    c.on('error', (err) => down(c, err));
    c.on('end', () => down(c, new Error('connection ended')));
    c.on('notification', onNotice);
    try {
      await c.connect();
      await c.query(`LISTEN ${AUTH_CHANNEL}`);
      if (stopped || listener !== c) return;
      outage.recovered();
      handlers.live(true);
      heartbeat = setInterval(() => {
        c.query('select 1').catch((err) => down(c, err));
      }, HEARTBEAT_MS).unref();
    } catch (err) {
      down(c, err);
    } finally {
      markReady();
    }
  }
  void connect();

  return {
    ready: Promise.race([firstTry, new Promise<void>((resolve) => setTimeout(resolve, READY_WAIT_MS).unref())]),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      handlers.live(false);
      pool.off('acquire', onAcquire);
      pool.off('connect', onConnect);
      options.verify = verifyBefore;
      for (const c of pooled) c.off('notification', onNotice);
      pooled.clear();
      const c = listener;
      listener = null;
      await c?.end().catch(() => {});
    },
  };
}
