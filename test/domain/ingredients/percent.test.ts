/** Conformance: OFF's `ingredients_percent.t` and its expected trees (percent_min, percent_max, percent_estimate). */
import { describe, expect, it } from "vitest";
import type { ParsedIngredient } from "../../../src/domain/ingredients/index.js";
import { analyze, closeTo, expectCount, withText } from "./helpers.js";
import { PERCENT_CASES, type PercentNode } from "./oracle/percent.js";

function toNodes(list: ParsedIngredient[]): PercentNode[] {
  return list.map((x) => ({
    id: x.id,
    estimate: x.percent_estimate as number,
    ...(x.percent_min === undefined ? {} : { min: x.percent_min }),
    ...(x.percent_max === undefined ? {} : { max: x.percent_max }),
    ...(x.percent === undefined ? {} : { percent: x.percent }),
    ...(x.ingredients === undefined ? {} : { sub: toNodes(x.ingredients) }),
  }));
}

/** Same ids and structure; numbers equal up to OFF's 15 printed digits. */
function expectSameTree(actual: PercentNode[], expected: PercentNode[]): void {
  expect(actual.map((x) => x.id)).toEqual(expected.map((x) => x.id));
  for (const [i, e] of expected.entries()) {
    const a = actual[i] as PercentNode;
    for (const key of ["estimate", "min", "max", "percent"] as const) {
      expect(closeTo(a[key], e[key]), `${e.id} ${key}: ${a[key]} vs OFF ${e[key]}`).toBe(true);
    }
    expectSameTree(a.sub ?? [], e.sub ?? []);
  }
}

describe("percent estimation (OFF ingredients_percent.t)", () => {
  for (const c of PERCENT_CASES) {
    it(`${c.name} (${c.lc}: ${c.text})`, () => {
      const fields = analyze(withText(c.lc, c.text)).fields;
      expectSameTree(toNodes(fields.ingredients as ParsedIngredient[]), c.expected);
    });
  }

  it("pass count", () => {
    expectCount("percent", PERCENT_CASES.length, 0);
  });
});
