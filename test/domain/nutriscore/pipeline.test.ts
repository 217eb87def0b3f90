/** applyNutriScore end to end on the shipped taxonomy: NUTRITION.md §2.1, §2.9, §2.10. */

import { describe, expect, it } from "vitest";
import { applyNutriScore, type NutriScoreVersion } from "../../../src/domain/nutriscore/index.js";
import type { Product } from "../../../src/domain/product.js";
import { makeProduct, taxonomies } from "./helpers.js";

const apply = (product: Product, headlineVersion: NutriScoreVersion = "2021") =>
  applyNutriScore(product, { taxonomies: taxonomies(), headlineVersion });

const ECOSCORE_AND_SCANS = [
  "en:ecoscore-extended-data-not-computed",
  "en:ecoscore-not-computed",
  "en:main-countries-new-product",
];

/** §2.9.1: `categories=orange juices`, energy 182 kJ, fat 0, sat 0, sugars 8.9, salt 0.5, fiber 0.5, proteins 0.2. */
const orangeJuice = () =>
  makeProduct({
    categories: "orange juices",
    nutriments: {
      energy: 182,
      fat: 0,
      "saturated-fat": 0,
      sugars: 8.9,
      salt: 0.5,
      sodium: 0.2,
      fiber: 0.5,
      proteins: 0.2,
    },
  });

const ORANGE_JUICE_DATA_2021 = {
  energy: 182,
  energy_points: 7,
  energy_value: 182,
  fiber: 0.5,
  fiber_points: 0,
  fiber_value: 0.5,
  fruits_vegetables_nuts_colza_walnut_olive_oils: 100,
  fruits_vegetables_nuts_colza_walnut_olive_oils_points: 10,
  fruits_vegetables_nuts_colza_walnut_olive_oils_value: 100,
  is_beverage: 1,
  is_cheese: 0,
  is_fat: 0,
  is_water: 0,
  negative_points: 15,
  positive_points: 10,
  proteins: 0.2,
  proteins_points: 0,
  proteins_value: 0.2,
  saturated_fat: 0,
  saturated_fat_points: 0,
  saturated_fat_value: 0,
  sodium: 200,
  sodium_points: 2,
  sodium_value: 200,
  sugars: 8.9,
  sugars_points: 6,
  sugars_value: 8.9,
};

const ORANGE_JUICE_DATA_2023 = {
  components: {
    negative: [
      { id: "energy", points: 3, points_max: 10, unit: "kJ", value: 182 },
      { id: "sugars", points: 7, points_max: 10, unit: "g", value: 8.9 },
      { id: "saturated_fat", points: 0, points_max: 10, unit: "g", value: 0 },
      { id: "salt", points: 2, points_max: 20, unit: "g", value: 0.5 },
      { id: "non_nutritive_sweeteners", points: 0, points_max: 4, unit: "number", value: null },
    ],
    positive: [
      { id: "proteins", points: 0, points_max: 7, unit: "g", value: 0.2 },
      { id: "fiber", points: 0, points_max: 5, unit: "g", value: 0.5 },
      { id: "fruits_vegetables_legumes", points: 6, points_max: 6, unit: "%", value: 100 },
    ],
  },
  count_proteins: 1,
  count_proteins_reason: "beverage",
  is_beverage: 1,
  is_cheese: 0,
  is_fat_oil_nuts_seeds: 0,
  is_red_meat_product: 0,
  is_water: 0,
  negative_points: 12,
  negative_points_max: 54,
  positive_nutrients: ["proteins", "fiber", "fruits_vegetables_legumes"],
  positive_points: 6,
  positive_points_max: 18,
};

