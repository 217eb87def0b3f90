/** Conformance: OFF's `nova.t`. */
import { describe, expect, it } from "vitest";
import { analyze, type Divergence, expectCount, withText } from "./helpers.js";
import { NOVA_CASES } from "./oracle/nova.js";

/** No case diverges since the NOVA markers of OFF's newer Config_off.pm (categories/en:starches → 2) ship. */
const DIVERGENCES: Record<string, Divergence<number | undefined>> = {};

const keyOf = (c: (typeof NOVA_CASES)[number]) =>
  `${c.product.lc} ${c.product.text ?? ""} ${(c.product.categories_tags ?? []).join(",")}`;

describe("nova_group (OFF nova.t)", () => {
  for (const [i, c] of NOVA_CASES.entries()) {
    const divergence = DIVERGENCES[keyOf(c)];
    const title = `${i}: ${keyOf(c)} → ${c.expected}`;
    it(divergence === undefined ? title : `${title} (divergence: ${divergence.reason})`, () => {
      // OFF's harness: categories_tags as given, `categories = "some category"`.
      const product = withText(c.product.lc, c.product.text, {
        categories: "some category",
        categories_tags: c.product.categories_tags ?? [],
      });
      const group = analyze(product).fields.nova_group;
      if (divergence === undefined) {
        expect(group).toBe(c.expected);
      } else {
        expect(group).toBe(divergence.foodbase);
        expect(group).not.toBe(c.expected);
      }
    });
  }

  it("pass count", () => {
    const divergent = NOVA_CASES.filter((c) => DIVERGENCES[keyOf(c)] !== undefined);
    expectCount("NOVA", NOVA_CASES.length, divergent.length);
  });
});
