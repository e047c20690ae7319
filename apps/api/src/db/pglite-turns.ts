import { setImmediate as nextTurn } from 'node:timers';
import type { PGlite } from '@electric-sql/pglite';

/** How long statements may run back to back before the event loop gets a turn. */
export const PGLITE_TURN_MS = 8;

/**
 * PGlite runs each statement synchronously on this thread and resolves its promise without the
 * event loop, so requests that only talk to it run to their end inside microtasks: one turn of the
 * loop served every request that was ready (~300 ms under 200 connections), and the listening socket
 * accepts one connection per turn — under load, a new connection waited over 15 s to be accepted.
 *
 * Here statements (and whole transactions) run one after another in the order they were asked for —
 * PGlite ran them one at a time anyway — and once they have held the thread for PGLITE_TURN_MS the
 * next one waits for a turn of the loop, which polls the sockets and timers in between.
 * `setImmediate` from node:timers, not the global one: a test's fake timers do not stop the database.
 */
export function statementsOnTheirOwnTurn(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  let since = performance.now();
  const queued = <T>(run: () => Promise<T>): Promise<T> => {
    const mine = tail.then(async () => {
      if (performance.now() - since >= PGLITE_TURN_MS) {
        await new Promise<void>((resolve) => nextTurn(resolve));
        since = performance.now();
      }
      return run();
    });
    // The next one starts when this one has ended, whatever its outcome.
    tail = mine.catch(() => {});
    return mine;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: (...args: Parameters<PGlite['query']>) => queued(() => query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => queued(() => exec(...args)),
    transaction: (...args: Parameters<PGlite['transaction']>) => queued(() => transaction(...args)),
  });
  return client;
}
