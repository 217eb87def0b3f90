/**
 * Deterministic randomness for the data generator. Every product draws from its own stream, seeded
 * from (seed, product index), so product i is the same whatever the count, the chunking or the
 * number of worker threads.
 */

/** 32-bit finaliser of MurmurHash3: spreads close inputs (consecutive indexes) over all bits. */
function fmix32(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The seed of product `index`'s stream under the generator seed `seed`. */
export function streamSeed(seed: number, index: number): number {
  return fmix32(fmix32(seed ^ 0x9e3779b9) ^ fmix32(index + 0x632be5ab) ^ Math.floor(index / 0x100000000));
}

/** mulberry32: small, fast, good enough for synthetic data. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** Uniform real in [min, max). */
  real(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
}

/**
 * Draws indexes 0..n-1 with P(k) ∝ 1/(k+1)^s (Zipf): a few very common values and a long tail, as
 * category, brand and label popularity in OFF.
 */
export class ZipfSampler {
  private readonly cumulative: Float64Array;

  constructor(n: number, s: number) {
    this.cumulative = new Float64Array(n);
    let total = 0;
    for (let k = 0; k < n; k++) {
      total += 1 / (k + 1) ** s;
      this.cumulative[k] = total;
    }
    for (let k = 0; k < n; k++) this.cumulative[k] = (this.cumulative[k] as number) / total;
  }

  get size(): number {
    return this.cumulative.length;
  }

  sample(random: Random): number {
    const u = random.next();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Draws keys with probability proportional to their weight. */
export class WeightedChoice<K extends string> {
  private readonly keys: K[];
  private readonly cumulative: number[];

  constructor(weights: Readonly<Record<K, number>>) {
    this.keys = Object.keys(weights) as K[];
    let total = 0;
    this.cumulative = this.keys.map((key) => (total += weights[key]));
    this.cumulative = this.cumulative.map((c) => c / total);
  }

  pick(random: Random): K {
    const u = random.next();
    for (let i = 0; i < this.keys.length; i++) if (u < (this.cumulative[i] as number)) return this.keys[i] as K;
    return this.keys[this.keys.length - 1] as K;
  }
}

/** Deterministic Fisher–Yates shuffle (a copy). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