describe("§2.9.1 full example (orange juice), both shapes", () => {
  it("headline 2021: flat nutriscore_data and companion fields", () => {
    const result = apply(orangeJuice(), "2021");
    expect(result.nutriscore_data).toEqual({ ...ORANGE_JUICE_DATA_2021, grade: "c", score: 5 });
    expect(result).toMatchObject({
      nutriscore_version: "2021",
      nutriscore_grade: "c",
      nutrition_grades: "c",
      nutrition_grade_fr: "c",
      nutriscore_score: 5,
      nutriscore_score_opposite: -5,
      nutrition_grades_tags: ["c"],
      nutriscore_tags: ["c"],
      nutriscore_2021_tags: ["c"],
      nutriscore_2023_tags: ["c"],
      nutrition_score_beverage: 1,
    });
    expect(result.nutriments).toMatchObject({ "nutrition-score-fr": 5, "nutrition-score-fr_100g": 5 });
  });

  it("headline 2023: components nutriscore_data", () => {
    const result = apply(orangeJuice(), "2023");
    expect(result.nutriscore_data).toEqual({ ...ORANGE_JUICE_DATA_2023, grade: "c", score: 6 });
    expect(result).toMatchObject({
      nutriscore_version: "2023",
      nutriscore_grade: "c",
      nutrition_grades: "c",
      nutriscore_score: 6,
      nutrition_grades_tags: ["c"],
      nutriscore_2021_tags: ["c"],
      nutriscore_2023_tags: ["c"],
      nutrition_score_beverage: 1,
    });
    expect(result.nutriments).toMatchObject({ "nutrition-score-fr": 6, "nutrition-score-fr_100g": 6 });
  });

  it("nutriscore.2021 and nutriscore.2023 (same for both headline settings)", () => {
    for (const headline of ["2021", "2023"] as const) {
      const result = apply(orangeJuice(), headline);
      expect(result.nutriscore).toEqual({
        "2021": {
          category_available: 1,
          nutriscore_applicable: 1,
          nutrients_available: 1,
          nutriscore_computed: 1,
          preparation: "as_sold",
          data: ORANGE_JUICE_DATA_2021,
          grade: "c",
          score: 5,
        },
        "2023": {
          category_available: 1,
          nutriscore_applicable: 1,
          nutrients_available: 1,
          nutriscore_computed: 1,
          preparation: "as_sold",
          data: ORANGE_JUICE_DATA_2023,
          grade: "c",
          score: 6,
        },
      });
    }
  });

  it("misc_tags", () => {
    expect(apply(orangeJuice()).misc_tags).toEqual([
      "en:nutriscore-computed",
      "en:nutrition-fruits-vegetables-nuts-from-category",
      "en:nutrition-fruits-vegetables-nuts-from-category-en-fruit-juices",
      "en:nutrition-all-nutriscore-values-known",
      "en:nutrition-fruits-vegetables-legumes-from-category",
      "en:nutrition-fruits-vegetables-legumes-from-category-en-fruit-juices",
      "en:nutriscore-2021-same-as-2023",
      "en:nutriscore-2021-c-2023-c",
      ...ECOSCORE_AND_SCANS,
    ]);
  });

  it("nutriscore_data is a copy: changing it does not change nutriscore.<v>.data", () => {
    const result = apply(orangeJuice(), "2023");
    (result.nutriscore_data as { components: { negative: { points: number }[] } }).components.negative[0].points = 99;
    const stored = result.nutriscore as Record<string, { data: typeof ORANGE_JUICE_DATA_2023 }>;
    expect(stored["2023"].data.components.negative[0].points).toBe(3);
  });
});

describe("§2.9 fat example (olive oil, 2021)", () => {
  it("ratio 15.2173913043478 → 15.2 → 1 point; fat and saturated fat raw only; fruit 100 → 5; score 6 c", () => {
    const product = makeProduct({
      categories: "olive oils",
      nutriments: {
        energy: 3460,
        fat: 92,
        "saturated-fat": 14,
        sugars: 0,
        salt: 0,
        sodium: 0,
        fiber: 0,
        proteins: 0,
      },
    });
    const result = apply(product, "2021");
    const data = result.nutriscore_data as Record<string, unknown>;
    expect(data).toMatchObject({
      saturated_fat_ratio: 15.2173913043478,
      saturated_fat_ratio_value: 15.2,
      saturated_fat_ratio_points: 1,
      fat: 92,
      saturated_fat: 14,
      fruits_vegetables_nuts_colza_walnut_olive_oils: 100,
      fruits_vegetables_nuts_colza_walnut_olive_oils_points: 5,
      negative_points: 11,
      is_fat: 1,
      grade: "c",
      score: 6,
    });
    expect(data).not.toHaveProperty("saturated_fat_value");
    expect(data).not.toHaveProperty("saturated_fat_points");
    expect(data).not.toHaveProperty("fat_value");
    expect(result.misc_tags).toContain("en:nutrition-fruits-vegetables-nuts-from-category-en-olive-oils");
  });
});

