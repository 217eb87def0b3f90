/** Conformance: OFF's `preparse_ingredients_text` pairs (`ingredients_parsing.t`), compared lower-cased as OFF does. */
import { describe, expect, it } from "vitest";
import { preparseIngredientsText } from "../../../src/domain/ingredients/preparse.js";
import { loadIngredientWordData, wordsFor } from "../../../src/domain/ingredients/words.js";
import { expectCount, taxonomies } from "./helpers.js";
import { PREPARSE_CASES } from "./oracle/preparse.js";
import { PREPARSE_DIVERGENCES } from "./preparse-divergences.js";

const data = loadIngredientWordData();
const ingredients = taxonomies.ingredients;

function preparse(lc: string, text: string): string {
  if (ingredients === undefined) throw new Error("the shipped taxonomies have no ingredients taxonomy");
  return preparseIngredientsText(wordsFor(data, lc), text, {
    ingredients,
    additives_classes: taxonomies.additives_classes,
    allergens: taxonomies.allergens,
    labels: taxonomies.labels,
    vitamins: taxonomies.vitamins,
    additives: taxonomies.additives,
  });
}

const keyOf = (c: (typeof PREPARSE_CASES)[number]): string => `${c.lc} ${c.text}`;

describe("preparsed ingredient lists (OFF ingredients_parsing.t)", () => {
  for (const [i, c] of PREPARSE_CASES.entries()) {
    const divergence = PREPARSE_DIVERGENCES[keyOf(c)];
    const title = `${i}: ${c.lc} "${c.text.slice(0, 80)}"`;
    it(divergence === undefined ? title : `${title} (divergence: ${divergence.reason})`, () => {
      const preparsed = preparse(c.lc, c.text).toLowerCase();
      if (divergence === undefined) {
        expect(preparsed).toBe(c.expected.toLowerCase());
      } else {
        expect(preparsed).toBe(divergence.foodbase.toLowerCase());
        expect(preparsed).not.toBe(c.expected.toLowerCase());
      }
    });
  }

  it("pass count", () => {
    const divergent = PREPARSE_CASES.filter((c) => PREPARSE_DIVERGENCES[keyOf(c)] !== undefined);
    expectCount("preparse", PREPARSE_CASES.length, divergent.length);
  });
});
