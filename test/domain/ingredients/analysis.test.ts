/** Conformance: OFF's `ingredients_analysis.t` (vegan, vegetarian, palm oil). */
import { describe, expect, it } from "vitest";
import { analyze, type Divergence, expectCount, withText } from "./helpers.js";
import { ANALYSIS_CASES } from "./oracle/analysis.js";

/**
 * No case diverges since en:sugar and its family carry the vegan properties of OFF's newer ingredients taxonomy
 * (data/taxonomies/README.md, "Patches").
 */
const DIVERGENCES: Record<string, Divergence<string[] | undefined>> = {};

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