function expectNotScored(result: Product): void {
  const nutriscore = result.nutriscore as Record<string, Record<string, unknown>>;
  for (const version of ["2021", "2023"]) {
    expect(nutriscore[version]).not.toHaveProperty("score");
    expect(nutriscore[version].nutriscore_computed).toBe(0);
    expect(nutriscore[version].data).toBeTypeOf("object");
  }
  expect(result).not.toHaveProperty("nutriscore_score");
  expect(result).not.toHaveProperty("nutriscore_score_opposite");
  const nutriments = (result.nutriments ?? {}) as Record<string, unknown>;
  expect(Object.keys(nutriments).filter((k) => k.startsWith("nutrition-score-fr"))).toEqual([]);
}

describe("§2.10 not computed", () => {
  const fullNutrients = {
    energy: 1000,
    fat: 5,
    "saturated-fat": 2,
    sugars: 10,
    salt: 1,
    sodium: 0.4,
    fiber: 2,
    proteins: 5,
  };

  it("no category → unknown, en:nutriscore-missing-category", () => {
    const result = apply(makeProduct({ nutriments: fullNutrients }));
    expectNotScored(result);
    expect(result).not.toHaveProperty("nutriscore_data");
    expect(result).toMatchObject({
      nutrition_grades: "unknown",
      nutriscore_grade: "unknown",
      nutrition_grades_tags: ["unknown"],
      nutriscore_2021_tags: ["unknown"],
      nutriscore_2023_tags: ["unknown"],
      nutriscore: { "2021": { grade: "unknown", category_available: 0, nutriscore_applicable: 0 } },
    });
    expect(result.misc_tags).toEqual([
      "en:nutriscore-not-computed",
      "en:nutriscore-missing-category",
      ...ECOSCORE_AND_SCANS,
    ]);
  });

  it("exempted category → not-applicable, not_applicable_category, exemption nutriscore_data", () => {
    const result = apply(makeProduct({ categories: "beers", nutriments: fullNutrients }));
    expectNotScored(result);
    expect(result).toMatchObject({
      nutrition_grades: "not-applicable",
      nutriscore_grade: "not-applicable",
      nutrition_grades_tags: ["not-applicable"],
      nutriscore_2021_tags: ["not-applicable"],
      nutriscore_2023_tags: ["not-applicable"],
      nutriscore_data: { nutriscore_not_applicable_for_category: "en:alcoholic-beverages" },
    });
    const nutriscore = result.nutriscore as Record<string, Record<string, unknown>>;
    for (const version of ["2021", "2023"]) {
      expect(nutriscore[version]).toMatchObject({
        category_available: 1,
        nutriscore_applicable: 0,
        nutrients_available: 1,
        not_applicable_category: "en:alcoholic-beverages",
        grade: "not-applicable",
      });
    }
    expect(result.misc_tags).toEqual([
      "en:nutriscore-not-computed",
      "en:nutriscore-not-applicable",
      ...ECOSCORE_AND_SCANS,
    ]);
  });

  it("required nutrient missing: the sunflower oil example (sugars deduced, saturated fat missing)", () => {
    const result = apply(
      makeProduct({
        categories: "sunflower oils",
        nutriments: { energy: 3378, fat: 100, carbohydrates: 0, salt: 0, sodium: 0, fiber: 0, proteins: 0 },
      }),
    );
    expectNotScored(result);
    expect(result).not.toHaveProperty("nutriscore_data");
    expect(result.nutrition_grades).toBe("unknown");
    expect(result.misc_tags).toEqual([
      "en:nutriscore-not-computed",
      "en:nutrition-not-enough-data-to-compute-nutrition-score",
      "en:nutriscore-missing-nutrition-data",
      "en:nutriscore-missing-nutrition-data-saturated-fat",
      ...ECOSCORE_AND_SCANS,
    ]);
    // Not-computed data holds the raw inputs: sugars deduced 0, saturated fat null.
    const nutriscore = result.nutriscore as Record<string, { data: Record<string, unknown> }>;
    expect(nutriscore["2021"].data).toMatchObject({ sugars: 0, saturated_fat: null, is_fat: 1, fat: 100 });
    expect(nutriscore["2021"].data).not.toHaveProperty("energy_points");
    expect(nutriscore["2023"].data).toEqual({
      energy: 3378,
      sugars: 0,
      saturated_fat: null,
      salt: 0,
      fruits_vegetables_legumes: null,
      fiber: 0,
      proteins: 0,
      fat: 100,
      saturated_fat_ratio: 0,
      energy_from_saturated_fat: null,
      is_beverage: 0,
      is_water: 0,
      is_cheese: 0,
      is_fat_oil_nuts_seeds: 1,
      is_red_meat_product: 0,
    });
  });

  it("prepared category without prepared energy → unknown, en:nutriscore-missing-prepared-nutrition-data", () => {
    const result = apply(makeProduct({ categories: "cocoa and chocolate powders", nutriments: fullNutrients }));
    expectNotScored(result);
    expect(result.nutrition_grades).toBe("unknown");
    expect(result.nutriscore).toMatchObject({
      "2021": { nutrients_available: 0, preparation: "as_sold", grade: "unknown" },
    });
    expect(result.misc_tags).toEqual([
      "en:nutriscore-not-computed",
      "en:nutriscore-missing-prepared-nutrition-data",
      ...ECOSCORE_AND_SCANS,
    ]);
  });

  it("grade priority: missing category before exemption before missing nutrients", () => {
    expect(apply(makeProduct({ nutriments: { energy: 100 } })).nutrition_grades).toBe("unknown");
    expect(apply(makeProduct({ categories: "beers", nutriments: { energy: 100 } })).nutrition_grades).toBe(
      "not-applicable",
    );
  });
});

