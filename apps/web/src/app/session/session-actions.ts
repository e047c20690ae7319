import { STORAGE_LAST_EMAIL_KEY, STORAGE_LOGIN_KEY, STORAGE_LOGOUT_KEY } from '@hr/contract/constants';
import { logout as postLogout } from '@/features/auth/api/logout.ts';
import { forgetCachedAccess, loadAccess, accessQueryKey } from '@/features/user/api/get-access.ts';
import { fetchMainInfo } from '@/features/user/api/get-main-info.ts';
import type { MainInfo } from '@hr/contract';
import { ApiError } from '@/shared/api/api-error.ts';
import { takePageSession } from '@/shared/lib/page-state.ts';
import { storage } from '@/shared/lib/storage.ts';
import { sessionStore } from '@/shared/session/session-store.ts';
import { queryClient } from '../query-client.ts';
import { adminKeys } from '@/features/admin/api/keys.ts';
import { notifyKeys } from '@/features/notify/lib/query-keys.ts';
import { userKeys } from '@/features/user/lib/query-keys.ts';

let loading: Promise<boolean> | null = null;

/** Loads the user (main_info) and the access map; a failed user load clears the session (SEED 4). */
export function loadSession(fetchUser: () => Promise<MainInfo> = fetchMainInfo): Promise<boolean> {
  loading ??= (async () => {
    try {
      const user = await fetchUser();
      sessionStore.setUser(user);
      void queryClient.prefetchQuery({ queryKey: accessQueryKey(user.id), queryFn: () => loadAccess(user.id) });
      return true;
    } catch {
      clearSession();
      return false;
    } finally {
      loading = null;
    }
  })();
  return loading;
}

let first: Promise<boolean> | null = null;
/**
 * The page's first session load, once per page (main.tsx has already asked for the user, unless the
 * page came with it): boot waits a moment for it, so the first screen is drawn for a visitor or a
 * member, not redrawn.
 */
export function loadFirstSession(): Promise<boolean> {
  if (!first) {
    const carried = takePageSession(queryClient);
    first =
      carried === undefined
        ? loadSession()
        : loadSession(() => (carried ? Promise.resolve(carried) : Promise.reject(new ApiError(401, {}))));
  }
  return first;
}

/** Forgets everything user-specific in this tab. */
export function clearSession(): void {
  sessionStore.clear();
  forgetCachedAccess();
}

function broadcast(key: string): void {
  storage.set(key, String(Date.now()));
}

/** After any successful sign-in: remember the e-mail, load the session, tell the other tabs. */
export async function completeLogin(email?: string): Promise<boolean> {
  if (email) storage.set(STORAGE_LAST_EMAIL_KEY, email);
  forgetCachedAccess();
  const ok = await loadSession();
  if (ok) broadcast(STORAGE_LOGIN_KEY);
  return ok;
}

/** SEED 4 logout: clear state, POST /logout, broadcast to other tabs. The caller handles the redirect. */
export async function logout(): Promise<void> {
  clearSession();
  try {
    await postLogout();
  } catch {
    /* the local session is gone anyway */
  }
  broadcast(STORAGE_LOGOUT_KEY);
}

/** Whoever clears the session (logout, a 401 handler, another tab), user data goes with it. */
export function installSessionCleanup(): () => void {
  let previous = sessionStore.get().status;
  return sessionStore.subscribe(() => {
    const status = sessionStore.get().status;
    if (previous === 'member' && status !== 'member') {
      forgetCachedAccess();
      queryClient.removeQueries({ queryKey: userKeys.all });
      queryClient.removeQueries({ queryKey: notifyKeys.all });
      queryClient.removeQueries({ queryKey: adminKeys.all });
    }
    previous = status;
  });
}
