import type { AccessMap } from '@hr/contract';
import { ACCESS_CACHE_MS, STORAGE_STATE_KEY } from '@hr/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { storage } from '@/shared/lib/storage.ts';
import { useSession } from '@/shared/session/session-store.ts';

/** A missing flag means false (SEED 3: every flag defaults to false). */
export type Access = Partial<AccessMap>;

type PersistedState = { access?: { userId: number; at: number; value: Access } };

// Deliberately free of the contract's runtime (zod) so the main bundle stays small.
const EMPTY_ACCESS: Access = {};

export const hasFlag = (access: Access, flag: keyof AccessMap): boolean => access[flag] === true;

export function fetchAccess(): Promise<Access> {
  return apiGet<Access>('/api/user/access');
}

function readCached(userId: number): Access | null {
  const cached = storage.getJson<PersistedState>(STORAGE_STATE_KEY)?.access;
  if (!cached || cached.userId !== userId || Date.now() - cached.at > ACCESS_CACHE_MS) return null;
  return cached.value;
}

function writeCached(userId: number, value: Access): void {
  const state = storage.getJson<PersistedState>(STORAGE_STATE_KEY) ?? {};
  storage.setJson(STORAGE_STATE_KEY, { ...state, access: { userId, at: Date.now(), value } });
}

export function forgetCachedAccess(): void {
  const state = storage.getJson<PersistedState>(STORAGE_STATE_KEY);
  if (!state?.access) return;
  const { access: _dropped, ...rest } = state;
  storage.setJson(STORAGE_STATE_KEY, rest);
}

/** The access map, cached 15 minutes (SEED 6). A failed load is silently ignored (all false). */
export async function loadAccess(userId: number, force = false): Promise<Access> {
  if (!force) {
    const cached = readCached(userId);
    if (cached) return cached;
  }
  try {
    const value = (await fetchAccess()) ?? EMPTY_ACCESS;
    writeCached(userId, value);
    return value;
  } catch {
    return EMPTY_ACCESS;
  }
}

export const accessQueryKey = (userId: number | undefined) => ['user', 'access', userId ?? 0] as const;

export function useAccess(): { access: Access; isLoading: boolean } {
  const { user } = useSession();
  const query = useQuery({
    queryKey: accessQueryKey(user?.id),
    queryFn: () => loadAccess(user?.id ?? 0),
    enabled: Boolean(user),
    staleTime: ACCESS_CACHE_MS,
  });
  return { access: query.data ?? EMPTY_ACCESS, isLoading: query.isLoading };
}
