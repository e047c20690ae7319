import type { ResumeFull } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

export const resumeQueryKey = (hash: string) => ['resume', hash] as const;

/** GET /api/resume/{hash} — login required; counts a view (once per member per day). */
export function fetchResume(hash: string): Promise<ResumeFull> {
  return apiGet<ResumeFull>(`/api/resume/${encodeURIComponent(hash)}`);
}

export function useResume(hash: string) {
  return useQuery({ queryKey: resumeQueryKey(hash), queryFn: () => fetchResume(hash), staleTime: 60_000 });
}
