import { randomBytes } from 'node:crypto';

// The public id of a resume (PRODUCT 1): 22 base62 characters, as RESUME_HASH_PATTERN in the contract.
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const HASH_LENGTH = 22;

/** A new public id from the crypto RNG: about 131 bits, unguessable; unbiased (bytes ≥ 248 = 4 · 62 are skipped). */
export function newResumeHash(): string {
  let out = '';
  while (out.length < HASH_LENGTH) {
    for (const b of randomBytes(32)) {
      if (b >= 248) continue;
      out += BASE62[b % 62];
      if (out.length === HASH_LENGTH) break;
    }
  }
  return out;
}

/** An id from given random bytes (the demo generator's, so reruns write the same ids). */
export function hashFromBytes(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < HASH_LENGTH; i++) out += BASE62[(bytes[i % bytes.length] as number) % 62];
  return out;
}
