import type { AdminUser } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/users/{id} — the user card. */
export function fetchAdminUser(id: number): Promise<AdminUser> {
  return apiGet<AdminUser>(`/api/admin/users/${id}`);
}

export function useAdminUser(id: number) {
  return useQuery({ queryKey: adminKeys.user(id), queryFn: () => fetchAdminUser(id), retry: false, enabled: id > 0 });
}
