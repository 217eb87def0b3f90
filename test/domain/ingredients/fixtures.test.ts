/**
 * Conformance: OFF's `ingredients.t` fixtures (expected_test_results/ingredients/*.json), on the fields foodbase
 * computes: the nested ingredients, tags, counts, vegan/vegetarian/palm-oil analysis and percent analysis.
 */
import { describe, expect, it } from "vitest";
import { FIXTURE_DIVERGENCES } from "./fixtures-divergences.js";
import { expectedFields, foodbaseFields } from "./fixtures-project.js";
import { expectCount } from "./helpers.js";
import { INGREDIENTS_FIXTURES } from "./oracle/fixtures.js";

describe("ingredients fixtures (OFF ingredients.t)", () => {
  for (const fixture of INGREDIENTS_FIXTURES) {
    const divergence = FIXTURE_DIVERGENCES[fixture.name];
    const title = `${fixture.name}: ${fixture.lc} "${fixture.text.slice(0, 60)}"`;
    it(divergence === undefined ? title : `${title} (divergence: ${divergence.reason})`, () => {
      const expected = expectedFields(fixture);
      const actual = foodbaseFields(fixture);
      if (divergence === undefined) {
        expect(actual).toEqual(expected);
        return;
      }
      // The differing fields hold foodbase's recorded values; every other field matches OFF's.
      for (const key of Object.keys(expected)) {
        if (key in divergence.foodbase) {
          expect(actual[key]).toEqual(divergence.foodbase[key]);
          expect(actual[key]).not.toEqual(expected[key]);
        } else {
          expect(actual[key]).toEqual(expected[key]);
        }
      }
    });
  }

  it("pass count", () => {
    const divergent = INGREDIENTS_FIXTURES.filter((f) => FIXTURE_DIVERGENCES[f.name] !== undefined);
    expectCount("ingredients fixtures", INGREDIENTS_FIXTURES.length, divergent.length);
  });
});
