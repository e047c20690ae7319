import type { ResumeCard, SearchResult } from '@hr/contract';
import { SIMILAR_RESUMES_SHOWN } from '@hr/contract/signals';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

export const similarQueryKey = (hash: string, viewer: 'member' | 'guest') => ['resume', hash, 'similar', viewer] as const;

/** The search's address of «more like this» (the API's and the search page's alike). */
export const similarSearchParams = (hash: string) => new URLSearchParams({ similar_to: hash }).toString();

/**
 * GET /api/resume/search?similar_to={hash} — the first SIMILAR_RESUMES_SHOWN resumes like this one
 * (the search answers pages of 20, 50 or 100), never the resume itself. The cards are what this
 * viewer may see (a visitor's are masked by the server).
 */
export async function fetchSimilar(hash: string): Promise<ResumeCard[]> {
  const result = await apiGet<SearchResult>(`/api/resume/search?${similarSearchParams(hash)}&per_page=20`);
  return result.data.filter((card) => card.hash !== hash).slice(0, SIMILAR_RESUMES_SHOWN);
}

export function useSimilarResumes(hash: string, viewer: 'member' | 'guest') {
  return useQuery({ queryKey: similarQueryKey(hash, viewer), queryFn: () => fetchSimilar(hash), staleTime: 5 * 60_000, retry: false });
}
