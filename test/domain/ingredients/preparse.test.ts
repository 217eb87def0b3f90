/**
 * Conformance: OFF's `preparse_ingredients_text` cases (`ingredients_preparsing.t` and its expected JSON files), compared
 * exactly as OFF's `compare_to_expected_results` does.
 */
import { describe, expect, it } from "vitest";
import { preparseIngredientsText } from "../../../src/domain/ingredients/preparse.js";
import { wordsFor } from "../../../src/domain/ingredients/words.js";
import { readIngredientWordData } from "../../../src/storage/ingredient-words.js";
import { expectCount, taxonomies } from "./helpers.js";
import { PREPARSE_CASES } from "./oracle/preparse.js";
import { PREPARSE_DIVERGENCES } from "./preparse-divergences.js";

const data = readIngredientWordData();
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

describe("preparsed ingredient lists (OFF ingredients_preparsing.t)", () => {
  for (const [i, c] of PREPARSE_CASES.entries()) {
    const divergence = PREPARSE_DIVERGENCES[keyOf(c)];
    const title = `${i}: ${c.lc} "${c.text.slice(0, 80)}"`;
    it(divergence === undefined ? title : `${title} (divergence: ${divergence.reason})`, () => {
      const preparsed = preparse(c.lc, c.text);
      if (divergence === undefined) {
        expect(preparsed).toBe(c.expected);
      } else {
        expect(preparsed).toBe(divergence.foodbase);
        expect(preparsed).not.toBe(c.expected);
      }
    });
  }

  it("pass count", () => {
    const divergent = PREPARSE_CASES.filter((c) => PREPARSE_DIVERGENCES[keyOf(c)] !== undefined);
    expectCount("preparse", PREPARSE_CASES.length, divergent.length);
  });
});
