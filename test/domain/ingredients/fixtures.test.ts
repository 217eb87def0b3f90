/**
 * Conformance: OFF's `ingredients.t` fixtures (expected_test_results/ingredients/*.json), on the fields foodbase
 * computes: the nested ingredients, tags, counts, vegan/vegetarian/palm-oil analysis and percent analysis.
 */
import { describe, expect, it } from "vitest";
import { FIXTURE_DIVERGENCES as DIVERGENCES_FIRST } from "./fixtures-divergences.js";
import { FIXTURE_DIVERGENCES_EN } from "./fixtures-divergences-en.js";
import { FIXTURE_DIVERGENCES_FR_DE_ES_IT } from "./fixtures-divergences-fr-de-es-it.js";
import { expectedFields, foodbaseFields } from "./fixtures-project.js";
import { expectCount } from "./helpers.js";
import { INGREDIENTS_FIXTURES as FIRST_FIXTURES } from "./oracle/fixtures.js";
import { INGREDIENTS_FIXTURES_EN } from "./oracle/fixtures-en.js";
import { INGREDIENTS_FIXTURES_FR_DE_ES_IT } from "./oracle/fixtures-fr-de-es-it.js";

const INGREDIENTS_FIXTURES = [...FIRST_FIXTURES, ...INGREDIENTS_FIXTURES_EN, ...INGREDIENTS_FIXTURES_FR_DE_ES_IT];
const FIXTURE_DIVERGENCES = { ...DIVERGENCES_FIRST, ...FIXTURE_DIVERGENCES_EN, ...FIXTURE_DIVERGENCES_FR_DE_ES_IT };

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

  it("names each case once", () => {
    const names = INGREDIENTS_FIXTURES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of Object.keys(FIXTURE_DIVERGENCES)) expect(names).toContain(name);
  });

  it("pass count", () => {
    const divergent = INGREDIENTS_FIXTURES.filter((f) => FIXTURE_DIVERGENCES[f.name] !== undefined);
    expectCount("ingredients fixtures", INGREDIENTS_FIXTURES.length, divergent.length);
  });
});
