import type { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { Outage, type OutageLogger } from '../lib/outage.ts';

/** The channel migration 0030's triggers notify on: user ids, comma-separated, or `*` for all. */
export const AUTH_CHANNEL = 'auth_changed';

/**
 * The listening connection proves every second that notices still reach it: it NOTIFYs a channel of
 * its own and must hear it back (a notice sent before that one, on any channel, has been heard
 * first: PostgreSQL hands a session its notices in commit order). The cache serves only within
 * FRESH_MS of sending the last heartbeat heard, so a connection that dies silently (a black-holed
 * network, no FIN) turns it off within 2 s, and a change made on another instance is missed by
 * this one for at most that long. A listener silent for SILENT_MS is replaced (the cache starts
 * empty on the new one).
 */
const HEARTBEAT_MS = 1000;
const FRESH_MS = 2000;
const SILENT_MS = 3000;
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
  /** true once every change will be heard (until `until`, if given); false while notices may be missed. */
  live(on: boolean, until?: number): void;
  /** The notices still arrive: the cache may serve until `until` (Date.now() time). */
  heard(until: number): void;
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
  return watchPostgres(client as pg.Pool, handlers, new Outage('PostgreSQL (session revocation)', log), log);
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

function watchPostgres(pool: pg.Pool, handlers: AuthChangeHandlers, outage: Outage, log?: OutageLogger): AuthChangeWatch {
  const onNotice = (msg: pg.Notification) => {
    if (msg.channel === AUTH_CHANNEL) handlers.changed(parseAuthNotice(msg.payload ?? '*'));
  };

  // Every pool connection listens from its first use on, before the caller's first query: a new
  // one in the pool's `verify` step (it runs before the connection is handed out), one opened
  // before this watch began when it is next taken from the pool (idle, so the LISTEN goes first).
  // A connection whose LISTEN fails is never used as if it listened: a new one goes back to the
  // pool with the error (dropped; the caller's query fails, the next connection tries again), an
  // older one is ended at once, so the query queued behind its LISTEN fails instead of running.
  const pooled = new Set<pg.PoolClient>();
  const listenOn = (c: pg.PoolClient, done: (err?: Error) => void) => {
    pooled.add(c);
    c.on('notification', onNotice);
    c.once('end', () => pooled.delete(c));
    // The callback form: it runs as the answer is read, before the next queued query is sent.
    c.query(`LISTEN ${AUTH_CHANNEL}`, (err: Error | null) => {
      if (!err) return done();
      pooled.delete(c);
      c.off('notification', onNotice);
      log?.warn({ error: err.message }, 'LISTEN failed on a pool connection: the connection is dropped');
      done(err);
    });
  };
  const options = pool.options as pg.PoolConfig & { verify?: Verify };
  const verifyBefore = options.verify;
  options.verify = (c, done) => {
    listenOn(c, (err) => (err ? done(err) : verifyBefore ? verifyBefore(c, done) : done()));
  };
  const fresh = new WeakSet<pg.PoolClient>();
  const onConnect = (c: pg.PoolClient) => fresh.add(c);
  const onAcquire = (c: pg.PoolClient) => {
    if (pooled.has(c) || fresh.has(c)) return;
    listenOn(c, (err) => {
      if (err) c.end().catch(() => {});
    });
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
  // This process's own heartbeat channel (lower-case hex: a plain identifier).
  const beatChannel = `${AUTH_CHANNEL}_beat_${randomBytes(8).toString('hex')}`;
  /** Heartbeats sent and not yet heard: number → when sent. */
  const unheard = new Map<number, number>();
  let beats = 0;

  const down = (c: pg.Client, err: unknown) => {
    if (listener !== c) return;
    listener = null;
    clearInterval(heartbeat);
    unheard.clear();
    handlers.live(false);
    if (!stopped) outage.failed(err);
    // With a query in flight this destroys the socket (a black-holed one never answers a goodbye).
    c.end().catch(() => {});
    if (!stopped) retry = setTimeout(connect, RETRY_MS).unref();
  };

  const onBeat = (msg: pg.Notification) => {
    if (msg.channel !== beatChannel) return;
    const n = Number(msg.payload);
    const sentAt = unheard.get(n);
    if (sentAt === undefined) return;
    for (const k of unheard.keys()) {
      if (k > n) break;
      unheard.delete(k);
    }
    handlers.heard(sentAt + FRESH_MS);
  };

  const beat = (c: pg.Client) => {
    const now = Date.now();
    const oldest = unheard.values().next().value;
    if (oldest !== undefined && now - oldest >= SILENT_MS) return down(c, new Error(`no heartbeat heard for ${SILENT_MS} ms`));
    const n = ++beats;
    unheard.set(n, now);
    c.query(`NOTIFY ${beatChannel}, '${n}'`).catch((err) => down(c, err));
  };

  async function connect() {
    if (stopped) return;
    const c = new pg.Client({
      ...pool.options,
      application_name: 'hr-session-revocation',
      statement_timeout: undefined,
      query_timeout: SILENT_MS,
      keepAlive: true,
    });
    listener = c;
    c.on('error', (err) => down(c, err));
    c.on('end', () => down(c, new Error('connection ended')));
    c.on('notification', onNotice);
    c.on('notification', onBeat);
    try {
      await c.connect();
      const sentAt = Date.now();
      // One statement, so both are on one server session even behind a pooler.
      await c.query(`LISTEN ${AUTH_CHANNEL}; LISTEN ${beatChannel}`);
      if (stopped || listener !== c) return;
      outage.recovered();
      handlers.live(true, sentAt + FRESH_MS);
      heartbeat = setInterval(() => beat(c), HEARTBEAT_MS).unref();
      beat(c);
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
