/**
 * Category data of the Nutri-Score on the shipped taxonomy + supplement: rule ids (NUTRITION.md §2.3),
 * inherited HS properties (TAXONOMY.md §7.3) and the category flags (§2.4).
 */

import { describe, expect, it } from "vitest";
import {
  applyNutriScore,
  canonicalNutriScoreRules,
  DEFAULT_NUTRISCORE_CATEGORY_LISTS,
  inheritedFromCategories,
  unknownRuleIds,
} from "../../../src/domain/nutriscore/index.js";
import type { Product } from "../../../src/domain/product.js";
import type { Taxonomies } from "../../../src/domain/taxonomy/types.js";
import { delegatingTaxonomy, makeProduct, taxonomies } from "./helpers.js";

describe("§2.3 rule ids canonicalised against the shipped categories.txt", () => {
  it("synonyms resolve to their entries", () => {
    const rules = canonicalNutriScoreRules(taxonomies());
    expect(rules.notBeverages2021).toContain("en:meal-replacements");
    expect(rules.beverages2021).not.toContain("en:coffee-beverages");
    expect(rules.beverages2021.filter((id) => id === "en:coffee-drinks")).toHaveLength(2);
    const fruitIds = rules.fruitsVegetablesNuts2021.map((row) => row.id);
    expect(fruitIds.slice(7, 10)).toEqual(["en:rapeseed-oils", "en:rapeseed-oils", "en:rapeseed-oils"]);
    expect(fruitIds).toContain("en:vegetables-based-foods");
    expect(fruitIds).not.toContain("en:vegetables");
    expect(rules.fixed.flavouredWaters).toBe("en:flavored-waters");
  });

  it("only the documented ids stay unknown", () => {
    expect(unknownRuleIds(taxonomies()).sort()).toEqual([
      "en:beverage-preparations",
      "en:fruit-sauces",
      "en:plant-based-milk-alternatives",
    ]);
  });

  it("every other rule id is an entry", () => {
    const categories = taxonomies().categories;
    for (const id of ["fr:fromages-blancs", "en:cheeses", "en:spring-waters", "en:flavored-waters", "en:fats"]) {
      expect(categories.has(id), id).toBe(true);
    }
    for (const id of DEFAULT_NUTRISCORE_CATEGORY_LISTS.exempted) expect(categories.has(id), id).toBe(true);
  });

  it("is memoised per Taxonomies object: canonicalize runs once per id, not per product", () => {
    const real = taxonomies();
    let calls = 0;
    const counting = delegatingTaxonomy(real.categories, {
      canonicalize: (lc, text) => {
        calls++;
        return real.categories.canonicalize(lc, text);
      },
    });
    const wrapped: Taxonomies = { ...real, categories: counting };
    const rules = canonicalNutriScoreRules(wrapped);
    const afterFirst = calls;
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 20; i++) {
      applyNutriScore(makeProduct({ categories: "cookies", nutriments: { energy: 100 } }), {
        taxonomies: wrapped,
        headlineVersion: "2021",
      });
    }
    expect(calls).toBe(afterFirst);
    expect(canonicalNutriScoreRules(wrapped)).toBe(rules);
  });
});

