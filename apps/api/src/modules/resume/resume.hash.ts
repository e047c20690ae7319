import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 22 base62 characters from crypto-random bytes: about 131 bits, unguessable (PRODUCT 1). */
export function newResumeHash(): string {
  const bytes = randomBytes(32);
  let out = '';
  for (const b of bytes) {
    if (b >= 248) continue; // 248 = 4 * 62: keeps the characters uniform
    out += ALPHABET[b % 62];
    if (out.length === 22) return out;
  }
  return out + newResumeHash().slice(0, 22 - out.length);
}
