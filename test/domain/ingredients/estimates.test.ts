/** Conformance: OFF's `ingredients_nutriscore.t` (fruits/vegetables/nuts, milk and red-meat estimates). */
import { describe, expect, it } from "vitest";
import type { IngredientShareEstimates } from "../../../src/domain/ingredients/index.js";
import { analyze, closeTo, type Divergence, expectCount, OLDER_OFF_TAXONOMY, withText } from "./helpers.js";
import { type EstimateCase, FRUITS_CASES, MILK_CASES, RED_MEAT_CASES } from "./oracle/estimates.js";

const AREAS: [string, EstimateCase[], keyof IngredientShareEstimates][] = [
  ["fruits-vegetables-nuts", FRUITS_CASES, "fruitsVegetablesNuts"],
  ["milk", MILK_CASES, "milk"],
  ["red meat", RED_MEAT_CASES, "redMeat"],
];

const DIVERGENCES: Record<string, Divergence<number>> = {
  "fruits-vegetables-nuts Courgette grillée 37,5%, tomate pelée 20%, poivron jaune 17%, oignon rouge grillé 8%, eau, huile d'olive vierge extra 3,9%, oignon, olive noire entière dénoyautée saumurée 2,5% (olive, eau, sel, correcteurs d'acidité : acide citrique, acide lactique), ail, basilic 0,9%, amidon de riz, sel":
    {
      foodbase: 94.7,
      reason: `${OLDER_OFF_TAXONOMY}: en:herb (parent of basil) has nutriscore_fruits_vegetables_nuts:en:yes in the shipped taxonomy, so basil's 0.9% counts (OFF: 93.8, without basil)`,
    },
};

describe("estimates from ingredients (OFF ingredients_nutriscore.t)", () => {
  for (const [area, cases, key] of AREAS) {
    for (const c of cases) {
      const divergence = DIVERGENCES[`${area} ${c.text}`];
      const title = `${area}: "${c.text}" → ${c.expected}`;
      it(divergence === undefined ? title : `${title} (divergence: ${divergence.reason})`, () => {
        const value = analyze(withText("fr", c.text === "" ? undefined : c.text)).estimates[key];
        if (divergence === undefined) {
          expect(closeTo(value, c.expected), `${value} vs OFF ${c.expected}`).toBe(true);
        } else {
          expect(closeTo(value, divergence.foodbase), `${value}`).toBe(true);
        }
      });
    }
  }

  it("pass count", () => {
    const all = AREAS.flatMap(([area, cases]) => cases.map((c) => `${area} ${c.text}`));
    expectCount("estimates", all.length, all.filter((k) => DIVERGENCES[k] !== undefined).length);
  });
});
