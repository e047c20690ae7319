import { createHash } from 'node:crypto';

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits of state, good statistical
 * quality, a few integer operations per number. Seeded from SHA-256 of a string, so every resume gets
 * its own independent stream (`seed:n`) and can be generated alone, in any order, identically.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** The SHA-256 digest the state came from (the generator derives the resume hash from it). */
  readonly digest: Buffer;

  constructor(key: string) {
    this.digest = createHash('sha256').update(key).digest();
    this.a = this.digest.readUInt32LE(16);
    this.b = this.digest.readUInt32LE(20);
    this.c = this.digest.readUInt32LE(24);
    this.d = this.digest.readUInt32LE(28);
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** [0, 1) */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `k` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }

  /** Roughly normal (Irwin–Hall of 4), clamped to [min, max]. */
  around(mean: number, spread: number, min = -Infinity, max = Infinity): number {
    const z = (this.next() + this.next() + this.next() + this.next() - 2) * 1.732;
    return Math.min(max, Math.max(min, mean + z * spread));
  }
}

/** A weighted choice table built once: O(log n) per draw. */
export class Weighted<T> {
  private readonly cumulative: number[];
  private readonly total: number;
  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    let sum = 0;
    this.cumulative = weights.map((w) => (sum += w));
    this.total = sum;
  }

  static of<T>(pairs: readonly (readonly [T, number])[]): Weighted<T> {
    return new Weighted(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    );
  }

  draw(rng: Rng): T {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
