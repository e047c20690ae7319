import type { Paginated, ResumeCard } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/resume/popular — the most viewed resumes of the last 30 days, with `views`. */
export function fetchPopular(page: number, perPage: number): Promise<Paginated<ResumeCard>> {
  return apiGet<Paginated<ResumeCard>>('/api/resume/popular', { page, per_page: perPage });
}

export function usePopular(page: number, perPage: number) {
  return useQuery({
    queryKey: ['resume', 'popular', page, perPage],
    queryFn: () => fetchPopular(page, perPage),
    placeholderData: keepPreviousData,
  });
}
