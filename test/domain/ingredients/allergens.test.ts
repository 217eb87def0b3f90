/** Conformance: OFF's `allergens.t` (allergens_tags and traces_tags). */
import { describe, expect, it } from "vitest";
import { analyze, type Divergence, expectCount } from "./helpers.js";
import { ALLERGENS_CASES } from "./oracle/allergens.js";

const DIVERGENCES: Record<string, Divergence<{ allergens: string[]; traces: string[] }>> = {};

describe("allergens and traces (OFF allergens.t)", () => {
  for (const c of ALLERGENS_CASES) {
    const divergence = DIVERGENCES[c.name];
    it(divergence === undefined ? c.name : `${c.name} (divergence: ${divergence.reason})`, () => {
      const product: Record<string, unknown> = { lc: c.product.lc };
      if (c.product.text !== undefined) product[`ingredients_text_${c.product.lc}`] = c.product.text;
      if (c.product.allergens !== undefined) product.allergens = c.product.allergens;
      if (c.product.traces !== undefined) product.traces = c.product.traces;
      const { fields } = analyze(product);
      const outcome = { allergens: fields.allergens_tags, traces: fields.traces_tags };
      if (divergence === undefined) {
        expect(outcome).toEqual({ allergens: c.allergens, traces: c.traces });
      } else {
        expect(outcome).toEqual(divergence.foodbase);
        expect(outcome).not.toEqual({ allergens: c.allergens, traces: c.traces });
      }
    });
  }

  it("marks the allergens of the text (fr-ingredients-allergens' ingredients_text_with_allergens_fr)", () => {
    const { fields } = analyze({
      lc: "fr",
      ingredients_text_fr: "Farine (blé), graines [sésame], condiments (moutarde), sucre de canne, lait de coco",
    });
    expect(fields.ingredients_text_with_allergens_fr).toBe(
      'Farine (<span class="allergen">blé</span>), graines [<span class="allergen">sésame</span>], condiments (<span class="allergen">moutarde</span>), sucre de canne, lait de coco',
    );
  });

  it("pass count", () => {
    expectCount(
      "allergens",
      ALLERGENS_CASES.length,
      ALLERGENS_CASES.filter((c) => DIVERGENCES[c.name] !== undefined).length,
    );
  });
});
