/** Conformance: OFF's `additives_tags.t` (`additives_original_tags`). */
import { describe, expect, it } from "vitest";
import { analyze, type Divergence, expectCount, withText } from "./helpers.js";
import { ADDITIVES_CASES } from "./oracle/additives.js";

/** No case diverges since the French chemical salts are developed (chemical-salts.ts). */
const DIVERGENCES: Record<string, Divergence<string[]>> = {};

describe("additives_original_tags (OFF additives_tags.t)", () => {
  for (const [i, c] of ADDITIVES_CASES.entries()) {
    const divergence = DIVERGENCES[c.text];
    const title = `${i}: ${c.lc} "${c.text.slice(0, 80)}"`;
    it(divergence === undefined ? title : `${title} (divergence: ${divergence.reason})`, () => {
      const tags = analyze(withText(c.lc, c.text)).fields.additives_original_tags;
      if (divergence === undefined) {
        expect(tags).toEqual(c.expected);
      } else {
        expect(tags).toEqual(divergence.foodbase);
        expect(tags).not.toEqual(c.expected);
      }
    });
  }

  it("pass count", () => {
    const divergent = ADDITIVES_CASES.filter((c) => DIVERGENCES[c.text] !== undefined);
    expectCount("additives", ADDITIVES_CASES.length, divergent.length);
  });
});
