import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../columns.ts';
import { resumes } from './resume.ts';
import { users } from './user.ts';

/**
 * A member's folder of favourite candidates. `shared`: the owner's team sees and fills it; who the
 * team is, is read at request time (team_members), so leaving a team loses its shared folders.
 */
export const favouriteFolders = pgTable(
  'favourite_folders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('favourite_folders_owner_name_key').on(t.ownerId, sql`lower(${t.name})`), index('favourite_folders_owner_idx').on(t.ownerId)],
);

/** A candidate in a folder (by resume: a shared folder holds candidates kept by any of the team). */
export const favouriteFolderItems = pgTable(
  'favourite_folder_items',
  {
    folderId: bigint('folder_id', { mode: 'number' })
      .notNull()
      .references(() => favouriteFolders.id, { onDelete: 'cascade' }),
    resumeId: bigint('resume_id', { mode: 'number' })
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.resumeId] }), index('favourite_folder_items_resume_idx').on(t.resumeId)],
);

export type FavouriteFolderRow = typeof favouriteFolders.$inferSelect;
