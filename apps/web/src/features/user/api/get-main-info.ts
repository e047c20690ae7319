import type { MainInfo } from '@hr/contract';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/user/main_info — the signed-in user; 401 for a visitor. */
export function fetchMainInfo(): Promise<MainInfo> {
  return apiGet<MainInfo>('/api/user/main_info');
}
