import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server draws a page and while the browser hydrates what it drew; true in every
 * other render (React renders again, with true, right after hydrating). For what the server cannot
 * know the same way the browser does — the visitor's time zone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** The time zone of the days a server-drawn page shows until it has hydrated (the club's: Moscow). */
export const FIRST_SCREEN_TIME_ZONE = 'Europe/Moscow';