describe("transition: not computed, then computed after a write", () => {
  it("name + carbohydrates only → not-computed tags, no letter, no nutriscore_data", () => {
    const before = makeProduct({ nutriments: { carbohydrates: 12 } });
    const result = apply(before);
    expect(result.misc_tags).toEqual([
      "en:nutriscore-not-computed",
      "en:nutriscore-missing-category",
      "en:nutrition-not-enough-data-to-compute-nutrition-score",
      "en:nutriscore-missing-nutrition-data",
      "en:nutriscore-missing-nutrition-data-energy",
      "en:nutriscore-missing-nutrition-data-fat",
      "en:nutriscore-missing-nutrition-data-saturated-fat",
      "en:nutriscore-missing-nutrition-data-sugars",
      "en:nutriscore-missing-nutrition-data-sodium",
      "en:nutriscore-missing-nutrition-data-proteins",
      ...ECOSCORE_AND_SCANS,
    ]);
    expect(result.nutrition_grades).toBe("unknown");
    expect(["a", "b", "c", "d", "e"]).not.toContain(result.nutriscore_grade);
    expect(result).not.toHaveProperty("nutriscore_data");
    expect(result).not.toHaveProperty("nutriscore_score");

    // Second write: category + energy, sugars, fat, saturated fat, sodium, proteins.
    const after = apply({
      ...result,
      ...makeProduct({
        categories: "cookies",
        nutriments: {
          carbohydrates: 12,
          energy: 1800,
          sugars: 30,
          fat: 20,
          "saturated-fat": 8,
          sodium: 0.3,
          salt: 0.75,
          proteins: 6,
        },
      }),
      misc_tags: result.misc_tags,
    });
    expect(["a", "b", "c", "d", "e"]).toContain(after.nutrition_grades);
    const data = after.nutriscore_data as Record<string, unknown>;
    for (const nutrient of ["energy", "sugars", "saturated_fat", "sodium", "fiber", "proteins"]) {
      expect(data[nutrient], nutrient).toBeTypeOf("number");
      expect(data[`${nutrient}_value`], nutrient).toBeTypeOf("number");
      expect(data[`${nutrient}_points`], nutrient).toBeTypeOf("number");
    }
    expect(data).toMatchObject({ energy: 1800, energy_value: 1800, energy_points: 5, sodium: 300 });
    expect(data).not.toHaveProperty("components");
    const tags = after.misc_tags as string[];
    expect(tags[0]).toBe("en:nutriscore-computed");
    expect(tags).not.toContain("en:nutriscore-not-computed");
    expect(tags.filter((t) => t.includes("missing"))).toEqual([]);
    expect(tags).not.toContain("en:nutrition-not-enough-data-to-compute-nutrition-score");
  });
});