describe("TAXONOMY.md §7.3 inheritedFromCategories (categories.txt + supplement)", () => {
  const categories = () => taxonomies().categories;
  const lookup = (text: string, key: string) =>
    inheritedFromCategories(makeProduct({ categories: text }), categories(), key);

  it("beef steaks → 02.01 from en:beef", () => {
    expect(makeProduct({ categories: "beef steaks" }).categories_tags).toEqual([
      "en:meats",
      "en:beef",
      "en:beef-steaks",
    ]);
    expect(lookup("beef steaks", "wco_hs_heading:en")).toEqual({ value: "02.01", from: "en:beef" });
  });

  it("roasted hazelnuts → heading 20.08 and code 2008.19 from en:roasted-nuts", () => {
    expect(lookup("roasted hazelnuts", "wco_hs_heading:en")).toEqual({ value: "20.08", from: "en:roasted-nuts" });
    expect(lookup("roasted hazelnuts", "wco_hs_code:en")).toEqual({ value: "2008.19", from: "en:roasted-nuts" });
  });

  it("salted peanuts → 12.02 from en:peanuts; cookies → none", () => {
    expect(lookup("salted peanuts", "wco_hs_heading:en")).toEqual({ value: "12.02", from: "en:peanuts" });
    expect(lookup("cookies", "wco_hs_heading:en")).toBeUndefined();
  });

  it("unknown tags yield none; the most specific tag is tried first", () => {
    const product: Product = { categories_tags: ["en:beef", "en:not-a-category"] };
    expect(inheritedFromCategories(product, categories(), "wco_hs_heading:en")).toEqual({
      value: "02.01",
      from: "en:beef",
    });
    expect(inheritedFromCategories({ categories_tags: ["xx:nothing"] }, categories(), "wco_hs_heading:en")).toBe(
      undefined,
    );
  });
});

type Data = Record<string, unknown>;

/** `nutriscore.<v>.data` (always present, computed or not) of a product with these categories. */
function dataOf(categories: string, lc = "en"): { "2021": Data; "2023": Data } {
  const result = applyNutriScore(makeProduct({ categories, lc }), {
    taxonomies: taxonomies(),
    headlineVersion: "2021",
  });
  const nutriscore = result.nutriscore as Record<string, { data: Data }>;
  return { "2021": nutriscore["2021"].data, "2023": nutriscore["2023"].data };
}

describe("§2.4 flags", () => {
  it.each([
    ["beef steaks", 1],
    ["veal stock", 1],
    ["cookies", 0],
    ["salted peanuts", 0],
  ])("%s → is_red_meat_product %s", (categories, flag) => {
    expect(dataOf(categories)["2023"].is_red_meat_product).toBe(flag);
  });

  it.each([
    ["salted peanuts", 1],
    ["almond butters", 1],
    ["roasted hazelnuts", 1],
    ["chestnuts", 0],
    ["olive oil", 1],
    ["cookies", 0],
    ["beef steaks", 0],
  ])("%s → is_fat_oil_nuts_seeds %s", (categories, flag) => {
    expect(dataOf(categories)["2023"].is_fat_oil_nuts_seeds).toBe(flag);
  });

  it("en:seeds also holds cereal grains and legume seeds: fats, oils, nuts and seeds in 2023 (parity)", () => {
    expect(dataOf("cereal grains")["2023"].is_fat_oil_nuts_seeds).toBe(1);
    expect(dataOf("legume seeds")["2023"].is_fat_oil_nuts_seeds).toBe(1);
  });

  it("is_fat (2021) for vegetable oils and butters", () => {
    expect(dataOf("olive oil")["2021"].is_fat).toBe(1);
    expect(dataOf("butters")["2021"].is_fat).toBe(1);
    expect(dataOf("cookies")["2021"].is_fat).toBe(0);
  });

  it("milk: food in 2021, beverage in 2023; dairy drinks are beverages in both", () => {
    expect(dataOf("milk")["2021"].is_beverage).toBe(0);
    expect(dataOf("milk")["2023"].is_beverage).toBe(1);
    expect(dataOf("dairy drinks")["2021"].is_beverage).toBe(1);
    expect(dataOf("dairy drinks")["2023"].is_beverage).toBe(1);
  });

  it("plant milks: food in 2021, beverage in 2023", () => {
    const data = dataOf("boissons végétales de soja", "fr");
    expect(data["2021"].is_beverage).toBe(0);
    expect(data["2023"].is_beverage).toBe(1);
  });

  it("soups are not beverages; teas are beverages in both versions", () => {
    expect(dataOf("soups")["2021"].is_beverage).toBe(0);
    expect(dataOf("soups")["2023"].is_beverage).toBe(0);
    expect(dataOf("iced teas")["2021"].is_beverage).toBe(1);
    expect(dataOf("iced teas")["2023"].is_beverage).toBe(1);
  });

  it("is_water: spring and mineral waters, not flavoured waters, not plain en:waters", () => {
    expect(dataOf("mineral water")["2021"].is_water).toBe(1);
    expect(dataOf("spring water")["2023"].is_water).toBe(1);
    expect(dataOf("flavoured spring water")["2021"].is_water).toBe(0);
    expect(dataOf("waters")["2021"].is_water).toBe(0);
  });

  it("is_cheese for cheeses, not for fromages blancs", () => {
    expect(dataOf("cheeses")["2021"].is_cheese).toBe(1);
    expect(dataOf("Käse", "de")["2023"].is_cheese).toBe(1);
    expect(dataOf("fromages blancs", "fr")["2021"].is_cheese).toBe(0);
  });

  it("nutrition_score_beverage is the 2021 beverage flag", () => {
    const result = applyNutriScore(makeProduct({ categories: "milk" }), {
      taxonomies: taxonomies(),
      headlineVersion: "2023",
    });
    expect(result.nutrition_score_beverage).toBe(0);
  });
});

