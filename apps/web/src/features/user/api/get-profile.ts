import type { Profile } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/user/profile */
export function fetchProfile(): Promise<Profile> {
  return apiGet<Profile>('/api/user/profile');
}

export const profileQueryKey = (userId: number | undefined) => ['user', 'profile', userId ?? 0] as const;

export function useProfile(userId: number | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: fetchProfile,
    enabled: Boolean(userId) && (options.enabled ?? true),
    staleTime: 60_000,
  });
}
