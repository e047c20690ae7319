import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { type Dictionary, type DictionaryName, dictionary, dictionaryEtag, success } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { dictionaries } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { getDictionaries } from './dictionary.service.ts';

/**
 * The dictionaries as prebuilt documents. They change only when seeded, so the answer of each set of
 * names is built once per version: the JSON with its brotli and gzip copies, sent as they are.
 */

/** The seeded dictionaries in memory, with their content hash. */
export type DictionarySnapshot = {
  version: string;
  /** name, checksum and updated_at of every stored row: what a re-seed changes. */
  stamp: string;
  all: Record<DictionaryName, Dictionary>;
};

/** One answer of GET /api/dictionary, ready to send. */
export type PrebuiltDictionaries = {
  /** The identity entity tag (quoted); the compressed copies add `-br`/`-gz` inside the quotes. */
  etag: string;
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
};

/** Another process (the CLI, another instance on a newer release) may re-seed the shared database. */
const RECHECK_MS = 60_000;
/** Distinct sets of names kept (the client asks for a handful). */
const MAX_DOCUMENTS = 64;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const answerSchema = success(z.record(z.string(), dictionary));

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

async function readStamp(database: Database): Promise<string> {
  const rows = await database.rows<{ name: string; checksum: string; updated_at: string }>(
    sql`select name, checksum, updated_at::text as updated_at from ${dictionaries} order by name`,
  );
  return sha(rows.map((r) => `${r.name}:${r.checksum}:${r.updated_at}`).join('\n'));
}

async function loadSnapshot(database: Database, stamp?: string): Promise<DictionarySnapshot> {
  const seenStamp = stamp ?? (await readStamp(database));
  // Allow-listed by the answer's schema once, as every answer used to be.
  const all = answerSchema.parse(ok(await getDictionaries(database))).res as Record<DictionaryName, Dictionary>;
  return { version: sha(JSON.stringify(all)).slice(0, 20), stamp: seenStamp, all };
}

/**
 * The prebuilt bytes, compressed whatever their size (once, so even a small answer's copy is free, and
 * the tag a 304 names depends on the caller's codings alone). The whole set (no names: what the versioned URL serves too) is compressed at
 * the best quality once per version; other sets at the quality app.ts uses per request, so a caller
 * inventing sets costs no more than any uncached answer did.
 */
async function build(snapshot: DictionarySnapshot, names: readonly DictionaryName[]): Promise<PrebuiltDictionaries> {
  const res = names.length ? Object.fromEntries(names.map((n) => [n, snapshot.all[n]])) : snapshot.all;
  const json = Buffer.from(JSON.stringify(ok(res)));
  const etag = dictionaryEtag(snapshot.version, names);
  const whole = names.length === 0;
  const [br, gz] = await Promise.all([
    brotli(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: whole ? 11 : 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
    gzip(json, { level: whole ? 9 : 6 }),
  ]);
  return { etag, json, br, gzip: gz };
}

/** The documents of one database (each test database has its own). */
export class DictionaryDocuments {
  private snapshot: Promise<DictionarySnapshot> | undefined;
  private checkedAt = 0;
  private rechecking = false;
  private readonly built = new LRUCache<string, Promise<PrebuiltDictionaries>>({ max: MAX_DOCUMENTS });

  constructor(private readonly database: Database) {}

  /** The current version and data; read from the database once, then again only after a re-seed. */
  current(): Promise<DictionarySnapshot> {
    if (!this.snapshot) {
      const loading = loadSnapshot(this.database);
      this.snapshot = loading;
      this.checkedAt = Date.now();
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = undefined;
      });
      return loading;
    }
    if (Date.now() - this.checkedAt > RECHECK_MS) void this.recheck();
    return this.snapshot;
  }

  /** The answer for these names (in this order; none: all) at the snapshot's version. */
  prebuilt(snapshot: DictionarySnapshot, names: readonly DictionaryName[]): Promise<PrebuiltDictionaries> {
    const key = `${snapshot.version}|${names.join(',')}`;
    let entry = this.built.get(key);
    if (!entry) {
      const building = build(snapshot, names);
      entry = building;
      this.built.set(key, building);
      building.catch(() => {
        if (this.built.get(key) === building) this.built.delete(key);
      });
    }
    return entry;
  }

  /** The dictionaries were (re-)seeded by this process: the next request reads them again. */
  forget(): void {
    this.snapshot = undefined;
    this.built.clear();
  }

  /** Once a minute at most, in the background: a re-seed by another process changes the stamp. */
  private async recheck(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    this.checkedAt = Date.now();
    try {
      const current = this.snapshot;
      const stamp = await readStamp(this.database);
      const known = await current;
      if (!known || known.stamp === stamp || this.snapshot !== current) return;
      const fresh = await loadSnapshot(this.database, stamp);
      if (this.snapshot !== current) return;
      this.snapshot = Promise.resolve(fresh);
      this.built.clear();
    } catch {
      // The database is away: keep serving what was read; the next recheck tries again.
    } finally {
      this.rechecking = false;
    }
  }
}

const byDatabase = new WeakMap<Database, DictionaryDocuments>();

export function dictionaryDocuments(database: Database): DictionaryDocuments {
  let documents = byDatabase.get(database);
  if (!documents) {
    documents = new DictionaryDocuments(database);
    byDatabase.set(database, documents);
  }
  return documents;
}

/** Called by the seed when it changed anything: a new version from the next request on. */
export function dictionariesSeeded(database: Database): void {
  byDatabase.get(database)?.forget();
}