/**
 * The shipped taxonomy lacks `nutriscore_category_override_for_fruits_vegetables_legumes:en` (§2.3), so
 * step 1 of §2.6 cannot fire with it. To check that the rule works "as soon as a newer taxonomy or a
 * supplement provides the property", the real taxonomy is wrapped with that single property added on
 * `en:olive-oils`, as a supplement file would add it; everything else is the shipped data.
 */
describe("§2.6 category override property (simulated supplement)", () => {
  const OVERRIDE = "nutriscore_category_override_for_fruits_vegetables_legumes:en";

  function withOliveOilOverride(): Taxonomies {
    const real = taxonomies();
    const categories = delegatingTaxonomy(real.categories, {
      inheritedProperty: (id, key) => {
        if (key === OVERRIDE && (id === "en:olive-oils" || real.categories.ancestors(id).includes("en:olive-oils"))) {
          return { value: "100", from: "en:olive-oils" };
        }
        return real.categories.inheritedProperty(id, key);
      },
    });
    return { ...real, categories };
  }

  const oliveOil = () =>
    makeProduct({
      categories: "olive oil",
      nutriments: {
        energy: 3367,
        fat: 91,
        "saturated-fat": 17,
        sugars: 0,
        fiber: 0,
        salt: 0,
        sodium: 0,
        proteins: 0,
      },
    });

  it("gives en-olive-oil--2023 its OFF result (score 2, grade b) and the from-category tags, no summary", () => {
    const result = applyNutriScore(oliveOil(), { taxonomies: withOliveOilOverride(), headlineVersion: "2023" });
    expect(result).toMatchObject({ nutriscore_score: 2, nutriscore_grade: "b" });
    expect(result.nutriscore).toMatchObject({ "2021": { score: 7, grade: "c" } });
    const tags = result.misc_tags as string[];
    expect(tags.filter((t) => t.startsWith("en:nutrition-"))).toEqual([
      "en:nutrition-fruits-vegetables-nuts-from-category",
      "en:nutrition-fruits-vegetables-nuts-from-category-en-olive-oils",
      "en:nutrition-fruits-vegetables-legumes-from-category",
      "en:nutrition-fruits-vegetables-legumes-from-category-en-olive-oils",
    ]);
  });

  it("without the property (shipped data) the 2023 fruit share of olive oil is undefined", () => {
    const result = applyNutriScore(oliveOil(), { taxonomies: taxonomies(), headlineVersion: "2023" });
    expect(result).toMatchObject({ nutriscore_score: 7, nutriscore_grade: "c" });
  });
});
