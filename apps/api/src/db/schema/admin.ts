import { integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from '../columns.ts';
import { users } from './user.ts';

/** A resume import uploaded in the back office; the file's bytes live in the file storage (`file_key`). */
export const resumeImports = pgTable('resume_imports', {
  id: serial('id').primaryKey(),
  /** Dropped (null) once the import is finished and the file deleted. */
  fileKey: text('file_key'),
  fileName: text('file_name').notNull(),
  /** `json` once the job found the file to be a JSON document (hh.ru's API answer) rather than JSON Lines. */
  format: text('format').$type<'jsonl' | 'json' | 'csv'>().notNull(),
  size: integer('size').notNull().default(0),
  status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
  rows: integer('rows').notNull().default(0),
  imported: integer('imported').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  error: text('error'),
  warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  startedAt: tstz('started_at'),
  finishedAt: tstz('finished_at'),
});
export type ResumeImportRow = typeof resumeImports.$inferSelect;

/** The per-line report of an import: each rejected line and why. */
export const resumeImportRejects = pgTable(
  'resume_import_rejects',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => resumeImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
    /** rejected — the row was refused; noted — it was kept, and reason lists what was dropped of it. */
    kind: text('kind').$type<'rejected' | 'noted'>().notNull().default('rejected'),
  },
  (t) => [primaryKey({ name: 'resume_import_rejects_pk', columns: [t.importId, t.line] })],
);
