import { sql } from 'drizzle-orm';
import { forgetWordFrequencies } from '../src/modules/resume/search/similar.profile.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDictionaries } from '../src/modules/dictionary/dictionary.seed.ts';

/**
 * The PGlite databases of one test worker. Opening one costs seconds of CPU and hundreds of MB
 * (most of it the WebAssembly instance), so a worker keeps the ones it opened for its later files
 * (the suite runs with `isolate: false`) and empties one before lending it again: every data table
 * is truncated, the session's settings are reset and the dictionaries re-checked. A file still gets
 * a database nobody else writes to while it runs (a worker runs one file at a time), and a second
 * one when it asks for a private database beside the shared one.
 */
type Slot = { database: Database; lent: boolean; used: boolean };

const slots: Slot[] = [];
/** Lent during the current file: given back after it by `releaseBorrowedPglites` (test/setup.ts). */
const lentNow = new Set<Slot>();

/** Tables filled by the seed (and never by tests) survive a reset; the seed re-checks them. */
const SEEDED = new Set(['dictionaries', 'cities']);

/**
 * Rows the migrations wrote into tables tests also write (the club's default rejection reasons and
 * message templates, migration 0028): a truncate takes them with the users they cascade from, so a
 * reset puts them back as they were, ids included, and moves each id sequence past them.
 */
const MIGRATION_ROWS: { table: string; where: string }[] = [
  { table: 'rejection_reasons', where: 'owner_id is null' },
  { table: 'message_templates', where: 'owner_id is null' },
];
const migrationRows = new WeakMap<Database, { table: string; rows: unknown }[]>();

async function rememberMigrationRows(database: Database): Promise<void> {
  const kept: { table: string; rows: unknown }[] = [];
  for (const t of MIGRATION_ROWS) {
    const [row] = await database.rows<{ rows: unknown }>(
      sql.raw(`select coalesce(json_agg(x order by x.id), '[]'::json) as rows from ${t.table} x where ${t.where}`),
    );
    kept.push({ table: t.table, rows: row?.rows ?? [] });
  }
  migrationRows.set(database, kept);
}

async function restoreMigrationRows(database: Database): Promise<void> {
  for (const t of migrationRows.get(database) ?? []) {
    await database.db.execute(
      sql`insert into ${sql.identifier(t.table)} select * from json_populate_recordset(null::${sql.identifier(t.table)}, ${JSON.stringify(t.rows)}::json)`,
    );
    await database.db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${t.table}', 'id'), greatest((select max(id) from ${t.table}), 1))`),
    );
  }
}

async function open(): Promise<Database> {
  const database = await openDatabase({});
  await database.migrate();
  await seedDictionaries(database);
  await rememberMigrationRows(database);
  return database;
}

async function empty(database: Database): Promise<void> {
  const tables = await database.rows<{ name: string; table: string }>(
    sql`select format('%I.%I', schemaname, tablename) as name, tablename as table from pg_tables where schemaname = 'public'`,
  );
  const data = tables.filter((t) => !SEEDED.has(t.table)).map((t) => t.name);
  await database.db.execute(sql`reset all`);
  await database.db.execute(sql`select pg_advisory_unlock_all()`);
  if (data.length) await database.db.execute(sql.raw(`truncate ${data.join(', ')} restart identity cascade`));
  // A truncate keeps the planner's statistics of the rows it removed: «похожие резюме» weighs words by
  // them (similar.profile.ts), so the next file would rank by another file's resumes.
  await database.db.execute(sql`delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`);
  forgetWordFrequencies(database);
  await restoreMigrationRows(database);
  await seedDictionaries(database);
}

/** A migrated, seeded PGlite of this worker with no other file's rows; `release()` lends it again. */
export async function borrowPglite(): Promise<{ database: Database; release(): void }> {
  let slot = slots.find((s) => !s.lent);
  if (slot) {
    slot.lent = true;
    try {
      if (slot.used) await empty(slot.database);
    } catch {
      // Closed by the file that had it (or broken): replaced by a new one.
      await slot.database.close().catch(() => {});
      slot.database = await open();
    }
  } else {
    slot = { database: await open(), lent: true, used: false };
    slots.push(slot);
  }
  slot.used = true;
  const taken = slot;
  lentNow.add(taken);
  return {
    database: taken.database,
    release: () => {
      taken.lent = false;
      lentNow.delete(taken);
    },
  };
}

/** After each file: whatever it borrowed is free for the next one. */
export function releaseBorrowedPglites(): void {
  for (const slot of lentNow) slot.lent = false;
  lentNow.clear();
}
