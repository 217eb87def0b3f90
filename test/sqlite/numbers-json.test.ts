/** `search_products.numbers` (the values a product was indexed with, diffed by the next write). */
import { describe, expect, it } from "vitest";
import { numbersJson } from "../../src/store/sqlite/search-index.js";

describe("numbersJson", () => {
  it("writes what JSON.stringify writes for the same object (integer keys ascending)", () => {
    const cases: Array<Array<[number, number]>> = [
      [],
      [[7, 1.5]],
      [
        [120, 0],
        [3, -0],
        [45, 1e-7],
        [1_000_000, 123456789.125],
        [9, -4.2],
        [44, 1e21],
      ],
    ];
    for (const pairs of cases) {
      const asObject: Record<number, number> = {};
      for (const [term, value] of pairs) asObject[term] = value;
      const written = numbersJson(new Map(pairs));
      expect(written).toBe(JSON.stringify(asObject));
      expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(asObject)));
    }
  });
});
