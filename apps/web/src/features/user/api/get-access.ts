import { ACCESS_CACHE_MS, ACCESS_FLAGS, type AccessMap, STORAGE_STATE_KEY } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { storage } from '@/shared/lib/storage.ts';
import { useSession } from '@/shared/session/session-store.ts';

type PersistedState = { access?: { userId: number; at: number; value: AccessMap } };

export const EMPTY_ACCESS: AccessMap = Object.fromEntries([...ACCESS_FLAGS, 'teamLead'].map((flag) => [flag, false])) as AccessMap;

export function fetchAccess(): Promise<AccessMap> {
  return apiGet<AccessMap>('/api/user/access');
}

function readCached(userId: number): AccessMap | null {
  const cached = storage.getJson<PersistedState>(STORAGE_STATE_KEY)?.access;
  if (!cached || cached.userId !== userId || Date.now() - cached.at > ACCESS_CACHE_MS) return null;
  return { ...EMPTY_ACCESS, ...cached.value };
}

function writeCached(userId: number, value: AccessMap): void {
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
export async function loadAccess(userId: number, force = false): Promise<AccessMap> {
  if (!force) {
    const cached = readCached(userId);
    if (cached) return cached;
  }
  try {
    const value = { ...EMPTY_ACCESS, ...(await fetchAccess()) };
    writeCached(userId, value);
    return value;
  } catch {
    return EMPTY_ACCESS;
  }
}

export const accessQueryKey = (userId: number | undefined) => ['user', 'access', userId ?? 0] as const;

export function useAccess(): { access: AccessMap; isLoading: boolean } {
  const { user } = useSession();
  const query = useQuery({
    queryKey: accessQueryKey(user?.id),
    queryFn: () => loadAccess(user?.id ?? 0),
    enabled: Boolean(user),
    staleTime: ACCESS_CACHE_MS,
  });
  return { access: query.data ?? EMPTY_ACCESS, isLoading: query.isLoading };
}
