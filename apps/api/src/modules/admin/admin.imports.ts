import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ADMIN_MSG,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_STATUS_TITLES,
  type ImportJob,
  type ImportReportLine,
  type Paginated,
} from '@hr/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type ResumeImportRow, resumeImportRejects, resumeImports } from '../../db/schema/index.ts';
import { AppError, fieldErrors } from '../../lib/app-error.ts';
import { FileSniffer, type FileTypeDecision, FileTooLarge, FileTypeRefused, sniffed } from '../../lib/file-sniff.ts';
import { multipartFailure, multipartParts } from '../../lib/multipart.ts';
import { pageOf } from '@hr/contract/pagination';
import { enqueueJob } from '../../lib/queue.ts';
import { forgetSearchesEverywhere } from '../../lib/search-caches.ts';
import { audit } from '../audit/audit.ts';
import { ImportFileError, importFormatOf, importResumes } from '../resume/import/import.service.ts';

type Actor = { actorId: number; ip: string };

export const IMPORT_JOB = 'admin.resume_import';

/** How many rows of each import were kept with notes. */
async function notedCounts(ctx: AppContext, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await ctx.database.db
    .select({ id: resumeImportRejects.importId, n: count() })
    .from(resumeImportRejects)
    .where(and(inArray(resumeImportRejects.importId, ids), eq(resumeImportRejects.kind, 'noted')))
    .groupBy(resumeImportRejects.importId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export function presentImport(r: ResumeImportRow, noted = 0): ImportJob {
  return {
    id: r.id,
    file_name: r.fileName,
    format: r.format,
    size: r.size,
    status: r.status,
    status_title: IMPORT_STATUS_TITLES[r.status],
    rows: r.rows,
    imported: r.imported,
    updated: r.updated,
    rejected: r.rejected,
    noted,
    error: r.error,
    warnings: r.warnings,
    uploaded_by: r.uploadedBy,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

/** A file name as shown back: no path, no control characters, at most 200 characters. */
const cleanName = (name: string) =>
  path
    .basename(name.replace(/\\/g, '/'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 200) || 'import';

/** An import is text (JSON Lines or CSV): anything file-type recognises (a ZIP or XLSX, a PDF, an image…) is refused. */
const textOnly: FileTypeDecision<'text'> = (found) => (found ? null : 'text');

/**
 * `POST /api/admin/imports`: the one `file` part is streamed into the file storage (PostgreSQL),
 * and the import row and its job are written in one transaction, so the job exists exactly when
 * the upload does and runs after a restart too.
 */
export async function uploadImport(ctx: AppContext, actor: Actor, request: FastifyRequest): Promise<ImportJob> {
  if (!request.isMultipart()) throw fieldErrors({ file: [ADMIN_MSG.fileRequired] });
  const storage = ctx.files;
  let stored: { key: string; size: number; name: string; format: ImportJob['format'] } | null = null;
  try {
    const parts = multipartParts(request, { fileSize: IMPORT_FILE_MAX_BYTES + 1, files: 2, fields: 10, fieldSize: 1000, parts: 12 });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || !part.filename) {
        part.file.resume();
        continue;
      }
      if (stored) throw fieldErrors({ file: [ADMIN_MSG.fileOne] });
      const name = cleanName(part.filename);
      let format: ImportJob['format'];
      try {
        // A .json is an hh.ru export from the start (its report counts resumes); .jsonl/.ndjson are JSON Lines.
        format = importFormatOf(name) === 'csv' ? 'csv' : path.extname(name).toLowerCase() === '.json' ? 'json' : 'jsonl';
      } catch {
        part.file.resume();
        throw fieldErrors({ file: [ADMIN_MSG.fileFormat] });
      }
      // The size cap while it streams, and the content sniffed: past the cap or once it is known to
      // be a binary format, the upload stops there.
      const sniffer = new FileSniffer(IMPORT_FILE_MAX_BYTES, textOnly);
      let put: { key: string; size: number };
      try {
        put = await storage.put(sniffed(part.file, sniffer));
      } catch (err) {
        if (err instanceof FileTooLarge) throw fieldErrors({ file: [ADMIN_MSG.fileSize] });
        if (err instanceof FileTypeRefused) throw fieldErrors({ file: [ADMIN_MSG.fileFormat] });
        throw err;
      }
      stored = { ...put, name, format };
      if (part.file.truncated) throw fieldErrors({ file: [ADMIN_MSG.fileSize] });
      if (!put.size) throw fieldErrors({ file: [ADMIN_MSG.fileEmpty] });
      if (!(await sniffer.result())) throw fieldErrors({ file: [ADMIN_MSG.fileFormat] });
    }
    if (!stored) throw fieldErrors({ file: [ADMIN_MSG.fileRequired] });
    const file = stored;
    const row = await ctx.database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(resumeImports)
        .values({ fileKey: file.key, fileName: file.name, format: file.format, size: file.size, uploadedBy: actor.actorId })
        .returning();
      if (!created) throw new Error('import row not written');
      await enqueueJob(tx, IMPORT_JOB, { import_id: created.id });
      await audit(tx, {
        ...actor,
        action: 'import.upload',
        objectType: 'import',
        objectId: created.id,
        details: { file: file.name, size: file.size, format: file.format },
      });
      return created;
    });
    ctx.queue.kick();
    return presentImport(row);
  } catch (err) {
    if (stored) await storage.delete(stored.key);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldErrors({ file: [ADMIN_MSG.fileSize] });
    // A body cut short or broken: the client's fault, a 422 (lib/multipart.ts).
    throw multipartFailure(err, request);
  }
}

export async function getImport(ctx: AppContext, id: number): Promise<ImportJob> {
  const [row] = await ctx.database.db.select().from(resumeImports).where(eq(resumeImports.id, id)).limit(1);
  if (!row) throw new AppError('not_found', ADMIN_MSG.importNotFound);
  return presentImport(row, (await notedCounts(ctx, [row.id])).get(row.id) ?? 0);
}

export async function listImports(ctx: AppContext, page: number, perPage: number): Promise<Paginated<ImportJob>> {
  const [rows, [total]] = await Promise.all([
    ctx.database.db
      .select()
      .from(resumeImports)
      .orderBy(desc(resumeImports.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    ctx.database.db.select({ n: count() }).from(resumeImports),
  ]);
  const noted = await notedCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => presentImport(r, noted.get(r.id) ?? 0)),
    Number(total?.n ?? 0),
    page,
    perPage,
  );
}

export async function importReport(ctx: AppContext, id: number, page: number, perPage: number): Promise<Paginated<ImportReportLine>> {
  await getImport(ctx, id);
  const where = eq(resumeImportRejects.importId, id);
  const [rows, [total]] = await Promise.all([
    ctx.database.db
      .select({ line: resumeImportRejects.line, reason: resumeImportRejects.reason, kind: resumeImportRejects.kind })
      .from(resumeImportRejects)
      .where(where)
      .orderBy(asc(resumeImportRejects.line))
      .limit(perPage)
      .offset((page - 1) * perPage),
    ctx.database.db.select({ n: count() }).from(resumeImportRejects).where(where),
  ]);
  const lines = rows.map(({ line, reason, kind }): ImportReportLine => ({ line, kind, reason }));
  return pageOf(lines, Number(total?.n ?? 0), page, perPage);
}

const REPORT_BATCH = 500;

/**
 * The job: copies the stored file to a temporary file (the importer streams from a path), runs the
 * CLI's importer, keeps progress in the row as batches land and each rejected line in the report.
 * A run cut short by a restart runs again from the start: rows are upserts by source id and the
 * report is rebuilt, so nothing is counted twice.
 */
export async function runImportJob(ctx: AppContext, importId: number): Promise<void> {
  const { db } = ctx.database;
  const [row] = await db.select().from(resumeImports).where(eq(resumeImports.id, importId)).limit(1);
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const finish = async (values: Partial<typeof resumeImports.$inferInsert>) => {
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(resumeImports)
        .set({ ...values, finishedAt: new Date(), fileKey: null })
        .where(eq(resumeImports.id, importId))
        .returning();
      if (done) {
        await audit(tx, {
          actorId: done.uploadedBy,
          action: 'import.finish',
          objectType: 'import',
          objectId: importId,
          details: { status: done.status, rows: done.rows, imported: done.imported, updated: done.updated, rejected: done.rejected },
        });
      }
    });
    if (row.fileKey) await ctx.files.delete(row.fileKey);
    // Searches made before the import must not be answered from the caches with the old resumes.
    await forgetSearchesEverywhere(ctx.realtime);
  };
  const stored = row.fileKey ? await ctx.files.get(row.fileKey) : null;
  if (!stored) {
    await finish({ status: 'failed', error: 'Файл импорта не найден в хранилище' });
    return;
  }
  await db.transaction(async (tx) => {
    await tx.delete(resumeImportRejects).where(eq(resumeImportRejects.importId, importId));
    await tx
      .update(resumeImports)
      .set({ status: 'running', startedAt: new Date(), rows: 0, imported: 0, updated: 0, rejected: 0, warnings: [], error: null })
      .where(eq(resumeImports.id, importId));
  });

  const dir = await mkdtemp(path.join(tmpdir(), 'hr-import-'));
  // The uploaded name's extension tells the importer how to read it (a .json may be an hh.ru document).
  const ext = path.extname(row.fileName).toLowerCase();
  const file = path.join(
    dir,
    `import${['.json', '.jsonl', '.ndjson', '.csv'].includes(ext) ? ext : row.format === 'csv' ? '.csv' : '.jsonl'}`,
  );
  try {
    await pipeline(stored.stream, createWriteStream(file));
    let pending: { line: number; kind: 'rejected' | 'noted'; reason: string }[] = [];
    const warnings: string[] = [];
    const flushRejects = async () => {
      if (!pending.length) return;
      const batch = pending;
      pending = [];
      await db
        .insert(resumeImportRejects)
        .values(batch.map((r) => ({ importId, line: r.line, kind: r.kind, reason: r.reason.slice(0, 2000) })))
        .onConflictDoNothing();
    };
    let writes: Promise<unknown> = Promise.resolve();
    const summary = await importResumes(ctx.database, file, {
      onReject: (line, reason) => {
        pending.push({ line, kind: 'rejected', reason });
        if (pending.length >= REPORT_BATCH) writes = writes.then(flushRejects);
      },
      onRowNotes: (line, notes) => {
        pending.push({ line, kind: 'noted', reason: notes.join('\n') });
        if (pending.length >= REPORT_BATCH) writes = writes.then(flushRejects);
      },
      onWarning: (message) => warnings.push(message),
      onDocument: () => {
        writes = writes.then(() => db.update(resumeImports).set({ format: 'json' }).where(eq(resumeImports.id, importId)));
      },
      onProgress: (p) => {
        writes = writes.then(async () => {
          await flushRejects();
          await db
            .update(resumeImports)
            .set({ rows: p.rows, imported: p.imported, updated: p.updated, rejected: p.rejected, warnings })
            .where(and(eq(resumeImports.id, importId), eq(resumeImports.status, 'running')));
        });
      },
    });
    await writes;
    await flushRejects();
    await finish({
      status: 'done',
      rows: summary.imported + summary.updated + summary.rejected,
      imported: summary.imported,
      updated: summary.updated,
      rejected: summary.rejected,
      warnings,
    });
  } catch (err) {
    if (err instanceof ImportFileError) {
      await finish({ status: 'failed', error: err.message });
      return;
    }
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
