import { existsSync, readSync, openSync, closeSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../../db/client.ts';
import { csvHeader, csvToHh } from './csv-resume.ts';
import { parseHhResume } from './hh-resume.ts';
import { readJsonRecords } from './json-records.ts';
import { JsonTextError, parseJsonText } from './json-text.ts';
import { importLookups } from './lookups.ts';
import { RowError } from './notes.ts';
import type { ResumeRecord } from './resume.record.ts';
import { upsertResumes } from './resume.writer.ts';
import { type Numbered, readCsv, readLines } from './sources.ts';
import { encodingOf } from './text-chunks.ts';

export type ImportFormat = 'jsonl' | 'csv';

/** `noted`: rows written without some field or with an old value read as today's (their notes went to onRowNotes). */
export type ImportSummary = { imported: number; updated: number; rejected: number; noted: number };

export type ImportOptions = {
  /** rows per INSERT (default 500) */
  batchSize?: number;
  /** a row that was not written: its line and why */
  onReject?: (line: number, reason: string) => void;
  /** a row that was written without some of its fields (dropped) or with old values read as today's (mapped) */
  onRowNotes?: (line: number, notes: string[]) => void;
  /** a note about the file as a whole (e.g. unknown CSV columns) */
  onWarning?: (message: string) => void;
  /**
   * Called once, before the rows, when the file is a JSON document (hh.ru's API answer): its rows
   * are then numbered by the resume's place in it («резюме 3»), not by line — an answer saved as
   * is puts every resume on line 1.
   */
  onDocument?: () => void;
  onProgress?: (summary: ImportSummary & { rows: number }) => void;
  now?: Date;
};

/** A problem with the file as a whole (missing, unknown extension, bad CSV header): nothing is imported. */
export class ImportFileError extends Error {}

/** By extension: .jsonl, .ndjson, .json → JSON (lines or a document, see jsonLayoutOf); .csv → CSV. */
export function importFormatOf(file: string): ImportFormat {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson' || ext === '.json') return 'jsonl';
  if (ext === '.csv') return 'csv';
  throw new ImportFileError(`Не знаю формат «${ext || file}»: нужен .json, .jsonl/.ndjson (JSON Lines) или .csv`);
}

/**
 * JSON Lines (one resume a line; a broken line costs only itself) or a JSON document (what hh.ru's
 * API answers: a resume pretty-printed, an array, `{"items": […]}`). Decided by the first line: a
 * document starts with `[` or a lone `{`, or is a whole list response; a first line that is a whole
 * resume object means JSON Lines; a broken one means JSON Lines for .jsonl/.ndjson, a document for .json.
 */
function jsonLayoutOf(file: string): 'lines' | 'document' {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(64 * 1024);
  let n: number;
  try {
    n = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const text = head
    .subarray(0, n)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const first =
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? '';
  if (first.startsWith('[') || first === '{') return 'document';
  let value: unknown;
  try {
    value = JSON.parse(first);
  } catch {
    // A broken first line of JSON Lines is that line's problem; a .json is a document spread over lines.
    return path.extname(file).toLowerCase() === '.json' ? 'document' : 'lines';
  }
  // A list response saved as is (`{"found": …, "items": […]}` on one line) is a document too.
  const isList = typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items);
  return isList ? 'document' : 'lines';
}

type Row = Numbered<ResumeRecord> & { notes: string[] };
type Rejected = { line: number; reason: string };

/** Parsed and checked rows (or the reason a row is rejected), streamed from the file. */
async function* rowsOf(file: string, format: ImportFormat, opts: ImportOptions): AsyncGenerator<Row | Rejected> {
  const lookups = importLookups();
  const now = opts.now ?? new Date();
  if (format === 'jsonl') {
    const document = jsonLayoutOf(file) === 'document';
    // A .json is an hh.ru export, whatever its layout: its report counts resumes, not lines.
    const byResume = document || path.extname(file).toLowerCase() === '.json';
    if (byResume) opts.onDocument?.();
    const records: AsyncGenerator<Numbered<string> & { column?: number }> = document ? readJsonRecords(file) : readLines(file);
    let ordinal = 0;
    for await (const record of records) {
      const text = record.value.trim();
      if (!text) continue;
      // JSON errors keep the file's line and column; the row's number is its place in a document.
      const at = record.line;
      const column = record.column ?? 1;
      const line = byResume ? ++ordinal : at;
      const notes: string[] = [];
      let parsed: unknown;
      try {
        parsed = parseJsonText(text, at, notes, column);
      } catch (err) {
        if (!(err instanceof JsonTextError)) throw err;
        yield { line, reason: err.message };
        continue;
      }
      yield checked(line, () => parseHhResume(parsed, lookups, now, notes));
    }
    return;
  }
  let header: ReturnType<typeof csvHeader> | undefined;
  const encoding = encodingOf(file);
  if (encoding === 'windows-1251') opts.onWarning?.('CSV: файл не в UTF-8 — прочитан как Windows-1251 (так сохраняет Excel)');
  for await (const { line, value } of readCsv(file, 'auto', encoding)) {
    if (!header) {
      try {
        header = csvHeader(value);
      } catch (err) {
        throw new ImportFileError(`строка ${line}: ${(err as Error).message}`);
      }
      if (header.unknown.length) opts.onWarning?.(`CSV: колонки не используются: ${header.unknown.join(', ')}`);
      if (!header.index.has('id'))
        opts.onWarning?.('CSV: нет колонки id — при повторной загрузке резюме узнаётся по ФИО, дате рождения и должности');
      continue;
    }
    const index = header.index;
    yield checked(line, () => {
      const row = csvToHh(value, index);
      return parseHhResume(row.value, lookups, now, row.notes);
    });
  }
}

function checked(line: number, parse: () => { record: ResumeRecord; notes: string[] }): Row | Rejected {
  try {
    const { record, notes } = parse();
    return { line, value: record, notes };
  } catch (err) {
    if (err instanceof RowError) return { line, reason: err.message };
    throw err;
  }
}

/**
 * Imports a file of resumes (JSON Lines in hh.ru's layout, or CSV): streams it, checks each row,
 * writes the good ones in batches (INSERT … ON CONFLICT (source, source_id) DO UPDATE — a source id
 * seen before updates its resume), reports each bad row through `onReject` and writes nothing of it.
 */
export async function importResumes(database: Database, file: string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const format = importFormatOf(file);
  if (!existsSync(file) || !statSync(file).isFile()) throw new ImportFileError(`Файл не найден: ${file}`);
  const batchSize = opts.batchSize ?? 500;
  const summary: ImportSummary = { imported: 0, updated: 0, rejected: 0, noted: 0 };
  let rows = 0;
  const reject = (line: number, reason: string) => {
    summary.rejected++;
    opts.onReject?.(line, reason);
  };
  // Notes are told once the row is in: a row the database then refuses is a rejection only.
  const noted = (row: Row) => {
    if (!row.notes.length) return;
    summary.noted++;
    opts.onRowNotes?.(row.line, row.notes);
  };

  let batch: Row[] = [];
  let ids = new Set<string>();
  // One write in flight while the next batch is parsed; batches land in file order.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const rowsToWrite = batch;
    batch = [];
    ids = new Set();
    await writing;
    if (!rowsToWrite.length) return;
    writing = writeBatch(database, rowsToWrite, summary, reject, noted).then(() => opts.onProgress?.({ ...summary, rows }));
  };

  for await (const row of rowsOf(file, format, opts)) {
    rows++;
    if ('reason' in row) {
      reject(row.line, row.reason);
      continue;
    }
    // The same source id twice in one statement cannot be upserted: the second goes to the next batch.
    if (ids.has(row.value.source_id)) await flush();
    batch.push(row);
    ids.add(row.value.source_id);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await writing;
  return summary;
}

/** Writes a batch; when the database refuses it, row by row, so one bad row costs only itself. */
async function writeBatch(
  database: Database,
  rows: Row[],
  summary: ImportSummary,
  reject: (line: number, reason: string) => void,
  noted: (row: Row) => void,
): Promise<void> {
  try {
    const r = await upsertResumes(
      database,
      rows.map((r) => r.value),
    );
    summary.imported += r.inserted;
    summary.updated += r.updated;
    for (const row of rows) noted(row);
  } catch (batchError) {
    if (rows.length === 1) {
      const row = rows[0];
      if (row) reject(row.line, rowFailureReason(row.value, batchError));
      return;
    }
    for (const row of rows) await writeBatch(database, [row], summary, reject, noted);
  }
}

/** Where a NUL character (which PostgreSQL text cannot hold) sits in a record: «experience[0].company», or null. */
function nulFieldOf(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulFieldOf(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulFieldOf(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** PostgreSQL's error classes a row's data can cause, in words an importer's reader can act on. */
const SQLSTATE_REASONS: [prefix: string, reason: string][] = [
  ['22001', 'слишком длинное значение'],
  ['22003', 'число вне допустимого диапазона'],
  ['22007', 'неверный формат даты или времени'],
  ['22008', 'дата или время вне допустимого диапазона'],
  ['22P02', 'значение неверного типа'],
  ['22P05', 'недопустимый символ в тексте'],
  ['23', 'данные нарушают ограничение базы'],
  ['22', 'недопустимое значение'],
];

function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Why the database refused one row, for the import report: never the statement or the driver's
 * text (the statement carries the whole batch, other people's data among it).
 */
export function rowFailureReason(record: ResumeRecord, err: unknown): string {
  const nul = nulFieldOf(record, '');
  if (nul) return `Недопустимый символ NUL в поле «${nul}»`;
  const code = sqlStateOf(err);
  const known = code && SQLSTATE_REASONS.find(([prefix]) => code.startsWith(prefix));
  return known ? `Не удалось сохранить строку: ${known[1]}` : 'Не удалось сохранить строку: база данных её не приняла';
}
