import type { Paginated } from '@hr/contract';

/** The PRODUCT 1 page envelope: last_page is at least 1, so an empty list still has a page. */
export function pageOf<T>(data: T[], total: number, page: number, perPage: number): Paginated<T> {
  return { per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total, data };
}
