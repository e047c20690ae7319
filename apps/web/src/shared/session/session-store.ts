import type { MainInfo } from '@hr/contract';
import { useSyncExternalStore } from 'react';

/** SEED 4: `unknown` until the first user load answers; `member` once main_info is known. */
export type SessionStatus = 'unknown' | 'guest' | 'member';
export type SessionState = { status: SessionStatus; user: MainInfo | null };

let state: SessionState = { status: 'unknown', user: null };
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setUser(user: MainInfo) {
    setState({ status: 'member', user });
  },
  /** Clears the user and the authenticated flag (logout, failed user load, 401/419). */
  clear() {
    if (state.status === 'guest' && state.user === null) return;
    setState({ status: 'guest', user: null });
  },
  isAuthenticated: (): boolean => state.status === 'member',
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
