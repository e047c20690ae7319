import type { MouseEvent } from 'react';

const followLink = (_hash: string): ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined => undefined;

/**
 * How a result card opens its resume. A visitor now follows the link like a member: `/resume/{hash}`
 * shows a visitor the resume without the name and contacts, with «Войти» that returns to it, so
 * the card no longer stops at a bare login popup. Kept as a hook so the search pages need no change.
 */
export function useVisitorOpen() {
  return followLink;
}
