import type { ResumeSignals } from '@hr/contract/signals';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** Under the resume's own key: whatever refreshes the resume page refreshes these too. */
export const signalsQueryKey = (hash: string) => ['resume', hash, 'signals'] as const;

/** GET /api/resume/{hash}/signals — members only: what the club and the member's team know of the candidate. */
export function fetchSignals(hash: string): Promise<ResumeSignals> {
  return apiGet<ResumeSignals>(`/api/resume/${encodeURIComponent(hash)}/signals`);
}

export function useResumeSignals(hash: string) {
  return useQuery({ queryKey: signalsQueryKey(hash), queryFn: () => fetchSignals(hash), staleTime: 60_000, retry: 1 });
}
