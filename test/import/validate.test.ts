/** Type checks of imported records: a key foodbase reads, with the wrong type, rejects the line. */
import { describe, expect, it } from "vitest";
import { wrongTypeReason } from "../../src/import/validate.js";

describe("wrongTypeReason", () => {
  it("accepts an OFF-shaped record, null standing for unknown, and keys it does not read", () => {
    expect(
      wrongTypeReason({
        code: "3017620422003",
        created_t: 1457680652,
        last_modified_t: null,
        lang: "fr",
        brands: "Ferrero",
        categories_tags: ["en:spreads"],
        product_name_fr: "Nutella",
        nutriments: { sugars_100g: "56,3", fat: 30.9, salt_unit: null },
        anything_else: { nested: [1, "x"] },
      }),
    ).toBeUndefined();
  });

  it("names the key, its type and the type expected", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ created_t: "2020-01-01" }, "wrong type: created_t is a string, expected a number"],
      [{ popularity_key: [3] }, "wrong type: popularity_key is an array, expected a number"],
      [{ lang: 5 }, "wrong type: lang is a number, expected a string"],
      [{ brands: ["Ferrero"] }, "wrong type: brands is an array, expected a string"],
      [{ quantity: { value: 400 } }, "wrong type: quantity is an object, expected a string"],
      [{ product_name_de: 12 }, "wrong type: product_name_de is a number, expected a string"],
      [
        { labels_tags: ["en:organic", 4] },
        "wrong type: labels_tags is an array with a non-string item, expected an array of strings",
      ],
      [{ nutriments: { fat: [1] } }, "wrong type: nutriments.fat is an array, expected a number or a string"],
    ];
    for (const [fields, reason] of cases) expect(wrongTypeReason({ code: "123", ...fields })).toBe(reason);
  });
});
