import { z } from 'zod';
import type { Paginated } from './envelope.ts';

/**
 * The shared page query of every list (`?page=&per_page=`) and the page answer it gets. Lists
 * that show a fixed page size take `page` only (pageOnlyQuery); the others choose 20, 50 or 100.
 */
export const PAGE_MSG = {
  page: 'Номер страницы начинается с 1',
  perPage: 'Показывать можно по 20, 50 или 100',
} as const;

export const PER_PAGE_CHOICES = [20, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_CHOICES)[number];
export const DEFAULT_PER_PAGE: PerPage = 20;
/** The highest page number a list accepts (beyond it: 422, not a slow empty page). */
export const PAGE_MAX = 100_000;

/** `page`: a whole number from 1 (default 1); `max` for lists that may go deeper. */
export const pageField = (max: number = PAGE_MAX) =>
  z.coerce
    .number({ error: PAGE_MSG.page })
    .int({ error: PAGE_MSG.page })
    .min(1, { error: PAGE_MSG.page })
    .max(max, { error: PAGE_MSG.page })
    .default(1);

/** `per_page`: one of `choices` (default 20); anything else answers `message`. */
export const perPageField = (choices: readonly number[] = PER_PAGE_CHOICES, message: string = PAGE_MSG.perPage) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .refine((n) => choices.includes(n), { error: message })
    .default(DEFAULT_PER_PAGE);

/** `?page=&per_page=` of a list with a choice of page size. */
export const pageQuery = z.object({ page: pageField(), per_page: perPageField() });
export type PageQuery = z.input<typeof pageQuery>;

/** `?page=` of a list with a fixed page size (`t`, a client cache-buster, is accepted and ignored). */
export const pageOnlyQuery = z.object({ page: pageField(), t: z.string().optional() });

/** The page answer: last_page is at least 1, so an empty list still has a page. */
export function pageOf<T>(data: T[], total: number, page: number, perPage: number): Paginated<T> {
  return { per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total, data };
}

/** The next page to ask for after `last`, or undefined on the last one («Показать ещё»). */
export const nextPageOf = (last: Pick<Paginated<unknown>, 'current_page' | 'last_page'>): number | undefined =>
  last.current_page < last.last_page ? last.current_page + 1 : undefined;
