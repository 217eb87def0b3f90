/**
 * The enrichment pipeline: everything foodbase derives from a product's own data, as one pure
 * function called by writes and imports alike (reads never recompute it).
 *   tag texts → canonical tags → _keywords, languages_codes → Nutri-Score → misc_tags
 */
import type { NutriScoreVersion } from "../config.js";
import { computeKeywords } from "./keywords.js";
import { applyNutriScore, type IngredientEstimates } from "./nutriscore/index.js";
import type { Product } from "./product.js";
import { computeTagFields } from "./tags.js";
import type { Taxonomies } from "./taxonomy/types.js";

export interface EnrichmentContext {
  taxonomies: Taxonomies;
  nutriscoreHeadlineVersion: NutriScoreVersion;
}

const LANGUAGE_FIELD_KEY = /^(product_name|generic_name|ingredients_text)_([a-z]{2})$/;

/** `{"<xx>": number of non-empty language fields in xx}` (API.md §4.3). */
export function computeLanguagesCodes(product: Product): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(product)) {
    const m = LANGUAGE_FIELD_KEY.exec(key);
    if (m && typeof value === "string" && value.trim() !== "") {
      const lc = m[2] as string;
      counts[lc] = (counts[lc] ?? 0) + 1;
    }
  }
  return counts;
}

/**
 * Ingredient-derived Nutri-Score inputs the product carries (NUTRITION.md §0.4): OFF's count of
 * non-nutritive sweeteners, kept by imports; the fruit estimates are read with the nutrition.
 */
export function ingredientEstimatesOf(product: Product): IngredientEstimates {
  const sweeteners = product.ingredients_non_nutritive_sweeteners_n;
  return typeof sweeteners === "number" && Number.isFinite(sweeteners) ? { nonNutritiveSweeteners: sweeteners } : {};
}

export function enrichProduct(product: Product, ctx: EnrichmentContext): Product {
  const tagged: Product = { ...product, ...computeTagFields(product, ctx.taxonomies) };
  tagged._keywords = computeKeywords(tagged, ctx.taxonomies);
  tagged.languages_codes = computeLanguagesCodes(tagged);
  return applyNutriScore(tagged, {
    taxonomies: ctx.taxonomies,
    headlineVersion: ctx.nutriscoreHeadlineVersion,
    ingredientEstimates: ingredientEstimatesOf(tagged),
  });
}
