import { describe, expect, it } from "vitest";
import { sortKeysDeep, sortKeysDeepShared } from "../../src/http/json.js";

describe("sortKeysDeepShared", () => {
  const product = {
    code: "3000000000017",
    nutrition: { aggregated_set: { per: "100g", nutrients: { sugars: { value: 5, unit: "g" } } } },
    ingredients: [
      { id: "en:sugar", text: "sugar" },
      { text: "salt", id: "en:salt" },
    ],
    brands_tags: ["b", "a"],
    _id: "3000000000017",
  };

  it("gives the JSON sortKeysDeep gives: keys sorted at every level, arrays in their order", () => {
    expect(JSON.stringify(sortKeysDeepShared(product))).toBe(JSON.stringify(sortKeysDeep(product)));
    expect(JSON.stringify(sortKeysDeepShared(product))).toBe(
      '{"_id":"3000000000017","brands_tags":["b","a"],"code":"3000000000017","ingredients":[{"id":"en:sugar","text":"sugar"},{"id":"en:salt","text":"salt"}],"nutrition":{"aggregated_set":{"nutrients":{"sugars":{"unit":"g","value":5}},"per":"100g"}}}',
    );
  });

  it("keeps what is already in order as it is, and changes nothing of its input", () => {
    const before = JSON.stringify(product);
    const sorted = sortKeysDeepShared(product) as typeof product;
    expect(JSON.stringify(product)).toBe(before);
    expect(sorted.brands_tags).toBe(product.brands_tags);
    expect(sorted.ingredients[0]).toBe(product.ingredients[0]);
    expect(sorted.ingredients[1]).not.toBe(product.ingredients[1]);
    const inOrder = sortKeysDeep(product);
    expect(sortKeysDeepShared(inOrder)).toBe(inOrder);
  });
});
