import { z } from 'zod';
import { RESUME_HASH_PATTERN } from './resume.ts';

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

/** The list item (`GET /api/favourite`, paginated) is the search's resumeCard with its note. */
export { resumeCard as favouriteListItem, type ResumeCard as FavouriteListItem } from './resume.ts';
