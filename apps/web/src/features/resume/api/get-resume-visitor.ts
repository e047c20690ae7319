import type { ResumeVisitor } from '@hr/contract/resume-visitor';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

export const visitorResumeQueryKey = (hash: string) => ['resume', hash, 'visitor'] as const;

/** GET /api/resume/{hash}/public — what a visitor may see: no name, contacts or photo; no view counted. */
export function fetchVisitorResume(hash: string): Promise<ResumeVisitor> {
  return apiGet<ResumeVisitor>(`/api/resume/${encodeURIComponent(hash)}/public`);
}

export function useVisitorResume(hash: string) {
  return useQuery({ queryKey: visitorResumeQueryKey(hash), queryFn: () => fetchVisitorResume(hash), staleTime: 60_000, retry: false });
}
