import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';

const migrationsFolder = path.join(import.meta.dirname, '../../../../drizzle');

export type IndexDefinition = { name: string; definition: string };

const ifNotExists = (statement: string) =>
  statement.replace(/^\s*CREATE\s+INDEX\s+(IF\s+NOT\s+EXISTS\s+)?/i, 'CREATE INDEX IF NOT EXISTS ');

/**
 * The secondary (non-unique) indexes on `resumes` as the migrations define them, e.g. the GIN and
 * partial indexes of 0003_resume_search.sql; an index a later migration drops is left out.
 */
export function migrationResumeIndexes(folder = migrationsFolder): IndexDefinition[] {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const found = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    // Statements end at a drizzle breakpoint or a `;` at the end of a line (fragments of function
    // bodies split this way match neither pattern below).
    for (const raw of text.split(/--> statement-breakpoint|;[ \t]*\r?\n/)) {
      const statement = raw
        .split('\n')
        .filter((l) => !l.trim().startsWith('--'))
        .join('\n')
        .trim()
        .replace(/;\s*$/, '');
      const create = /^CREATE\s+INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?\s+ON\s+(?:"?public"?\.)?"?resumes"?\s/i.exec(statement);
      if (create?.[1]) found.set(create[1], ifNotExists(statement));
      const drop = /^DROP\s+INDEX\s+(?:IF\s+EXISTS\s+)?(?:"?public"?\.)?"?(\w+)"?/i.exec(statement);
      if (drop?.[1]) found.delete(drop[1]);
    }
  }
  return [...found].map(([name, definition]) => ({ name, definition }));
}

/** The secondary indexes on `resumes` as they are in the database now (unique and primary keys excluded). */
export async function currentResumeIndexes(database: Database): Promise<IndexDefinition[]> {
  const rows = await database.rows<{ name: string; definition: string }>(sql`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    where x.indrelid = 'resumes'::regclass and not x.indisunique and not x.indisprimary
    order by i.relname`);
  return rows.map((r) => ({ name: r.name, definition: ifNotExists(r.definition) }));
}

export async function dropIndexes(database: Database, indexes: readonly IndexDefinition[]): Promise<void> {
  if (!indexes.length) return;
  await database.rows(sql.raw(`drop index if exists ${indexes.map((i) => `"${i.name}"`).join(', ')}`));
}

/**
 * (Re)creates the indexes (IF NOT EXISTS), the GIN ones first, spread over `connections` sessions
 * (PostgreSQL builds one index per session; a GIN index takes the longest).
 */
export async function createIndexes(database: Database, indexes: readonly IndexDefinition[], connections = 1): Promise<void> {
  const byCost = [...indexes].sort((a, b) => cost(b) - cost(a));
  const queues: IndexDefinition[][] = Array.from({ length: Math.max(1, connections) }, () => []);
  const load = queues.map(() => 0);
  for (const index of byCost) {
    const q = load.indexOf(Math.min(...load));
    queues[q]?.push(index);
    load[q] = (load[q] ?? 0) + cost(index);
  }
  await Promise.all(
    queues.map(async (queue) => {
      for (const index of queue) {
        if (database.kind === 'postgres') {
          await database.db.transaction(async (tx) => {
            await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
            await tx.execute(sql.raw(index.definition));
          });
        } else {
          await database.rows(sql.raw(index.definition));
        }
      }
    }),
  );
}

const cost = (i: IndexDefinition) => (/using\s+gin/i.test(i.definition) ? (/ts_all/.test(i.definition) ? 10 : 6) : 1);
