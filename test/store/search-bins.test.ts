/** Value bins of number conditions: a plan must select exactly the values the condition selects. */
import { describe, expect, it } from "vitest";
import { binOf, COARSE_BOUNDS, FINE_BOUNDS, planInterval, type ValueInterval } from "../../src/store/search-bins.js";

function inInterval(v: number, i: ValueInterval): boolean {
  const lowerOk = i.lowerInclusive ? v >= i.lower : v > i.lower;
  const upperOk = i.upperInclusive ? v <= i.upper : v < i.upper;
  return lowerOk && upperOk;
}

function selected(v: number, interval: ValueInterval): boolean {
  const plan = planInterval(interval);
  return (
    plan.coarse.includes(binOf(COARSE_BOUNDS, v)) ||
    plan.fine.includes(binOf(FINE_BOUNDS, v)) ||
    plan.exact.some((e) => inInterval(v, e))
  );
}

const inf = Number.POSITIVE_INFINITY;
const conditions: Array<[string, (t: number) => ValueInterval]> = [
  ["<", (t) => ({ lower: -inf, lowerInclusive: true, upper: t, upperInclusive: false })],
  ["<=", (t) => ({ lower: -inf, lowerInclusive: true, upper: t, upperInclusive: true })],
  [">", (t) => ({ lower: t, lowerInclusive: false, upper: inf, upperInclusive: true })],
  [">=", (t) => ({ lower: t, lowerInclusive: true, upper: inf, upperInclusive: true })],
  ["=", (t) => ({ lower: t, lowerInclusive: true, upper: t, upperInclusive: true })],
];

describe("number bins", () => {
  it("every fine bound is a coarse or fine boundary, coarse bounds are fine bounds", () => {
    for (const c of COARSE_BOUNDS) expect(FINE_BOUNDS).toContain(c);
    expect([...FINE_BOUNDS].sort((a, b) => a - b)).toEqual(FINE_BOUNDS);
  });
  it("bin of a value", () => {
    expect(binOf(FINE_BOUNDS, -1)).toBe(0);
    expect(binOf(FINE_BOUNDS, 0)).toBe(1);
    expect(binOf(FINE_BOUNDS, 0.005)).toBe(1);
    expect(binOf(FINE_BOUNDS, 0.01)).toBe(2);
    expect(binOf(FINE_BOUNDS, 1e9)).toBe(FINE_BOUNDS.length);
  });
  const values = [
    -5, -0.001, 0, 0.004, 0.01, 0.1, 0.3, 0.33, 0.5, 1, 1.5, 4.99, 5, 5.01, 22.5, 22.6, 100, 999, 1e4, 1e6,
  ];
  const thresholds = [-1, 0, 0.01, 0.3, 0.333, 1.5, 4.37, 5, 22.5, 99.9, 100, 5000, 1e7];
  for (const [op, make] of conditions) {
    it(`${op}: the plan selects exactly the values the condition does`, () => {
      for (const t of thresholds) {
        const interval = make(t);
        for (const v of values) expect([op, t, v, selected(v, interval)]).toEqual([op, t, v, inInterval(v, interval)]);
      }
    });
  }
  it("round bounds need no exact read; whole coarse bins are used", () => {
    const plan = planInterval({ lower: -inf, lowerInclusive: true, upper: 5, upperInclusive: false });
    expect(plan.exact).toEqual([]);
    expect(plan.coarse.length).toBeGreaterThan(3);
    expect(planInterval({ lower: -inf, lowerInclusive: true, upper: 4.37, upperInclusive: false }).exact).toEqual([
      // Fine bin 23 is [4, 4.5): its values are read one by one.
      { bin: 23, lower: 4, lowerInclusive: true, upper: 4.37, upperInclusive: false },
    ]);
    expect(binOf(FINE_BOUNDS, 4)).toBe(23);
  });
});
