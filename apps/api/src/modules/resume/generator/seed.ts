import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { ResumeRecord } from '../import/resume.record.ts';
import { upsertResumes } from '../import/resume.writer.ts';
import { generateResume, generatorAnchor, generatorContext } from './generate.ts';
import { createIndexes, currentResumeIndexes, dropIndexes, type IndexDefinition, migrationResumeIndexes } from './indexes.ts';

/** From this many resumes on PostgreSQL the secondary indexes are dropped for the load and built after. */
export const DROP_INDEXES_FROM = 100_000;

export type SeedPhase = 'drop-indexes' | 'load' | 'indexes' | 'analyze';

export type SeedProgress = { phase: SeedPhase; done: number; total: number; elapsedMs: number };

export type SeedOptions = {
  count: number;
  /** the demo set: the same seed writes the same resumes (`source_id` = `demo-<seed>-<n>`) */
  seed?: string | number;
  /** rows per INSERT (default 2000 on PostgreSQL, 500 on PGlite) */
  batchSize?: number;
  /** statements in flight at once (default 2 on PostgreSQL, 1 on PGlite) */
  concurrency?: number;
  /** drop the secondary indexes before the load and rebuild them after (default: PostgreSQL and count ≥ 100k) */
  rebuildIndexes?: boolean;
  /** ages and dates count from this day (default: today) */
  now?: Date;
  onProgress?: (p: SeedProgress) => void;
  /** stop early (the indexes are rebuilt all the same) */
  signal?: AbortSignal;
};

export type SeedResult = {
  inserted: number;
  updated: number;
  /** all phases */
  ms: number;
  loadMs: number;
  indexMs: number;
  analyzeMs: number;
  rebuiltIndexes: string[];
  aborted: boolean;
};

/**
 * Writes `count` demo resumes (numbers 0…count-1 of the set `seed`): generated in batches while the
 * previous batches are being written, each batch one INSERT … ON CONFLICT (source, source_id) DO
 * UPDATE, so a rerun updates. The trigger of migration 0003 fills the search vectors as rows come in.
 */
export async function seedDemoResumes(database: Database, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const pg = database.kind === 'postgres';
  const count = Math.max(0, Math.trunc(opts.count));
  const seed = opts.seed ?? 1;
  const batchSize = opts.batchSize ?? (pg ? 2000 : 500);
  const concurrency = Math.max(1, opts.concurrency ?? (pg ? 2 : 1));
  const rebuild = opts.rebuildIndexes ?? (pg && count >= DROP_INDEXES_FROM);
  const anchor = generatorAnchor(opts.now);
  const ctx = generatorContext();
  const report = (phase: SeedPhase, done: number, total: number) =>
    opts.onProgress?.({ phase, done, total, elapsedMs: performance.now() - started });

  let dropped: IndexDefinition[] = [];
  if (rebuild) {
    report('drop-indexes', 0, 1);
    dropped = await currentResumeIndexes(database);
    await dropIndexes(database, dropped);
  }

  let inserted = 0;
  let updated = 0;
  let loadMs = 0;
  let failure: unknown;
  const loadStarted = performance.now();
  try {
    const inflight = new Set<Promise<void>>();
    let done = 0;
    report('load', 0, count);
    for (let from = 0; from < count && !opts.signal?.aborted && failure === undefined; from += batchSize) {
      const to = Math.min(count, from + batchSize);
      const batch: ResumeRecord[] = new Array(to - from);
      for (let n = from; n < to; n++) batch[n - from] = generateResume(ctx, seed, n, anchor);
      const write: Promise<void> = upsertResumes(database, batch).then(
        (r) => {
          inserted += r.inserted;
          updated += r.updated;
          done += batch.length;
          inflight.delete(write);
          report('load', done, count);
        },
        (err) => {
          failure ??= err;
          inflight.delete(write);
        },
      );
      inflight.add(write);
      if (inflight.size >= concurrency) await Promise.race(inflight);
    }
    await Promise.all(inflight);
  } catch (err) {
    failure ??= err;
  }
  loadMs = performance.now() - loadStarted;

  // Rebuilt even after a failure or an abort: the table is never left without its indexes.
  const indexStarted = performance.now();
  const toCreate = new Map<string, IndexDefinition>();
  for (const i of dropped) toCreate.set(i.name, i);
  if (rebuild) for (const i of migrationResumeIndexes()) if (!toCreate.has(i.name)) toCreate.set(i.name, i);
  if (toCreate.size) {
    report('indexes', 0, toCreate.size);
    await createIndexes(database, [...toCreate.values()], pg ? 2 : 1);
  }
  const indexMs = performance.now() - indexStarted;
  if (failure !== undefined) throw failure;

  const analyzeStarted = performance.now();
  if (count > 0) {
    report('analyze', 0, 1);
    await database.rows(sql`analyze resumes`);
  }
  const analyzeMs = performance.now() - analyzeStarted;
  return {
    inserted,
    updated,
    ms: performance.now() - started,
    loadMs,
    indexMs,
    analyzeMs,
    rebuiltIndexes: [...toCreate.keys()],
    aborted: !!opts.signal?.aborted,
  };
}
