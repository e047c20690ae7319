import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/client.ts';

const dialect = new PgDialect();

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * A raw statement of a busy route, built once (values by `sql.placeholder`) and, on PostgreSQL, a
 * named statement each connection parses and plans once. Rows come as from `Database.rows`
 * (timestamps as the driver's text, bigint as text on PostgreSQL). `name` must be unique.
 */
export function preparedStatement<Row>(
  name: string,
  statement: SQL,
): (database: Database, values: Record<string, unknown>) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const perDb = new WeakMap<Db, Prepared>();
  return async (database, values) => {
    let prepared = perDb.get(database.db);
    if (!prepared) {
      prepared = database.db._.session.prepareQuery(query, undefined, name, false);
      perDb.set(database.db, prepared);
    }
    return ((await prepared.execute(values)) as { rows: Row[] }).rows;
  };
}

/** A query builder's statement prepared once per database (drizzle's `.prepare()`), built on first use. */
export function preparedPerDatabase<P>(build: (db: Db) => P): (database: Database) => P {
  const perDb = new WeakMap<Db, P>();
  return (database) => {
    let prepared = perDb.get(database.db);
    if (!prepared) {
      prepared = build(database.db);
      perDb.set(database.db, prepared);
    }
    return prepared;
  };
}
