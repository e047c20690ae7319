import { z } from 'zod';

/**
 * The dictionaries change only when they are seeded, so their answers are validated by a version: a
 * content hash of the seeded data. Every GET /api/dictionary answer names it in this header.
 */
export const DICTIONARY_VERSION_HEADER = 'X-Dictionary-Version';

export const dictionaryVersion = z
  .string()
  .regex(/^[0-9a-f]{20}$/)
  .describe('Content hash of the seeded dictionaries; changes only when they are seeded with other data');
export const dictionaryVersionAnswer = z.object({ version: dictionaryVersion });
export type DictionaryVersionAnswer = z.infer<typeof dictionaryVersionAnswer>;
export const dictionaryVersionParams = z.object({ version: z.string().max(100).describe('A version from GET /api/dictionary/version') });

/**
 * The entity tag (quoted) of GET /api/dictionary for these names, in the order asked, at this version
 * (no names: every dictionary). Both sides build it, so a client that keeps the version can revalidate
 * with If-None-Match. The server adds `-br`/`-gz` inside the quotes for its compressed copies and
 * matches any of the three.
 */
export const dictionaryEtag = (version: string, names: readonly string[] = []): string =>
  `"${names.length ? `${version}.${names.join('.')}` : version}"`;
