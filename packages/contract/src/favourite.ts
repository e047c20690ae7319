import { z } from 'zod';
import { rowId } from './ids.ts';
import { pageField, perPageField } from './pagination.ts';
import { RESUME_HASH_PATTERN, resumeCard } from './resume.ts';

/** The member's (and their team's) favourite candidates, under `/api/favourite`. */

export const FAVOURITE_NOTE_MAX = 2000;
/** The most resumes one «В избранное» on search results keeps at once (`mass_search`). */
export const BULK_FAVOURITES_MAX = 1000;

export const FAVOURITE_MSG = {
  added: 'Кандидат добавлен в избранное',
  removed: 'Кандидат удалён из избранного',
  notInList: 'Кандидата нет в избранном',
  noteLong: `Заметка — не длиннее ${FAVOURITE_NOTE_MAX} символов`,
  hashInvalid: 'Неверный идентификатор резюме',
  bulkEmpty: 'Выберите хотя бы одно резюме',
  bulkTooMany: `Не больше ${BULK_FAVOURITES_MAX} резюме за раз`,
} as const;

/** `GET /api/favourite/{hash}`, `POST /api/favourite/{hash}`: the entry of one candidate. */
export const favouriteEntry = z.object({ hash: z.string(), note: z.string().nullable(), created_at: z.string() });
export type FavouriteEntry = z.infer<typeof favouriteEntry>;

/** `POST /api/favourite/{hash}` {note?}: adds the candidate, or updates the note. */
export const favouriteSaveBody = z
  .object({ note: z.string().trim().max(FAVOURITE_NOTE_MAX, { error: FAVOURITE_MSG.noteLong }).nullable().optional() })
  .nullish();
export type FavouriteSaveBody = z.input<typeof favouriteSaveBody>;

/** `POST /api/favourite/bulk` {hashes}. */
export const favouriteBulkBody = z.object({
  hashes: z
    .array(z.string().regex(RESUME_HASH_PATTERN, { error: FAVOURITE_MSG.hashInvalid }))
    .min(1, { error: FAVOURITE_MSG.bulkEmpty })
    .max(BULK_FAVOURITES_MAX, { error: FAVOURITE_MSG.bulkTooMany }),
});
export type FavouriteBulkBody = z.input<typeof favouriteBulkBody>;
export const favouriteBulkAnswer = z.object({ added: z.number(), skipped: z.number() });
export type FavouriteBulkAnswer = z.infer<typeof favouriteBulkAnswer>;


/** Folders of favourites (private, or shared with the owner's team): `/api/favourite/folders`. */
export const FAVOURITE_FOLDERS_MAX = 100;
export const FAVOURITE_FOLDER_NAME_MAX = 60;
/** The longest text the search inside favourites takes. */
export const FAVOURITE_QUERY_MAX = 200;
/** The most rows one export of favourites writes. */
export const FAVOURITE_EXPORT_MAX = 1000;

export const FAVOURITE_FOLDER_MSG = {
  nameEmpty: 'Введите название папки',
  nameLong: `Название папки — не длиннее ${FAVOURITE_FOLDER_NAME_MAX} символов`,
  nameTaken: 'Папка с таким названием у вас уже есть',
  tooMany: `Папок может быть не больше ${FAVOURITE_FOLDERS_MAX}`,
  sharedInvalid: 'Укажите, видна ли папка команде',
  idInvalid: 'Неверный идентификатор папки',
  notFound: 'Папка не найдена',
  ownerOnly: 'Изменить или удалить папку может только её автор',
  notInFavourites: 'Сначала добавьте кандидата в избранное',
  tooManyIds: `Не больше ${FAVOURITE_FOLDERS_MAX} папок за раз`,
  created: 'Папка создана',
  saved: 'Папка сохранена',
  deleted: 'Папка удалена',
  foldersSaved: 'Папки кандидата сохранены',
  queryLong: `Запрос — не длиннее ${FAVOURITE_QUERY_MAX} символов`,
  format: 'Формат выгрузки: csv или xlsx',
} as const;

const folderName = z
  .string({ error: FAVOURITE_FOLDER_MSG.nameEmpty })
  .trim()
  .min(1, { error: FAVOURITE_FOLDER_MSG.nameEmpty })
  .max(FAVOURITE_FOLDER_NAME_MAX, { error: FAVOURITE_FOLDER_MSG.nameLong });
const folderShared = z.boolean({ error: FAVOURITE_FOLDER_MSG.sharedInvalid });

/** One folder as its viewer sees it: `mine` — the viewer owns it (only the owner renames, shares or deletes). */
export const favouriteFolder = z.object({
  id: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  mine: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string(), family: z.string() }),
  /** Candidates in it that the viewer's favourites list shows. */
  count: z.number().int(),
});
export type FavouriteFolder = z.infer<typeof favouriteFolder>;

/** `POST /api/favourite/folders` {name, shared?}. */
export const favouriteFolderCreateBody = z.object({ name: folderName, shared: folderShared.optional().default(false) });
export type FavouriteFolderCreateBody = z.input<typeof favouriteFolderCreateBody>;
/** `PATCH /api/favourite/folders/{id}` {name?, shared?}. */
export const favouriteFolderPatchBody = z.object({ name: folderName.optional(), shared: folderShared.optional() });
export type FavouriteFolderPatchBody = z.input<typeof favouriteFolderPatchBody>;
export const favouriteFolderParam = z.object({ id: rowId(FAVOURITE_FOLDER_MSG.idInvalid) });

/** `PUT /api/favourite/{hash}/folders` {folder_ids}: the folders (of those the viewer sees) the candidate is in. */
export const favouriteCandidateFoldersBody = z.object({
  folder_ids: z.array(rowId(FAVOURITE_FOLDER_MSG.idInvalid)).max(FAVOURITE_FOLDERS_MAX, { error: FAVOURITE_FOLDER_MSG.tooManyIds }),
});
export type FavouriteCandidateFoldersBody = z.input<typeof favouriteCandidateFoldersBody>;
export const favouriteCandidateFolders = z.object({ folder_ids: z.array(z.number().int()) });
export type FavouriteCandidateFolders = z.infer<typeof favouriteCandidateFolders>;

/** What the search inside favourites takes: `q` (title, skills, notes), `folder` (a folder's id). */
export const favouriteFilter = z.object({
  q: z.string().trim().max(FAVOURITE_QUERY_MAX, { error: FAVOURITE_FOLDER_MSG.queryLong }).optional(),
  folder: rowId(FAVOURITE_FOLDER_MSG.idInvalid).optional(),
});
/** `GET /api/favourite?page=&per_page=&q=&folder=`. */
export const favouriteListQuery = favouriteFilter.extend({ page: pageField(), per_page: perPageField() });
export type FavouriteListQuery = z.input<typeof favouriteListQuery>;
/** `GET /api/favourite/export?format=csv|xlsx&q=&folder=`: what the list shows, as a file. */
export const favouriteExportQuery = favouriteFilter.extend({ format: z.enum(['csv', 'xlsx'], { error: FAVOURITE_FOLDER_MSG.format }) });

/** The list item (`GET /api/favourite`, paginated): the search's card with its note and the folders it is in. */
export const favouriteListItem = resumeCard.extend({ folder_ids: z.array(z.number().int()) });
export type FavouriteListItem = z.infer<typeof favouriteListItem>;
