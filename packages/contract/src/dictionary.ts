import { z } from 'zod';
import { pageField } from './pagination.ts';

/** Every reference dictionary the client may ask for with `fields[]`. */
export const DICTIONARY_NAMES = [
  'workingType',
  'schedule',
  'experience',
  'education',
  'geo',
  'sex',
  'drive',
  'typeTree',
  'logic',
  'searchCityTree',
  'resumeStatus',
  'lastActive',
  'subway',
  'roleTree',
  'searchOrderBy',
  'search_city',
  'profession_area',
  'profile_tag',
  'position',
] as const;
export type DictionaryName = (typeof DICTIONARY_NAMES)[number];
export const dictionaryName = z.enum(DICTIONARY_NAMES);

export type DictionaryItem = { value: string; title: string; children?: DictionaryItem[]; color?: string; parent?: string };
/**
 * Recursive, so named: the API's OpenAPI document lists it once under components/schemas and
 * refers to it (also from its own children) by this id.
 */
export const dictionaryItem: z.ZodType<DictionaryItem> = z
  .lazy(() =>
    z.object({
      value: z.string(),
      title: z.string(),
      color: z.string().optional(),
      parent: z.string().optional(),
      children: z.array(dictionaryItem).optional(),
    }),
  )
  .meta({ id: 'DictionaryItem' });
export const dictionary = z.object({ updated_at: z.string(), items: z.array(dictionaryItem) });
export type Dictionary = z.infer<typeof dictionary>;

export const dictionaryQuery = z.object({
  fields: z.union([dictionaryName, z.array(dictionaryName)]).optional(),
});

export const cityOption = z.object({ value: z.string(), title: z.string(), region: z.string() });
export type CityOption = z.infer<typeof cityOption>;
export const cityQuery = z.object({
  search: z.string().trim().max(100).optional().default(''),
  page: pageField(1000),
});
