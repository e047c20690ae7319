import type { ContactQuota } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** Under the user's keys: logout drops it with the rest of the member's data. */
export const contactQuotaQueryKey = (userId: number | undefined) => ['user', 'contact-quota', userId ?? 0] as const;

/** GET /api/user/contact_quota — openings left today (null limit: none). */
export function useContactQuota(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: contactQuotaQueryKey(userId),
    queryFn: () => apiGet<ContactQuota>('/api/user/contact_quota'),
    enabled: enabled && Boolean(userId),
    staleTime: 0,
  });
}
