import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../../db/client.ts';
import { ONE_OFF } from '../../../db/pglite-prepared.ts';

/** A statement with `$n` parameters (the search's own form). */
type Statement = { text: string; values: unknown[] };

/**
 * Where a digest pass runs its search statements: sessions of the primary database (a replica
 * could lag behind the watermark, and cannot hold temporary tables) that each hold a temporary
 * copy of the resumes changed since the oldest due watermark (the club's, and the replies to the
 * vacancies of the `only_in_responses` searches due: each search's filters keep to its own kind,
 * `vacancy_id IS NULL` or its vacancies). Every saved search is then one
 * statement of its own filters over those few thousand rows, read in memory — not thousands of
 * index lookups into the whole base for each search. PostgreSQL: `size` pooled connections for
 * the pass; PGlite: its one connection.
 */
export type DigestSessions = {
  /** The temporary table's name (the same in every session). */
  table: string;
  /** How many statements can run at once. */
  size: number;
  /** Runs the statement on session `i`. */
  query<T>(i: number, statement: Statement): Promise<T[]>;
  release(): Promise<void>;
};

/** Local buffers of a digest session (the default 8 MB holds a fraction of the copy). */
const DIGEST_TEMP_BUFFERS = '256MB';
/** The copy's columns the search's filters match with `@@` or `&&` (search.text.ts, search.filters.ts). */
const COPY_INDEXED = ['ts_all', 'ts_title', 'ts_skills', 'roles'];

type Client = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export async function openDigestSessions(database: Database, ids: number[], size: number): Promise<DigestSessions> {
  const table = `digest_changed_${randomBytes(6).toString('hex')}`;
  const raw = (database.db as unknown as { $client: unknown }).$client;
  const held: { client: Client; done: () => void }[] = [];
  if (database.kind === 'postgres') {
    const pool = raw as pg.Pool;
    for (let i = 0; i < size; i++) {
      const client = await pool.connect();
      held.push({ client, done: () => client.release() });
    }
  } else {
    const lite = raw as PGlite;
    // Statements naming this pass's own table: run once, not kept (db/pglite-prepared.ts).
    held.push({ client: { query: (text, values) => lite.query(text, values, ONE_OFF) }, done: () => {} });
  }
  const list = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const release = async () => {
    for (const h of held.splice(0)) {
      await h.client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => {});
      h.done();
    }
  };
  try {
    for (const { client } of held) {
      // The copy (a few thousand rows with their text vectors, tens of MB) stays in the session's
      // memory; PostgreSQL takes this only before the session's first temporary table.
      if (database.kind === 'postgres') await client.query(`SET temp_buffers = '${DIGEST_TEMP_BUFFERS}'`).catch(() => {});
      await client.query(`CREATE TEMPORARY TABLE ${table} (LIKE resumes)`);
      await client.query(`INSERT INTO ${table} SELECT * FROM resumes WHERE id = ANY($1::bigint[])`, [list]);
      // The text filters' vectors and the roles, indexed after the insert (a fraction of a second for
      // 5,000 rows): a text search reads the rows that match, not every changed resume's vector.
      for (const column of COPY_INDEXED) await client.query(`CREATE INDEX ON ${table} USING gin (${column})`);
      await client.query(`ANALYZE ${table}`);
    }
  } catch (e) {
    await release();
    throw e;
  }
  return {
    table,
    size: held.length,
    query: async <T>(i: number, s: Statement) => ((await (held[i] as (typeof held)[number]).client.query(s.text, s.values)).rows as T[]),
    release,
  };
}
