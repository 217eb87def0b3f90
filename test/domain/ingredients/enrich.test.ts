/** The ingredients analysis as a step of the enrichment: when it runs, what it keeps, what it feeds. */
import { describe, expect, it } from "vitest";
import { enrichProduct } from "../../../src/domain/enrich.js";
import { ingredientEstimateNutriments, ingredientsAnalysisNeeded } from "../../../src/domain/ingredients/index.js";
import { taxonomies } from "./helpers.js";

const ctx = { taxonomies, nutriscoreHeadlineVersion: "2021" as const };

describe("ingredientsAnalysisNeeded", () => {
  const stored = { lc: "en", ingredients_text_en: "sugar", categories: "Sodas", product_name: "A" };
  it("runs for a new product and for a change of what it reads", () => {
    expect(ingredientsAnalysisNeeded(stored, undefined)).toBe(true);
    for (const change of [
      { ingredients_text_en: "salt" },
      { ingredients_text_fr: "sel" },
      { lang: "fr" },
      { lc: "fr" },
      { categories: "Waters" },
      { labels: "Organic" },
      { allergens: "milk" },
      { traces: "nuts" },
    ]) {
      expect(ingredientsAnalysisNeeded({ ...stored, ...change }, stored), JSON.stringify(change)).toBe(true);
    }
  });

  it("does not run for other changes, nor for the unsuffixed copy a write makes of the list", () => {
    expect(ingredientsAnalysisNeeded({ ...stored, product_name: "B" }, stored)).toBe(false);
    expect(ingredientsAnalysisNeeded({ ...stored, ingredients_text: "sugar" }, stored)).toBe(false);
  });

  it("the unsuffixed list counts when there is no language list", () => {
    expect(
      ingredientsAnalysisNeeded({ lc: "en", ingredients_text: "salt" }, { lc: "en", ingredients_text: "sugar" }),
    ).toBe(true);
  });
});

describe("enrichProduct with the ingredients analysis", () => {
  it("feeds the non-nutritive sweetener count to the Nutri-Score 2023 (beverages)", () => {
    const product = enrichProduct(
      {
        lc: "en",
        categories: "Sodas",
        ingredients_text_en: "apple juice, water, sugar, aspartame",
        nutriments: {
          "energy-kj_100g": 82,
          sugars_100g: 4.5,
          "saturated-fat_100g": 0,
          salt_100g: 0.025,
          proteins_100g: 0,
        },
      },
      ctx,
    );
    expect(product.ingredients_non_nutritive_sweeteners_n).toBe(1);
    const nutriscore = product.nutriscore as Record<string, { data: Record<string, unknown> }>;
    expect(nutriscore["2023"]?.data.non_nutritive_sweeteners).toBe(1);
  });

  it("keeps a stored analysis (an import's) when a write does not touch what it reads", () => {
    const imported = {
      lc: "en",
      ingredients_text_en: "sugar, water",
      ingredients: [{ id: "en:sugar", text: "sugar", percent_estimate: 100 }],
      additives_tags: ["en:e999"],
      allergens: "celery",
      allergens_tags: ["en:celery"],
      nova_group: 2,
    };
    const edited = enrichProduct({ ...imported, product_name: "Renamed" }, ctx, imported);
    expect(edited.additives_tags).toEqual(["en:e999"]);
    expect(edited.allergens_tags).toEqual(["en:celery"]);
    expect(edited.nova_group).toBe(2);
  });

  it("replaces every field it owns when it runs again", () => {
    const first = enrichProduct({ lc: "en", ingredients_text_en: "milk, E330" }, ctx);
    expect(first.additives_tags).toEqual(["en:e330"]);
    const second = enrichProduct({ ...first, ingredients_text_en: "water" }, ctx, first);
    expect(second.additives_tags).toEqual([]);
    expect(second.allergens_tags).toEqual([]);
    expect(second.ingredients_text_with_allergens_en).toBe("water");
  });

  it("ingredientEstimateNutriments gives OFF's 2024 nutriments keys for the lead to store", () => {
    expect(ingredientEstimateNutriments({ fruitsVegetablesNuts: 50, fruitsVegetablesLegumes: 40 })).toEqual({
      "fruits-vegetables-nuts-estimate-from-ingredients_100g": 50,
      "fruits-vegetables-nuts-estimate-from-ingredients_serving": 50,
      "fruits-vegetables-legumes-estimate-from-ingredients_100g": 40,
      "fruits-vegetables-legumes-estimate-from-ingredients_serving": 40,
    });
  });
});
