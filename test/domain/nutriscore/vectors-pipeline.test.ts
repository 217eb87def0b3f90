/**
 * NUTRITION.md §4 levels 2 and 3: every vector as a product built from `categories_input` with the
 * shipped taxonomy, through applyNutriScore; documented divergences are skipped with their reason and
 * their foodbase outcome is checked separately.
 */

import { describe, expect, it } from "vitest";
import { applyNutriScore, type NutriScoreVersion } from "../../../src/domain/nutriscore/index.js";
import { toStoredNumber } from "../../../src/domain/nutriscore/numbers.js";
import type { Product } from "../../../src/domain/product.js";
import { CREATED_NOW, categoriesTagsFor, taxonomies } from "./helpers.js";
import {
  type Component,
  DOCUMENTED_DIVERGENCES,
  entryOf,
  expectVectorOutcome,
  FLAGS_2021,
  FLAGS_2023,
  type NutriScoreVector,
  VECTORS,
} from "./vectors.js";

/** Ingredient estimates are not write parameters: the test stores them directly (§4.2). */
const NUTRIMENT_KEY = /^([a-z-]+?)(_prepared)?_100g$/;

/** The product a write of the record would store (values per 100 g; salt and sodium as given). */
function productOf(vector: NutriScoreVector): Product {
  const lc = vector.id.startsWith("fr-") ? "fr" : "en";
  const nutriments: Record<string, number> = {};
  for (const [key, value] of Object.entries(vector.nutriments ?? {})) {
    const match = NUTRIMENT_KEY.exec(key);
    if (match === null) continue; // e.g. "fiber_100g (estimated from ingredients)": not a stored key
    nutriments[`${match[1]}${match[2] ?? ""}`] = value;
    nutriments[key] = value;
  }
  const categories = vector.categories_input ?? "";
  return {
    code: "0000000000017",
    lc,
    created_t: CREATED_NOW,
    categories,
    categories_lc: lc,
    categories_tags: categoriesTagsFor(lc, categories),
    nutriments,
  };
}

const apply = (product: Product, headlineVersion: NutriScoreVersion = "2021") =>
  applyNutriScore(product, { taxonomies: taxonomies(), headlineVersion });

const pipelineVectors = VECTORS.filter((v) => v.expected.function === undefined);

describe("Nutri-Score vectors through the pipeline (NUTRITION.md §4.2)", () => {
  it("covers every record except the grade-function one", () => {
    expect(pipelineVectors.length).toBe(40);
  });

  for (const vector of pipelineVectors) {
    const reason = DOCUMENTED_DIVERGENCES[vector.id];
    // Documented divergences are asserted by their own tests (pipeline.test.ts), not skipped here.
    if (reason !== undefined) continue;
    it(vector.id, () => {
      expectVectorOutcome(apply(productOf(vector), vector.expected.version), vector);
    });
  }
});

describe("documented divergences: what foodbase gives instead (NUTRITION.md §4.2)", () => {
  const byId = (id: string) => VECTORS.find((v) => v.id === id) as NutriScoreVector;

  it("en-olive-oil--2023: no category override property → score 7, grade c", () => {
    const entry = entryOf(apply(productOf(byId("en-olive-oil--2023"))), "2023");
    expect(entry.grade).toBe("c");
    expect(entry.score).toBe(7);
  });

  it("cookies-with-only-prepared-nutrition-data: as-sold values missing → unknown in both versions", () => {
    const result = apply(productOf(byId("cookies-with-only-prepared-nutrition-data--2021")));
    expect(entryOf(result, "2021").grade).toBe("unknown");
    expect(entryOf(result, "2023").grade).toBe("unknown");
    expect(result.misc_tags).toContain("en:nutriscore-missing-nutrition-data");
  });

  it("dairy-drink-with-80-percent-milk--2021: no milk share → a beverage like the milk-free dairy drink", () => {
    const milkFree = byId("dairy-drinks-without-milk--2021").expected;
    const entry = entryOf(apply(productOf(byId("dairy-drink-with-80-percent-milk--2021"))), "2021");
    expect(entry.data.is_beverage).toBe(1);
    expect(entry.score).toBe(milkFree.score);
    expect(entry.grade).toBe(milkFree.grade);
  });

  it("en-sweeteners--2023: sweetener count undefined → 0 points (negative 4 − positive 4 = 0, beverage b)", () => {
    const entry = entryOf(apply(productOf(byId("en-sweeteners--2023"))), "2023");
    expect(entry.score).toBe(0);
    expect(entry.grade).toBe("b");
  });
});

describe("field shapes for both headline settings (NUTRITION.md §4.3)", () => {
  const computed = pipelineVectors.filter(
    (v) => typeof v.expected.score === "number" && DOCUMENTED_DIVERGENCES[v.id] === undefined,
  );
  const fixtures = [...new Map(computed.map((v) => [v.fixture_id, v])).values()];

  for (const vector of fixtures) {
    it(`${vector.fixture_id}: headline 2021 is flat, headline 2023 has components`, () => {
      const product = productOf(vector);
      const flat = apply(product, "2021");
      const flatData = flat.nutriscore_data as Record<string, unknown>;
      const satFat = flatData.is_fat === 1 ? "saturated_fat_ratio" : "saturated_fat";
      for (const n of ["energy", "sugars", satFat, "sodium", "fruits_vegetables_nuts_colza_walnut_olive_oils"]) {
        expect(flatData, n).toHaveProperty(n);
        expect(flatData[`${n}_value`], n).toBeTypeOf("number");
        expect(Number.isInteger(flatData[`${n}_points`]), n).toBe(true);
      }
      for (const n of ["fiber", "proteins"]) expect(Number.isInteger(flatData[`${n}_points`]), n).toBe(true);
      for (const flag of FLAGS_2021) expect([0, 1]).toContain(flatData[flag]);
      expect(flatData).toMatchObject({ grade: flat.nutriscore_grade, score: flat.nutriscore_score });
      expect(Number.isInteger(flatData.negative_points)).toBe(true);
      expect(Number.isInteger(flatData.positive_points)).toBe(true);
      expect(flat.nutriscore_version).toBe("2021");

      const components = apply(product, "2023");
      const data = components.nutriscore_data as Record<string, unknown>;
      expect(components.nutriscore_version).toBe("2023");
      expect(data).toMatchObject({ grade: components.nutriscore_grade, score: components.nutriscore_score });
      for (const key of ["count_proteins", "negative_points", "negative_points_max", "positive_points"]) {
        expect(Number.isInteger(data[key]), key).toBe(true);
      }
      expect(Number.isInteger(data.positive_points_max)).toBe(true);
      expect(data.count_proteins_reason).toBeTypeOf("string");
      for (const flag of FLAGS_2023) expect([0, 1]).toContain(data[flag]);
      const { negative, positive } = data.components as { negative: Component[]; positive: Component[] };
      expect(data.positive_nutrients).toEqual(positive.map((c) => c.id));
      for (const c of [...negative, ...positive]) {
        expect(Object.keys(c).sort()).toEqual(["id", "points", "points_max", "unit", "value"]);
        expect(c.value === null || typeof c.value === "number").toBe(true);
      }
      for (const raw of ["energy", "sugars", "salt", "fiber", "proteins", "energy_points", "fat"]) {
        expect(data, raw).not.toHaveProperty(raw);
      }
      for (const product of [flat, components]) {
        expect(product.nutrition_grades_tags).toEqual([product.nutrition_grades]);
        expect(product.nutriscore_score_opposite).toBe(-(product.nutriscore_score as number));
      }
    });
  }
});
