/** Conformance: OFF's `ingredients_tags.t` (`ingredients_original_tags`). */
import { describe, expect, it } from "vitest";
import { analyze, type Divergence, expectCount, NEWER_OFF_TAXONOMY, OLDER_OFF_TAXONOMY, withText } from "./helpers.js";
import { INGREDIENTS_TAGS_CASES } from "./oracle/ingredients-tags.js";

const DIVERGENCES: Record<string, Divergence<string[]>> = {
  "Lait de vache pasteurisé (origine: France), crème pasteurisée (origine France), sel (origine UE), ferments.": {
    foodbase: ["en:cow-s-milk", "en:cream", "en:salt", "en:ferment"],
    reason: `${OLDER_OFF_TAXONOMY.replace("older", "different")}: the shipped ingredients taxonomy has no en:pasteurised-cow-s-milk entry, so "pasteurisé" is removed as a processing word`,
  },
  "Farbstoffe (Betenrot, Paprikaextrakt, Kurkumin)": {
    foodbase: ["en:colour", "en:e162", "en:paprika-extract", "en:e100"],
    reason: `${OLDER_OFF_TAXONOMY}: the shipped ingredients.txt names de:Paprikaextrakt as en:paprika-extract, not the additive en:e160c`,
  },
  "huile de palme RSPO": {
    foodbase: [],
    reason: `${NEWER_OFF_TAXONOMY}: the shipped 2022 labels taxonomy has no ingredients:en property on the RSPO label, so the whole fragment is read as a label (added to labels_tags) and no ingredient`,
  },
};

describe("ingredients_original_tags (OFF ingredients_tags.t)", () => {
  for (const [i, c] of INGREDIENTS_TAGS_CASES.entries()) {
    const divergence = DIVERGENCES[c.text];
    const title = `${i}: ${c.lc} "${c.text}"`;
    it(divergence === undefined ? title : `${title} (divergence: ${divergence.reason})`, () => {
      const tags = analyze(withText(c.lc, c.text)).fields.ingredients_original_tags;
      if (divergence === undefined) {
        expect(tags).toEqual(c.expected);
      } else {
        expect(tags).toEqual(divergence.foodbase);
        expect(tags).not.toEqual(c.expected);
      }
    });
  }

  it("pass count", () => {
    const divergent = INGREDIENTS_TAGS_CASES.filter((c) => DIVERGENCES[c.text] !== undefined);
    expectCount("ingredients_tags", INGREDIENTS_TAGS_CASES.length, divergent.length);
  });
});
