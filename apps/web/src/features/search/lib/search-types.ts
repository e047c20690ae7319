import type { DictionaryItem, DictionaryName, ResumeCard } from '@hr/contract';
import type { MouseEvent, ReactNode } from 'react';

/** The dictionaries the filter panel reads (the dictionary feature's, passed in by the route). */
export type SearchDictionaries = Partial<Record<DictionaryName, DictionaryItem[]>>;

export const SEARCH_DICTIONARIES = [
  'search_city',
  'subway',
  'roleTree',
  'experience',
  'workingType',
  'schedule',
  'education',
  'sex',
  'drive',
  'resumeStatus',
  'lastActive',
  'searchOrderBy',
  'logic',
  'typeTree',
  'geo',
] as const satisfies readonly DictionaryName[];

/** What the search needs of a result card (the resume feature's, passed in by the route). */
export type ResultCardProps = {
  card: ResumeCard;
  href: string;
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
  selection?: ReactNode;
  compact?: boolean;
};

/** Adds many cards to favourites at once (mass_search). */
export type BulkFavourite = (hashes: readonly string[]) => Promise<{ added: number; skipped: number }>;
