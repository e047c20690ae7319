import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_OFF, PREPARED_STATEMENTS_KEPT, usePreparedStatements } from './pglite-prepared.ts';

/** PGlite's own `query`, as it is before the named statements replace it on the instance. */
const ownQuery = PGlite.prototype.query;
let lite: PGlite;

beforeAll(async () => {
  lite = usePreparedStatements(await PGlite.create());
  await lite.exec(`
    create table kinds (id serial primary key, n int, big bigint, t text, ok boolean, j jsonb, js json, at timestamptz,
      day date, price numeric, nums int[], words text[], raw bytea);
    create table uniq (k text primary key);`);
});
afterAll(async () => {
  await lite.close();
});

const statementsNamed = async () =>
  (await ownQuery.call(lite, `select count(*)::int as n from pg_prepared_statements where name like 'hr_s%'`)).rows[0] as { n: number };

// drizzle's own parsers: dates and intervals stay text.
const drizzleLike: QueryOptions = {
  rowMode: 'array',
  parsers: { [types.TIMESTAMPTZ]: (v: string) => v, [types.DATE]: (v: string) => v, [types.TIMESTAMP]: (v: string) => v },
};

describe('PGlite with named statements', () => {
  it('answers exactly as PGlite itself: types, nulls, arrays, both row modes, the counts', async () => {
    const insert = `insert into kinds (n, big, t, ok, j, js, at, day, price, nums, words, raw)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`;
    const values = [
      [
        7,
        9007199254740993n,
        'кавычки " и \\ обратная',
        true,
        { a: [1, 'два'] },
        [1, 2],
        new Date('2026-11-28T10:00:00Z'),
        '2026-11-28',
        '12.50',
        [1, 2, 3],
        ['a"b', 'c,d', null],
        new Uint8Array([0, 255]),
      ],
      [null, null, null, null, null, null, null, null, null, null, null, null],
    ];
    for (const v of values) {
      const fast = await lite.query(insert, v);
      expect(fast.rows).toHaveLength(1);
      expect(fast.affectedRows).toBe(1);
    }
    const select = 'select * from kinds where id >= $1 order by id';
    for (const options of [undefined, drizzleLike, { rowMode: 'object' } as QueryOptions]) {
      const fast = await lite.query(select, [1], options);
      const own = await ownQuery.call(lite, select, [1], options);
      expect(fast.rows).toEqual(own.rows);
      expect(fast.fields).toEqual(own.fields);
      expect([fast.affectedRows, fast.rowCount]).toEqual([own.affectedRows, own.rowCount]);
    }
    const update = await lite.query('update kinds set n = coalesce(n, 0) + 1 where id > $1', [0]);
    expect([update.affectedRows, update.rowCount, update.rows]).toEqual([2, 2, []]);
  });

  it('parses and describes each text once, and PostgreSQL keeps a generic plan after its five custom ones', async () => {
    const before = await statementsNamed();
    for (let i = 0; i < 8; i++) await lite.query('select id from kinds where id = $1', [i]);
    expect((await statementsNamed()).n).toBe(before.n + 1);
    const plans = await ownQuery.call(lite, `select generic_plans from pg_prepared_statements where statement = $1`, [
      'select id from kinds where id = $1',
    ]);
    expect((plans.rows[0] as { generic_plans: number }).generic_plans).toBeGreaterThan(0);
  });

  it('fails as PGlite does (the code, the statement and values on the error) and goes on', async () => {
    await lite.query('insert into uniq (k) values ($1)', ['x']);
    const error = await lite.query('insert into uniq (k) values ($1)', ['x']).catch((e) => e);
    expect(error).toMatchObject({ code: '23505', query: 'insert into uniq (k) values ($1)', params: ['x'] });
    const syntax = await lite.query('select from where', []).catch((e) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await lite.query('select count(*)::int as n from uniq')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps a transaction whole: its statements together, a failure undoes them, others wait for it', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const inside = lite.transaction(async (tx) => {
      await tx.query('insert into uniq (k) values ($1)', ['in-tx']);
      await held;
      return (await tx.query('select count(*)::int as n from uniq')).rows;
    });
    // A statement outside waits for the transaction's end, as with PGlite's own query.
    const outside = lite.query<{ n: number }>('select count(*)::int as n from uniq');
    release();
    expect(await inside).toEqual([{ n: 2 }]);
    expect((await outside).rows).toEqual([{ n: 2 }]);

    const failed = await lite
      .transaction(async (tx) => {
        await tx.query('insert into uniq (k) values ($1)', ['undone']);
        await tx.query('insert into uniq (k) values ($1)', ['x']);
      })
      .catch((e) => e);
    expect(failed).toMatchObject({ code: '23505' });
    expect((await lite.query('select k from uniq where k = $1', ['undone'])).rows).toEqual([]);
    const closed = await lite.transaction(async (tx) => {
      await tx.rollback();
      return tx.query('select 1').catch((e: Error) => e.message);
    });
    expect(closed).toBe('Transaction is closed');
  });

  it('prepares again what a change of the table or a DEALLOCATE made stale', async () => {
    await lite.exec('create table shape (a int); insert into shape values (1)');
    expect((await lite.query('select * from shape')).rows).toEqual([{ a: 1 }]);
    await lite.exec('alter table shape add column b text');
    expect((await lite.query('select * from shape')).rows).toEqual([{ a: 1, b: null }]);
    await lite.exec('deallocate all');
    expect((await lite.query('select * from shape')).rows).toEqual([{ a: 1, b: null }]);
  });

  it("runs a failing statement once: only a kept plan made stale is prepared again, and the stale one is closed", async () => {
    await lite.exec(`create sequence tries;
      create function refuse_once() returns int language plpgsql as $$
      begin perform nextval('tries'); raise exception 'нельзя' using errcode = 'feature_not_supported'; end $$;`);
    for (let i = 0; i < 3; i++) expect(await lite.query('select refuse_once()').catch((e) => e.code)).toBe('0A000');
    expect((await ownQuery.call(lite, `select last_value from tries`)).rows).toEqual([{ last_value: 3 }]);
    const before = await statementsNamed();
    await lite.exec('create table reshaped (a int); insert into reshaped values (1)');
    await lite.query('select * from reshaped');
    await lite.exec('alter table reshaped add column b int');
    expect((await lite.query('select * from reshaped')).rows).toEqual([{ a: 1, b: null }]);
    await lite.query('select 1');
    expect((await statementsNamed()).n).toBe(before.n + 2);
  });

  it('leaves a one-off statement to PGlite itself: nothing kept', async () => {
    const before = await statementsNamed();
    expect((await lite.query('select $1::int + 1 as n', [41], ONE_OFF)).rows).toEqual([{ n: 42 }]);
    expect(await statementsNamed()).toEqual(before);
  });

  it(`keeps at most ${PREPARED_STATEMENTS_KEPT} named statements, closing the least used`, async () => {
    for (let i = 0; i < PREPARED_STATEMENTS_KEPT + 30; i++) await lite.query(`select ${i} as n`);
    await lite.query('select 1 as again');
    expect((await statementsNamed()).n).toBeLessThanOrEqual(PREPARED_STATEMENTS_KEPT);
    expect((await lite.query('select 3 as n')).rows).toEqual([{ n: 3 }]);
  });

  it('hands notifications to their listeners', async () => {
    const heard: string[] = [];
    const stop = await lite.listen('hr_test', (payload) => heard.push(payload));
    await lite.query(`select pg_notify('hr_test', $1)`, ['весть']);
    await lite.transaction(async (tx) => {
      await tx.query(`select pg_notify('hr_test', $1)`, ['в транзакции']);
    });
    await new Promise((r) => setTimeout(r, 10));
    await stop();
    expect(heard).toEqual(['весть', 'в транзакции']);
  });
});
