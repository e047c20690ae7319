import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { ResumeRecord } from './resume.record.ts';

/** The columns written, with their SQL types (the shape of `jsonb_to_recordset`). */
const COLUMNS: [keyof ResumeRecord, string][] = [
  ['hash', 'text'],
  ['source', 'text'],
  ['source_id', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['middle_name', 'text'],
  ['birth_date', 'date'],
  ['sex', 'text'],
  ['city_id', 'integer'],
  ['metro', 'text[]'],
  ['relocation', 'text'],
  ['relocation_city_ids', 'integer[]'],
  ['business_trip', 'text'],
  ['title', 'text'],
  ['roles', 'text[]'],
  ['salary_amount', 'integer'],
  ['salary_currency', 'text'],
  ['working_types', 'text[]'],
  ['schedules', 'text[]'],
  ['total_experience_months', 'integer'],
  ['experience', 'jsonb'],
  ['last_company', 'text'],
  ['last_position', 'text'],
  ['education_level', 'text'],
  ['education', 'jsonb'],
  ['skills', 'text[]'],
  ['languages', 'jsonb'],
  ['citizenship', 'text[]'],
  ['drive', 'text[]'],
  ['has_car', 'boolean'],
  ['job_status', 'text'],
  ['about', 'text'],
  ['photo', 'text'],
  ['phone', 'text'],
  ['email', 'text'],
  ['telegram', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['last_active_at', 'timestamptz'],
];

/** Kept on a re-import: the public id, the source key, when it first came, the view counter. */
const KEPT = new Set<string>(['hash', 'source', 'source_id', 'created_at']);

const defaults: Partial<Record<keyof ResumeRecord, string>> = { created_at: 'now()', updated_at: 'now()' };

const UPSERT_SQL = (() => {
  const names = COLUMNS.map(([c]) => c);
  const shape = COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ');
  const values = COLUMNS.map(([c]) => (defaults[c] ? `coalesce(x.${c}, ${defaults[c]})` : `x.${c}`)).join(', ');
  const updates = names
    .filter((c) => !KEPT.has(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  return `insert into resumes (${names.join(', ')})
    select ${values} from jsonb_to_recordset($1::jsonb) as x(${shape})
    on conflict (source, source_id) do update set ${updates}
    returning (xmax = 0) as inserted`;
})();
const [HEAD, TAIL] = UPSERT_SQL.split('$1') as [string, string];

export type WriteResult = { inserted: number; updated: number };

/**
 * Inserts or updates (by source + source id) one batch in a single statement. The whole batch is
 * one JSON parameter unpacked by `jsonb_to_recordset`, so array and jsonb columns need no escaping
 * and the statement is the same for any batch size. A source id must not repeat within a batch.
 */
export async function upsertResumes(database: Database, batch: readonly ResumeRecord[]): Promise<WriteResult> {
  if (!batch.length) return { inserted: 0, updated: 0 };
  const rows = await database.rows<{ inserted: boolean }>(sql`${sql.raw(HEAD)}${JSON.stringify(batch)}${sql.raw(TAIL)}`);
  let inserted = 0;
  for (const r of rows) if (r.inserted) inserted++;
  return { inserted, updated: rows.length - inserted };
}
