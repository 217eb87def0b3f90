/**
 * Number helpers of NUTRITION.md §2.7.1, §2.8.1 and §1.7. Each rounding reproduces OFF's exact
 * arithmetic (including binary artefacts), because points change at threshold boundaries.
 */

/** R1 (2021): trunc(x × 10 + 0.5) / 10, evaluated in this order in IEEE double. */
export function roundHalfUp1(x: number): number {
  return Math.trunc(x * 10 + 0.5) / 10;
}

/** R2 (2021): trunc(x × 100 + 0.5) / 100. */
export function roundHalfUp2(x: number): number {
  return Math.trunc(x * 100 + 0.5) / 100;
}

/** D1 (2023): `Number(x.toFixed(1))`, used for the fruit percentage and the saturated-fat ratio. */
export function roundTo1Decimal(x: number): number {
  return Number(x.toFixed(1));
}

/** D2 (2023): display value of a component. */
export function roundTo2Decimals(x: number): number {
  return Number(x.toFixed(2));
}

/** §1.7: numbers that foodbase computes are stored with at most 15 significant digits, as OFF prints them. */
export function toStoredNumber(x: number): number {
  // Fast path: x is the double nearest to a decimal with at most 6 decimals and 15 significant digits,
  // which toPrecision(15) would give back unchanged (most stored values are like that).
  if (Math.abs(x) < 1e9 && Math.round(x * 1e6) / 1e6 === x) return x;
  return Number(x.toPrecision(15));
}

/** Same as {@link toStoredNumber} but keeps `undefined` as JSON `null`. */
export function storedOrNull(x: number | undefined): number | null {
  return x === undefined ? null : toStoredNumber(x);
}

/**
 * Number of thresholds the value exceeds: `value > t` (or `value ≥ t` when `inclusive`, used by the
 * saturated-fat ratio). Thresholds are ascending, so counting stops at the first one not passed.
 */
export function pointsFromThresholds(value: number, thresholds: readonly number[], inclusive = false): number {
  let points = 0;
  for (const threshold of thresholds) {
    if (inclusive ? value >= threshold : value > threshold) points++;
    else break;
  }
  return points;
}

/**
 * Reads a stored nutriment value as a number. Values are JSON numbers in foodbase, but imported
 * products sometimes carry numeric strings; anything else counts as undefined.
 */
export function numericValue(raw: unknown): number | undefined {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === "string" && raw.trim() !== "") {
    const n = Number(raw);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}
