import type { UIMatch } from 'react-router';

/** Route metadata (SEED 2): a name, the page title and the `auth` marker. */
export type RouteHandle = {
  name: string;
  title: string;
  auth?: boolean;
};

/** The header turns white on these routes (SEED 2). */
export const WHITE_HEADER_ROUTES: ReadonlySet<string> = new Set(['main', 'search', 'profile', 'profile_edit', 'favourite']);

export function deepestHandle(matches: readonly UIMatch[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}

export function needsAuth(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.auth === true);
}
