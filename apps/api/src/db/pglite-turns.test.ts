import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGLITE_TURN_MS, statementsOnTheirOwnTurn } from './pglite-turns.ts';

/**
 * PGlite answers without the event loop: without the yield, statements asked for back to back keep
 * the thread until the last one has run, and a connection waiting to be accepted (here: a timer)
 * waits with them.
 */
describe('PGlite statements leave turns to the event loop', () => {
  let lite: PGlite;
  beforeAll(async () => {
    lite = statementsOnTheirOwnTurn(await PGlite.create('memory://'));
    await lite.exec('create table t (n int)');
  });
  afterAll(() => lite.close());

  /** Runs statements back to back until they have held the thread for `ms` (at least 20 of them). */
  const busy = async (ms: number) => {
    const started = performance.now();
    let n = 0;
    while (n < 20 || performance.now() - started < ms) {
      await Promise.all([lite.query('select count(*) from generate_series(1, 2000)'), lite.query('select 1')]);
      n++;
    }
    return n;
  };

  it('a timer due meanwhile runs before a long series of statements ends', async () => {
    let fired = false;
    setTimeout(() => {
      fired = true;
    }, 0);
    let firedBeforeEnd = false;
    const series = (async () => {
      await busy(PGLITE_TURN_MS * 10);
      firedBeforeEnd = fired;
    })();
    await series;
    expect(firedBeforeEnd).toBe(true);
  });

  it('keeps the order statements were asked in, across query, exec and transaction', async () => {
    await lite.exec('delete from t');
    const asked = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0
        ? lite.query('insert into t values ($1)', [i])
        : i % 3 === 1
          ? lite.exec(`insert into t values (${i})`)
          : lite.transaction(async (tx) => {
              await tx.query('insert into t values ($1)', [i]);
            }),
    );
    await Promise.all(asked);
    const { rows } = await lite.query<{ n: number }>('select n from t order by ctid');
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it('a failing statement or transaction does not hold up the next ones', async () => {
    const bad = lite.query('select * from no_such_table');
    const rolledBack = lite.transaction(async (tx) => {
      await tx.query('insert into t values (-1)');
      throw new Error('changed my mind');
    });
    const good = lite.query<{ one: number }>('select 1 as one');
    await expect(bad).rejects.toThrow(/no_such_table/);
    await expect(rolledBack).rejects.toThrow('changed my mind');
    expect((await good).rows).toEqual([{ one: 1 }]);
    expect((await lite.query('select 1 from t where n = -1')).rows).toEqual([]);
  });

  it("a test's fake timers do not stop the database", async () => {
    vi.useFakeTimers();
    try {
      // The clock stands still here: a fixed number of statements.
      for (let i = 0; i < 50; i++) await Promise.all([lite.query('select 1'), lite.exec('select 2')]);
      expect((await lite.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
