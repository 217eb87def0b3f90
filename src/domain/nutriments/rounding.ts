/**
 * Decimal rounding of stored numbers (NUTRITION.md §1.6 R3 and §1.7 number format).
 *
 * OFF formats numbers with C `printf`, which rounds the exact binary value of a double and breaks
 * exact ties to even. `Number.prototype.toPrecision` rounds exact ties up instead (1.125 → "1.13"),
 * so the rounding is done here on the exact decimal expansion of the double.
 */

/** Exact decimal expansion of a finite positive double: `digits × 10^-scale`, `digits` without leading zeros. */
function exactDecimal(positive: number): { digits: string; scale: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, positive);
  const bits = view.getBigUint64(0);
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  // value = mantissa × 2^binaryExponent, exactly.
  const mantissa = exponentBits === 0 ? fraction : fraction | (1n << 52n);
  const binaryExponent = exponentBits === 0 ? -1074 : exponentBits - 1075;
  if (binaryExponent >= 0) {
    return { digits: (mantissa << BigInt(binaryExponent)).toString(), scale: 0 };
  }
  // m / 2^k = m × 5^k / 10^k
  const scale = -binaryExponent;
  return { digits: (mantissa * 5n ** BigInt(scale)).toString(), scale };
}

/**
 * Rounds `x` to `significantDigits` significant digits like C `printf("%.{n-1}e")`: correct rounding of
 * the exact binary value, exact ties to even. Returns a number (`0.01004` → `0.01` for 3 digits).
 */
export function roundSignificant(x: number, significantDigits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const sign = x < 0 ? -1 : 1;
  const { digits, scale } = exactDecimal(Math.abs(x));
  if (digits.length <= significantDigits) return x;
  let kept = digits.slice(0, significantDigits);
  const rest = digits.slice(significantDigits);
  const firstDropped = rest.charCodeAt(0) - 48;
  const restIsExactHalf = firstDropped === 5 && /^0*$/.test(rest.slice(1));
  const lastKeptIsOdd = (kept.charCodeAt(kept.length - 1) - 48) % 2 === 1;
  const roundUp = firstDropped > 5 || (firstDropped === 5 && (!restIsExactHalf || lastKeptIsOdd));
  if (roundUp) kept = (BigInt(kept) + 1n).toString();
  // The kept digits stand for kept × 10^(position of the last kept digit).
  const lastKeptExponent = digits.length - significantDigits - scale;
  return sign * Number(`${kept}e${lastKeptExponent}`);
}

/** Storage format of every computed number: at most 15 significant digits (50.2 / 2.5 → 20.08). */
export function roundStored(x: number): number {
  return roundSignificant(x, 15);
}

/** Derived `_100g` / `_serving` values: 3 significant digits (0.004016 → 0.00402). */
export function roundDerived(x: number): number {
  return roundSignificant(x, 3);
}
