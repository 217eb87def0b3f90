/**
 * Value bins of the numbers searched by conditions (`sugars_100g<5`). Each indexed value is in one
 * coarse bin and one fine bin, both posting lists; a condition is the union of the bins it covers whole
 * (coarse ones in the middle, fine ones at the edges), plus, when its bound falls inside a fine bin,
 * the exact values of that bin read from the value index. Bounds are the round numbers conditions use
 * (`<5`, `<=1.5`, `>22.5`), so most conditions need no exact read at all.
 */
import type { NumericCondition } from "../domain/search/query.js";

/** Fine bin boundaries; bin 0 is (−∞, 0), bin i is [FINE[i − 1], FINE[i]), the last [FINE[n − 1], +∞). */
export const FINE_BOUNDS: readonly number[] = [
  0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75, 0.8, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 4.5,
  5, 6, 7, 7.5, 8, 9, 10, 12, 12.5, 15, 17.5, 20, 22.5, 25, 30, 35, 40, 45, 50, 60, 70, 75, 80, 90, 100, 150, 200, 250,
  300, 400, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 10000,
];

/** Coarse boundaries: a subset of the fine ones, so a coarse bin is a run of whole fine bins. */
export const COARSE_BOUNDS: readonly number[] = [0, 0.1, 0.5, 1, 2, 5, 10, 20, 50, 100, 500, 1000, 5000];

/** Index of the bin of `value` among `bounds` (0 = below the first bound). */
export function binOf(bounds: readonly number[], value: number): number {
  let lo = 0;
  let hi = bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bounds[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Lower bound of fine bin i (−∞ for bin 0). */
export function fineLower(i: number): number {
  return i === 0 ? Number.NEGATIVE_INFINITY : (FINE_BOUNDS[i - 1] as number);
}

/** Upper bound (exclusive) of fine bin i (+∞ for the last). */
export function fineUpper(i: number): number {
  return i >= FINE_BOUNDS.length ? Number.POSITIVE_INFINITY : (FINE_BOUNDS[i] as number);
}

/** An interval of values: bounds may be infinite. */
export interface ValueInterval {
  lower: number;
  lowerInclusive: boolean;
  upper: number;
  upperInclusive: boolean;
}

/** A part of an interval inside fine bin `bin`, which must be read value by value. */
export interface PartialBin extends ValueInterval {
  bin: number;
}

/** How to read an interval: whole coarse bins, whole fine bins, and exact ranges within partial fine bins. */
export interface BinPlan {
  coarse: number[];
  fine: number[];
  exact: PartialBin[];
}

function contains(interval: ValueInterval, lower: number, upper: number): boolean {
  const lowerOk = interval.lower < lower || (interval.lower === lower && interval.lowerInclusive);
  // A bin is [lower, upper): it fits when the interval reaches at least to just below `upper`.
  const upperOk = interval.upper >= upper;
  return lowerOk && upperOk;
}

function intersects(interval: ValueInterval, lower: number, upper: number): boolean {
  const belowUpper = interval.lower < upper;
  const aboveLower = interval.upper > lower || (interval.upper === lower && interval.upperInclusive);
  return belowUpper && aboveLower;
}

export function planInterval(interval: ValueInterval): BinPlan {
  const whole: number[] = [];
  const exact: PartialBin[] = [];
  for (let i = 0; i <= FINE_BOUNDS.length; i++) {
    const lower = fineLower(i);
    const upper = fineUpper(i);
    if (!intersects(interval, lower, upper)) continue;
    if (contains(interval, lower, upper)) whole.push(i);
    else {
      const lowerInside = interval.lower >= lower;
      const upperInside = interval.upper < upper;
      exact.push({
        bin: i,
        lower: lowerInside ? interval.lower : lower,
        lowerInclusive: lowerInside ? interval.lowerInclusive : true,
        upper: upperInside ? interval.upper : upper,
        upperInclusive: upperInside ? interval.upperInclusive : false,
      });
    }
  }
  // Whole fine bins form one run; replace the coarse bins it covers entirely by their coarse bin.
  const coarse: number[] = [];
  const fine: number[] = [];
  for (let c = 0; c <= COARSE_BOUNDS.length; c++) {
    const lower = c === 0 ? Number.NEGATIVE_INFINITY : (COARSE_BOUNDS[c - 1] as number);
    const upper = c >= COARSE_BOUNDS.length ? Number.POSITIVE_INFINITY : (COARSE_BOUNDS[c] as number);
    const members = whole.filter((i) => fineLower(i) >= lower && fineUpper(i) <= upper);
    const all = fineBinsWithin(lower, upper);
    if (members.length > 1 && members.length === all.length) coarse.push(c);
    else fine.push(...members);
  }
  return { coarse, fine, exact };
}

function fineBinsWithin(lower: number, upper: number): number[] {
  const out: number[] = [];
  for (let i = 0; i <= FINE_BOUNDS.length; i++) if (fineLower(i) >= lower && fineUpper(i) <= upper) out.push(i);
  return out;
}

/** Tags of the bin terms of a number field (`#<field>` in both stores' term dictionaries). */
export function coarseBinTag(bin: number): string {
  return `c${bin}`;
}
export function fineBinTag(bin: number): string {
  return `f${bin}`;
}

/** The values a number condition (`sugars_100g<5`) accepts. */
export function conditionInterval(condition: NumericCondition): ValueInterval {
  const v = condition.value;
  const inf = Number.POSITIVE_INFINITY;
  switch (condition.op) {
    case "lt":
      return { lower: -inf, lowerInclusive: true, upper: v, upperInclusive: false };
    case "lte":
      return { lower: -inf, lowerInclusive: true, upper: v, upperInclusive: true };
    case "gt":
      return { lower: v, lowerInclusive: false, upper: inf, upperInclusive: true };
    case "gte":
      return { lower: v, lowerInclusive: true, upper: inf, upperInclusive: true };
    case "eq":
      return { lower: v, lowerInclusive: true, upper: v, upperInclusive: true };
  }
}
