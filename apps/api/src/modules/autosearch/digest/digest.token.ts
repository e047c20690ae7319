import { hmac, safeEqual } from '../../../lib/crypto.ts';

/**
 * The one-click unsubscribe link of a digest: `{search id}.{HMAC of the id and its owner}` under
 * the session secret. It needs no login and opens nothing but switching that one search's digest
 * off; a forged or altered token, or another search's, does not verify.
 */

const signature = (secret: string, searchId: number, userId: number) => hmac(secret, `autosearch-unsubscribe:${searchId}:${userId}`);

export function unsubscribeToken(secret: string, searchId: number, userId: number): string {
  return `${searchId}.${signature(secret, searchId, userId)}`;
}

/** The search id the token names, before its signature is checked against the owner (null: not a token). */
export function tokenSearchId(token: string): number | null {
  const m = /^([1-9]\d{0,15})\.[A-Za-z0-9_-]{20,100}$/.exec(token);
  const id = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(id) ? id : null;
}

export function tokenIsValid(secret: string, token: string, searchId: number, userId: number): boolean {
  return safeEqual(token, unsubscribeToken(secret, searchId, userId));
}
