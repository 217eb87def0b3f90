/** Conformance: OFF's `ingredients_analysis.t` (vegan, vegetarian, palm oil). */
import { describe, expect, it } from "vitest";
import { analyze, type Divergence, expectCount, OLDER_OFF_TAXONOMY, withText } from "./helpers.js";
import { ANALYSIS_CASES } from "./oracle/analysis.js";

const SUGAR_MAYBE_VEGAN = `${OLDER_OFF_TAXONOMY.replace("older", "newer")}: OFF's test sets en:sugar vegan:maybe (bone char, 2025-26); the shipped ingredients taxonomy still has en:sugar vegan:yes`;

const DIVERGENCES: Record<string, Divergence<string[] | undefined>> = {
  "eau, sucre, noisettes": {
    foodbase: ["en:palm-oil-free", "en:vegan", "en:vegetarian"],
    reason: SUGAR_MAYBE_VEGAN,
  },
  "sucre, colorant: e150": {
    foodbase: ["en:palm-oil-free", "en:vegan", "en:vegetarian"],
    reason: SUGAR_MAYBE_VEGAN,
  },
};

describe("ingredients_analysis_tags (OFF ingredients_analysis.t)", () => {
  for (const [i, c] of ANALYSIS_CASES.entries()) {
    const key = c.product.ingredients_text ?? "";
    const divergence = DIVERGENCES[key];
    const title = `${i}: ${c.product.lc} "${key}" ${c.product.labels_tags?.join(",") ?? ""}`;
    it(divergence === undefined ? title : `${title} (divergence: ${divergence.reason})`, () => {
      const product = withText(c.product.lc, c.product.ingredients_text, { labels_tags: c.product.labels_tags ?? [] });
      const tags = analyze(product).fields.ingredients_analysis_tags;
      if (divergence === undefined) {
        expect(tags).toEqual(c.expected);
      } else {
        expect(tags).toEqual(divergence.foodbase);
        expect(tags).not.toEqual(c.expected);
      }
    });
  }

  it("pass count", () => {
    const divergent = ANALYSIS_CASES.filter((c) => DIVERGENCES[c.product.ingredients_text ?? ""] !== undefined);
    expectCount("analysis", ANALYSIS_CASES.length, divergent.length);
  });
});
