import { getTableColumns } from 'drizzle-orm';
import { type ResumeRow, resumes } from '../../db/schema/index.ts';

/** The search's text vectors: kept by a trigger, read by the search's own statements only. */
const SEARCH_VECTORS = ['tsAll', 'tsTitle', 'tsSkills', 'tsExpCompany', 'tsExpPosition', 'tsExpDescription'] as const;
type SearchVector = (typeof SEARCH_VECTORS)[number];

/** A resume as the pages read it: every column but the search's vectors (the biggest part of a row). */
export type ResumeRecord = Omit<ResumeRow, SearchVector>;

const all = getTableColumns(resumes);
export const RESUME_RECORD_COLUMNS = Object.fromEntries(
  Object.entries(all).filter(([key]) => !(SEARCH_VECTORS as readonly string[]).includes(key)),
) as Omit<typeof all, SearchVector>;