describe("§2.1 rebuild", () => {
  it("returns a new product; the input (and its nutriments and misc_tags) is untouched", () => {
    const input = orangeJuice();
    input.misc_tags = ["en:some-other-tag", "en:nutriscore-computed"];
    const snapshot = structuredClone(input);
    const result = apply(input);
    expect(input).toEqual(snapshot);
    expect(result).not.toBe(input);
    expect(result.nutriments).not.toBe(input.nutriments);
  });

  it("removes stale Nutri-Score fields before rebuilding", () => {
    const stale: Product = {
      ...makeProduct({ nutriments: { carbohydrates: 1 } }),
      nutriscore_score: 3,
      nutriscore_score_opposite: -3,
      nutriscore_data: { grade: "b" },
      nutrition_grade_fr: "b",
      nutrition_score_debug: "old",
      nutrition_score_warning_no_fiber: 1,
      nutrition_score_warning_fruits_vegetables_nuts_from_category: "en:fruits",
    };
    (stale.nutriments as Record<string, number>)["nutrition-score-fr"] = 3;
    (stale.nutriments as Record<string, number>)["nutrition-score-fr_100g"] = 3;
    const result = apply(stale);
    for (const key of [
      "nutriscore_score",
      "nutriscore_score_opposite",
      "nutriscore_data",
      "nutrition_score_debug",
      "nutrition_score_warning_no_fiber",
      "nutrition_score_warning_fruits_vegetables_nuts_from_category",
    ]) {
      expect(result, key).not.toHaveProperty(key);
    }
    expect(result.nutrition_grade_fr).toBe("unknown");
    expect(result.nutriments).toEqual({ carbohydrates: 1, carbohydrates_100g: 1 });
  });

  it("warning fields for scored products (fiber, fruit from category)", () => {
    const product = makeProduct({
      categories: "orange juices",
      nutriments: { energy: 182, fat: 0, "saturated-fat": 0, sugars: 8.9, salt: 0.5, sodium: 0.2, proteins: 0.2 },
    });
    expect(apply(product)).toMatchObject({
      nutrition_score_warning_no_fiber: 1,
      nutrition_score_warning_fruits_vegetables_nuts_from_category: "en:fruit-juices",
      nutrition_score_warning_fruits_vegetables_nuts_from_category_value: 100,
    });
  });

  it("spring water without nutrients is computed (grade a) and gets nutriments.nutrition-score-fr", () => {
    const result = apply(makeProduct({ categories: "spring water" }));
    expect(result).toMatchObject({
      nutrition_grades: "a",
      nutriscore_score: 0,
      nutriscore_2023_tags: ["a"],
      nutriments: { "nutrition-score-fr": 0, "nutrition-score-fr_100g": 0 },
    });
  });
});
